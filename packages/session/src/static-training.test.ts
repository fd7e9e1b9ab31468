import { execFile } from 'node:child_process'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { CancelledError, RagError, type Document } from '@rag/core'
import { InMemoryKnowledgeBase } from '@rag/kb-tfidf'
import type { SqliteKnowledgeBase } from '@rag/store-sqlite'
import { trainStaticEmbeddings } from '@rag/vector'
import { describe, expect, inject, it } from 'vitest'
import { storeOptions } from './create-rag.js'
import { resolveRetrieval } from './retrieval-presets.js'
import { SessionVectors } from './session-vectors.js'
import { StaticTrainer } from './static-trainer.js'
import { useTempSqliteStores } from './testing/temp-sqlite-stores.js'

const settings = resolveRetrieval('recommended')
const { analyzer, indexedText } = storeOptions(settings)
const WORKER = new URL(inject('trainingWorker'))

const TOPICS = ['invoice ledger money total', 'refund payment card charge', 'parse flags argument option', 'open socket pool connection', 'render template html escape']

/** Chunks of five topics, each word in many chunks, so the model has a vocabulary to learn. */
function corpus(count: number): Document[] {
  return Array.from({ length: count }, (_, i) => {
    const topic = TOPICS[i % TOPICS.length]!
    const name = `${topic.split(' ')[0]}Step${i}`
    const content = `export function ${name}(input: string): string {\n  // ${topic} ${TOPICS[(i * 3) % TOPICS.length]}\n  return input + '${topic}'\n}\n`
    return { id: `src/${name}.ts#0`, content, metadata: { file: `src/${name}.ts`, symbol: name } }
  })
}

/** A stand-in for the training worker (protocol of `static-training-protocol.ts`) that answers every request, after `delayMs`, with a failure. */
async function failingWorker(dir: string, message: string, delayMs: number): Promise<URL> {
  const path = join(dir, `failing-worker-${delayMs}.mjs`)
  const outcome = { kind: 'outcome', outcome: { ok: false, cancelled: false, message } }
  const answer = [
    'const state = new Int32Array(request.state)',
    `request.port.postMessage(${JSON.stringify(outcome)})`,
    'Atomics.store(state, 0, 2)',
    'Atomics.notify(state, 0)',
    'Atomics.add(state, 2, 1)',
    'Atomics.notify(state, 2)',
  ]
  await writeFile(path, ["import { parentPort } from 'node:worker_threads'", `parentPort.on('message', (request) => setTimeout(() => { ${answer.join('; ')} }, ${delayMs}))`].join('\n'))
  return pathToFileURL(path)
}

