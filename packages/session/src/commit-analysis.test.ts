import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Document } from '@rag/core'
import type { SqliteKnowledgeBase } from '@rag/store-sqlite'
import { describe, expect, inject, it } from 'vitest'
import { trainStaticEmbeddings, type AnalysedTexts } from '@rag/vector'
import { analyseOnThread, commitTerms, THREAD_ANALYSIS_MIN_DOCUMENTS } from './commit-analysis.js'
import { openRag, storeOptions } from './create-rag.js'
import { createGenerationStateStore } from './generation-store.js'
import { RagService } from './rag-service.js'
import { resolveRetrieval, type AnalyzerName } from './retrieval-presets.js'
import { StaticTrainer } from './static-trainer.js'
import { useTempSqliteStores } from './testing/temp-sqlite-stores.js'
import { analysedDocuments } from './threaded-rebuild.js'

const settings = resolveRetrieval('recommended')
const { analyzer, indexedText } = storeOptions(settings)
const WORKER = new URL(inject('trainingWorker'))
const init = { analyzer, indexedText, trainingWorker: WORKER }
/** Small requests, so that a test commit spans many of them. */
const SMALL = { firstChars: 2_000, chars: 20_000 }

/** Code chunks with identifiers to split, words to stem and non-ASCII text. */
function chunks(count: number): Document[] {
  return Array.from({ length: count }, (_, i) => {
    const name = `parseHttpHeader${i % 97}`
    const content = `export function ${name}(raw: string): Headers {\n  // Überprüft die Zeilen ${i}: splitting lines, caching results\n  return new Headers(raw.split('\\r\\n').map((line) => line.trim()))\n}\n`
    return { id: `src/h${i}.ts#0`, content, metadata: { file: `src/h${i}.ts`, symbol: name } }
  })
}

/** The real worker behind a script that logs each request; `analysed()` sums the texts of its analysis requests (and fails on another kind). */
async function countingWorker(dir: string): Promise<{ url: URL; analysed(): Promise<number> }> {
  const log = join(dir, 'requests.log')
  const script = join(dir, 'counting-worker.mjs')
  await writeFile(
    script,
    [
      "import { appendFileSync } from 'node:fs'",
      "import { parentPort } from 'node:worker_threads'",
      // A static import: the worker listens before any request is dispatched.
      `import ${JSON.stringify(WORKER.href)}`,
      `parentPort.on('message', (request) => appendFileSync(${JSON.stringify(log)}, request.kind + ' ' + request.texts.length + '\\n'))`,
    ].join('\n'),
  )
  return {
    url: pathToFileURL(script),
    async analysed() {
      const requests = (await readFile(log, 'utf8')).trim().split('\n').map((line) => line.split(' '))
      expect(requests.every(([kind]) => kind === 'analyse')).toBe(true)
      return requests.reduce((sum, [, texts]) => sum + Number(texts), 0)
    },
  }
}

