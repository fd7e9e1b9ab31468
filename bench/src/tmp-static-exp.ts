import { codeAwareAnalyzer } from '@rag/bm25'
import { pathAndSymbolText } from '@rag/core'
import { trainStaticModel, createStaticEmbedder } from '@rag/vector'
import { loadPythonCorpus } from './corpus/python-corpus.js'
import { chunkCorpus } from './eval/chunked-corpus.js'

const corpus = loadPythonCorpus()
const chunked = await chunkCorpus(corpus, 2000)
const texts = chunked.chunks.map((c) => pathAndSymbolText.text(c))
const chars = texts.reduce((s, t) => s + t.length, 0)
console.log('chunks', texts.length, 'chars', chars)
for (const opts of [{}]) {
  const t0 = performance.now()
  const model = await trainStaticModel(texts, { analyzer: codeAwareAnalyzer, ...opts })
  const t1 = performance.now()
  const embedder = createStaticEmbedder(model, { analyzer: codeAwareAnalyzer })
  const vectors = await embedder.embed(texts)
  const t2 = performance.now()
  console.log(JSON.stringify(opts), 'vocab', model.terms.length, 'train ms', (t1 - t0).toFixed(0), 'embed ms', (t2 - t1).toFixed(0), 'MB/s', (chars / 1e6 / ((t2 - t0) / 1000)).toFixed(2), vectors.length, 'unknownShare', model.unknownShare.toFixed(3))
}