describe('a static model trained on a worker thread', () => {
  const stores = useTempSqliteStores('rag-training-thread-', settings)
  const store = (name: string): Promise<SqliteKnowledgeBase> => stores.store(name)

  function vectorsOf(kb: SqliteKnowledgeBase, trainingWorker: URL | false): SessionVectors {
    return new SessionVectors({ spec: { kind: 'static' }, analyzer, indexedText, knowledgeBase: kb, persistence: kb, trainingWorker })
  }

  it('commits, in the chunks transaction, exactly the model and vectors that training on the calling thread commits', async () => {
    const docs = corpus(60)
    const results = []
    for (const trainingWorker of [WORKER, false] as const) {
      const kb = await store(trainingWorker === false ? 'calling' : 'worker')
      const staged = (await vectorsOf(kb, trainingWorker).stage([], docs))!
      // On the thread, the commit is deferred; the store indexes the terms the thread analysed first.
      expect(typeof staged.commit).toBe(trainingWorker === false ? 'object' : 'function')
      for (const doc of docs) expect(staged.analyzed?.terms(doc)).toEqual(analyzer.analyze(indexedText.text(doc)))
      await kb.commitGeneration({ addDocuments: docs, ...(staged.commit ? { vectors: staged.commit } : {}), ...(staged.analyzed ? { analyzed: staged.analyzed } : {}) })
      await staged.apply()
      const embedder = await kb.loadVectorEmbedder()
      results.push({ report: staged.report, embedder, vectors: await kb.loadVectors(embedder!.name), found: await kb.search('refund the card payment', 5) })
    }
    const [threaded, calling] = results
    expect(threaded!.report).toEqual({ ...calling!.report })
    expect(threaded!.report).toMatchObject({ embedded: 60, rebuilt: 'trained a static model on the indexed corpus' })
    expect(threaded!.embedder).toEqual(calling!.embedder)
    expect(threaded!.vectors).toEqual(calling!.vectors)
    expect(threaded!.found).toEqual(calling!.found)
  })

  it('throws CancelledError for a request cancelled after its model came in but before it was taken', async () => {
    const training = new StaticTrainer(WORKER).train(corpus(40).map((doc) => doc.content), settings.analyzer, 32)
    await training.analysed()
    // Forty short texts train in milliseconds; reading the analysis again then reads the model the thread posted.
    await new Promise((resolve) => setTimeout(resolve, 1000))
    await training.analysed()
    training.cancel()
    expect(() => training.wait()).toThrow(CancelledError)
  })

  it('commits nothing when the run is cancelled while the model trains', async () => {
    const kb = await store('cancelled')
    const controller = new AbortController()
    const staged = (await vectorsOf(kb, WORKER).stage([], corpus(40), { signal: controller.signal }))!
    controller.abort()
    await expect(kb.commitGeneration({ addDocuments: corpus(40), vectors: staged.commit! })).rejects.toBeInstanceOf(CancelledError)
    expect(await kb.size()).toBe(0)
    expect(await kb.loadVectorEmbedder()).toBeUndefined()
    // The thread dropped that request and serves the next one.
    const again = (await vectorsOf(kb, WORKER).stage([], corpus(40)))!
    await kb.commitGeneration({ addDocuments: corpus(40), vectors: again.commit! })
    expect(await kb.loadVectorEmbedder()).toMatchObject({ vectorCount: 40 })
  })

  it("rolls the commit back with one line when training fails on the thread, and the session's stream keeps its vectors", async () => {
    const failing = await failingWorker(stores.dir(), 'the analyzer ran out of memory', 0)
    const kb = await store('failing')
    await kb.add(corpus(3))
    const vectors = vectorsOf(kb, failing)
    const staged = (await vectors.stage([], corpus(20)))!
    const commit = kb.commitGeneration({ addDocuments: corpus(20).slice(3), vectors: staged.commit! })
    await expect(commit).rejects.toThrow(new RagError('INTERNAL', 'Training the static model failed on its thread: the analyzer ran out of memory'))
    staged.undo()
    expect(await kb.size()).toBe(3)
    expect(await vectors.status()).toMatchObject({ embedded: 0 })
  })

  it('without a store, waits for the thread without blocking and swaps in what the calling thread would', async () => {
    const docs = corpus(50)
    const hits = []
    for (const trainingWorker of [WORKER, false] as const) {
      const kb = new InMemoryKnowledgeBase({ analyzer, indexedText })
      await kb.replaceDocuments([], docs)
      const vectors = new SessionVectors({ spec: { kind: 'static' }, analyzer, indexedText, knowledgeBase: kb, trainingWorker })
      const staged = (await vectors.stage([], docs))!
      expect(staged.commit).toBeUndefined()
      await staged.apply()
      hits.push(await vectors.stream.search('parse the option flags', 5))
    }
    expect(hits[0]!.length).toBeGreaterThan(0)
    expect(hits[0]).toEqual(hits[1])
  })

  it('shares the SVD\'s row kernels with the thread that waits, and the model is the one a single thread trains', async () => {
    // Real code, enough of it that every kernel is offered in blocks: this package's own sources.
    const sources = await readdir(new URL('./', import.meta.url))
    const texts = await Promise.all(sources.filter((name) => name.endsWith('.ts')).map((name) => readFile(new URL(name, import.meta.url), 'utf8')))
    const pending = new StaticTrainer(WORKER).train(texts, settings.analyzer, 64)
    const threaded = pending.wait()
    expect(pending.helpedBlocks).toBeGreaterThan(0)
    const alone = await trainStaticEmbeddings(texts, { analyzer, dimensions: 64 })
    expect(threaded.model.id).toBe(alone.model.id)
    expect(threaded.model.vectors).toEqual(alone.model.vectors)
    expect(threaded.vectors).toEqual(alone.vectors)
  })

  it('trains on the calling thread when the analyzer is not a named one (the worker could not rebuild it)', async () => {
    const kb = await store('custom')
    const custom = { ...analyzer }
    const vectors = new SessionVectors({ spec: { kind: 'static' }, analyzer: custom, indexedText, knowledgeBase: kb, persistence: kb, trainingWorker: WORKER })
    const staged = (await vectors.stage([], corpus(20)))!
    expect(typeof staged.commit).toBe('object')
    expect(staged.analyzed?.analyzer).toBe(custom)
  })

  it('keeps the process alive while it waits for the thread without blocking', async () => {
    // A thread that answers only after 300 ms, in a process with nothing else to do meanwhile.
    const slow = await failingWorker(stores.dir(), 'answered late', 300)
    // The built package, as a user's program imports it.
    const built = pathToFileURL(fileURLToPath(new URL('../dist/index.js', import.meta.url))).href
    const script = join(stores.dir(), 'stage-static.mjs')
    await writeFile(
      script,
      [
        `import { ANALYZERS, INDEXED_TEXTS, SessionVectors } from ${JSON.stringify(built)}`,
        "const knowledgeBase = { list: async () => [], get: async () => undefined }",
        `const vectors = new SessionVectors({ spec: { kind: 'static' }, analyzer: ANALYZERS['code-aware'], indexedText: INDEXED_TEXTS['path+symbol'], knowledgeBase, trainingWorker: new URL(${JSON.stringify(slow.href)}) })`,
        "await vectors.stage([], [{ id: 'a#0', content: 'open the pool', metadata: {} }]).catch((error) => console.log(error.message))",
      ].join('\n'),
    )
    const { stdout } = await promisify(execFile)(process.execPath, [script])
    expect(stdout.trim()).toBe('Training the static model failed on its thread: answered late')
  })
})