describe('a commit analysed on the worker thread', () => {
  const stores = useTempSqliteStores('rag-commit-analysis-', settings)
  const store = (name: string): Promise<SqliteKnowledgeBase> => stores.store(name)

  it('gives every document the terms the store would analyse, across many requests, read in any order', () => {
    const docs = chunks(1_500)
    const analysis = analyseOnThread(init, docs, SMALL)!
    const { joinedTerms } = analysis.analyzed
    const expected = (doc: Document): string => analyzer.analyze(indexedText.text(doc)).join(' ')
    for (const doc of docs) expect(joinedTerms!(doc)).toBe(expected(doc))
    // Back to the start, and a document of no request.
    expect(joinedTerms!(docs[3]!)).toBe(expected(docs[3]!))
    expect(joinedTerms!(chunks(1)[0]!)).toBeUndefined()
    analysis.cancel()
  })

  it('commits the same index as the store analysing by itself', async () => {
    const docs = chunks(1_200)
    const own = await store('own')
    await own.commitGeneration({ addDocuments: docs })
    const threaded = await store('threaded')
    const analysis = analyseOnThread(init, docs, SMALL)!
    await threaded.commitGeneration({ addDocuments: docs, analyzed: analysis.analyzed })
    for (const query of ['parse http header', 'caching results', 'überprüft zeilen', 'parseHttpHeader42']) {
      const hits = async (kb: SqliteKnowledgeBase) => (await kb.search(query, 20)).map((hit) => [hit.document.id, hit.score])
      expect(await hits(threaded)).toEqual(await hits(own))
      expect(await threaded.searchTfidf(query, 20)).toEqual(await own.searchTfidf(query, 20))
    }
  })

  it('leaves the rest to the store once cancelled', async () => {
    const docs = chunks(1_200)
    const analysis = analyseOnThread(init, docs, SMALL)!
    expect(analysis.analyzed.joinedTerms!(docs[0]!)).toBeDefined()
    analysis.cancel()
    expect(analysis.analyzed.joinedTerms!(docs[1_100]!)).toBeUndefined()
    const kb = await store('cancelled')
    await kb.commitGeneration({ addDocuments: docs, analyzed: analysis.analyzed })
    expect((await kb.search('parseHttpHeader5', 3))[0]?.document.id).toBe('src/h5.ts#0')
    expect(await kb.size()).toBe(1_200)
  })

  it('is not used for a small commit, without a worker script, or for an analyzer the thread cannot rebuild', () => {
    expect(analyseOnThread(init, chunks(THREAD_ANALYSIS_MIN_DOCUMENTS - 1))).toBeUndefined()
    expect(analyseOnThread({ ...init, trainingWorker: false }, chunks(THREAD_ANALYSIS_MIN_DOCUMENTS))).toBeUndefined()
    const lookalike = { name: analyzer.name, analyze: (text: string) => analyzer.analyze(text), analyzeQuery: (text: string) => analyzer.analyzeQuery(text) }
    expect(analyseOnThread({ ...init, analyzer: lookalike }, chunks(THREAD_ANALYSIS_MIN_DOCUMENTS))).toBeUndefined()
    const analysis = analyseOnThread(init, chunks(THREAD_ANALYSIS_MIN_DOCUMENTS))
    expect(analysis).toBeDefined()
    analysis!.cancel()
  })

  it('indexes a directory into the same store as a session that analyses on the calling thread', async () => {
    const root = join(stores.dir(), 'repo')
    await mkdir(join(root, 'src'), { recursive: true })
    for (const [i, doc] of chunks(THREAD_ANALYSIS_MIN_DOCUMENTS + 50).entries()) await writeFile(join(root, 'src', `h${i}.ts`), doc.content)
    const own = await store('own')
    await openRag(own).indexDirectory(root)
    const threaded = await store('threaded')
    const counting = await countingWorker(stores.dir())
    const session = new RagService({ knowledgeBase: threaded, stateStore: createGenerationStateStore(threaded), bm25: false, commitAnalysis: { ...init, trainingWorker: counting.url } })
    const report = await session.indexDirectory(root)
    // Every chunk was analysed on the thread.
    expect(await counting.analysed()).toBe(report.stats.chunks)
    expect(report.stats.chunks).toBeGreaterThanOrEqual(THREAD_ANALYSIS_MIN_DOCUMENTS)
    expect(await threaded.size()).toBe(await own.size())
    for (const query of ['parse http header', 'splitting lines', 'parseHttpHeader7']) {
      const hits = async (kb: SqliteKnowledgeBase) => (await kb.search(query, 10)).map((hit) => [hit.document.id, hit.score])
      expect(await hits(threaded)).toEqual(await hits(own))
    }
  })

  it('stops an analysis thread once it has been idle, and starts another for the next request', async () => {
    const trainer = new StaticTrainer(WORKER, 100)
    trainer.warm()
    const first = trainer.analyse(['parse the header', 'split the lines'], 'code-aware')
    // Open requests keep it running past the idle time.
    await new Promise((resolve) => setTimeout(resolve, 250))
    expect(trainer.running).toBe(true)
    expect(first.joined(1)).toBe(analyzer.analyze('split the lines').join(' '))
    expect(trainer.running).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 250))
    expect(trainer.running).toBe(false)
    expect(trainer.analyse(['parse the header'], 'code-aware').joined(0)).toBe(analyzer.analyze('parse the header').join(' '))
    expect(trainer.running).toBe(true)
  })

  it("leaves a static training's sample to the terms it analysed and analyses the rest on the thread", async () => {
    const docs = chunks(2_500)
    let analysed: AnalysedTexts | undefined
    await trainStaticEmbeddings(
      docs.map((doc) => indexedText.text(doc)),
      { analyzer, dimensions: 16, maxTrainingChars: 100_000, onAnalysed: (texts) => (analysed = texts) },
    )
    const trained = analysedDocuments(analysed!, { analyzer, indexedText, corpus: docs, addDocuments: docs })
    const rest = docs.filter((doc) => !trained.covers(doc)).length
    expect(rest).toBeGreaterThanOrEqual(THREAD_ANALYSIS_MIN_DOCUMENTS)
    expect(rest).toBeLessThan(docs.length)
    const counting = await countingWorker(stores.dir())
    const { analyzed, cancel } = commitTerms({ ...init, trainingWorker: counting.url }, docs, trained)
    const kb = await store('sampled')
    await kb.commitGeneration({ addDocuments: docs, analyzed: analyzed! })
    cancel()
    expect(await counting.analysed()).toBe(rest)
    const own = await store('own')
    await own.commitGeneration({ addDocuments: docs })
    for (const query of ['parse http header', 'parseHttpHeader12', 'caching results']) {
      const hits = async (db: SqliteKnowledgeBase) => (await db.search(query, 20)).map((hit) => [hit.document.id, hit.score])
      expect(await hits(kb)).toEqual(await hits(own))
    }
    // Without a thread, the training's terms go to the store as they are.
    expect(commitTerms(undefined, docs, trained).analyzed).toBe(trained)
  })

  it('answers undefined when the thread fails, so the store analyses', () => {
    const pending = new StaticTrainer(WORKER).analyse(['parse the header'], 'no-such-analyzer' as AnalyzerName)
    expect(pending.joined(0)).toBeUndefined()
  })
})
