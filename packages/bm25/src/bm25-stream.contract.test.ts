import { describeStreamContract } from '@rag/test-utils'
import { BM25Stream } from './bm25-stream.js'
import { codeAwareAnalyzer } from './code-aware-analyzer.js'

describeStreamContract('BM25Stream', async (documents) => {
  const stream = new BM25Stream()
  await stream.replaceDocuments([], documents)
  return stream
})

describeStreamContract('BM25Stream with the code-aware analyzer', async (documents) => {
  const stream = new BM25Stream({ analyzer: codeAwareAnalyzer })
  await stream.add(documents)
  return stream
})
