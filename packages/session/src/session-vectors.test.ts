import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Embedder, EmbedOptions } from '@rag/core'
import { openSqliteKnowledgeBase, type SqliteKnowledgeBase } from '@rag/store-sqlite'
import { CancelledError } from '@rag/core'
import { startEmbeddingServer } from '@rag/test-utils'
import { createHashEmbedder } from '@rag/vector'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createRag, openRag, storeOptions } from './create-rag.js'
import type { EmbedderKind, EmbedderSpec } from './embedder-spec.js'
import type { StoredEmbedderRecord } from './vector-persistence.js'
import type { RagService } from './rag-service.js'
import { ANALYZERS, INDEXED_TEXTS, resolveRetrieval } from './retrieval-presets.js'
import { SessionVectors } from './session-vectors.js'
import { createTempRepo, SAMPLE_FILES, type TempRepo } from './testing/temp-repo.js'

const settings = resolveRetrieval('recommended')

/** A real hash embedder that records every document text it is asked to embed. */
function countingEmbedder(dimensions = 256): Embedder & { readonly documents: string[] } {
  const inner = createHashEmbedder({ analyzer: ANALYZERS['code-aware'], dimensions })
  const documents: string[] = []
  return {
    name: inner.name,
    dimensions: inner.dimensions,
    documents,
    embed(texts: readonly string[], options: EmbedOptions = {}) {
      if (options.inputType !== 'query') documents.push(...texts)
      return inner.embed(texts, options)
    },
  }
}

/** A function of its own, long enough to be a chunk of its own. */
function fn(name: string, words: string): string {
  return [`/** ${name}: ${words}. */`, `export function ${name}(input: string): string {`, `  const text = input.trim() // ${words}`, `  return text + ${JSON.stringify(words)}`, '}', ''].join('\n')
}

const BILLING = ['computeInvoiceTotal', 'applyDiscountCode', 'refundPayment', 'chargeCreditCard'].map((name, i) => fn(name, `billing step ${i} ledger money`)).join('\n')

describe('vectors kept with the chunks in SQLite', () => {
  let repo: TempRepo
  let dir: string
  const opened: SqliteKnowledgeBase[] = []

  beforeEach(async () => {
    repo = await createTempRepo({ ...SAMPLE_FILES, 'src/billing.ts': BILLING })
    dir = await mkdtemp(join(tmpdir(), 'rag-session-vectors-'))
  })
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close()
    await repo.dispose()
    await rm(dir, { recursive: true, force: true })
  })

  async function session(embedder: EmbedderSpec, embedderInstance?: Embedder): Promise<{ rag: RagService; store: SqliteKnowledgeBase }> {
    const store = await openSqliteKnowledgeBase(join(dir, 'index.db'), storeOptions(settings))
    opened.push(store)
    return { rag: openRag(store, { embedder, ...(embedderInstance ? { embedderInstance } : {}), ingest: { workers: 0 } }), store }
  }

  it('re-embeds only the changed chunk of an edited file, reusing every other stored vector', async () => {
    const counting = countingEmbedder()
    const { rag, store } = await session({ kind: 'hash' }, counting)
    const first = await rag.indexDirectory(repo.root)
    const chunks = await store.size()
    expect(first.vectors).toEqual({ embedder: counting.name, dimensions: 256, embedded: chunks, reused: 0 })
    expect(counting.documents).toHaveLength(chunks)
    const billingChunks = (await store.list()).filter((d) => d.metadata['file'] === 'src/billing.ts')
    expect(billingChunks.length).toBeGreaterThan(1)

    counting.documents.length = 0
    await repo.write('src/billing.ts', BILLING.replace('billing step 2 ledger money', 'billing step 2 escrow money'))
    const second = await rag.indexDirectory(repo.root)
    expect(counting.documents).toHaveLength(1)
    expect(counting.documents[0]).toContain('refundPayment')
    expect(second.vectors).toEqual({ embedder: counting.name, dimensions: 256, embedded: 1, reused: billingChunks.length - 1 })
    expect((await rag.getStatus()).vectors).toEqual({ kind: 'hash', embedder: counting.name, dimensions: 256, embedded: chunks })

    counting.documents.length = 0
    const third = await rag.indexDirectory(repo.root)
    expect(counting.documents).toHaveLength(0)
    expect(third.vectors).toMatchObject({ embedded: 0, reused: 0 })
  })

  it('re-embeds everything and says so when the embedder changes, never mixing vectors of two models', async () => {
    const { rag: before, store } = await session({ kind: 'hash', dimensions: 256 })
    await before.indexDirectory(repo.root)
    await store.close()
    opened.length = 0

    const counting = countingEmbedder(128)
    const { rag: after, store: reopened } = await session({ kind: 'hash', dimensions: 128 }, counting)
    expect((await after.getStatus()).vectors).toMatchObject({ embedder: counting.name, embedded: 0 })
    const progress: { embedded: number; total: number }[] = []
    const report = await after.indexDirectory(repo.root, undefined, { onEmbedProgress: (p) => progress.push(p) })
    const chunks = await reopened.size()
    expect(progress.at(-1)).toEqual({ embedded: chunks, total: chunks })
    expect(counting.documents).toHaveLength(chunks)
    expect(report.vectors).toMatchObject({ embedded: chunks, reused: 0 })
    expect(report.vectors?.rebuilt).toMatch(/^the embedder changed from hash@1:code-aware@\d+:256:0 to hash@1:code-aware@\d+:128:0$/)
    expect(await reopened.loadVectorEmbedder()).toMatchObject({ name: counting.name, dimensions: 128, vectorCount: chunks })
  })

  it('fuses the vector stream into search and explains its rank and score; an identifier query stays lexical', async () => {
    const { rag } = await session({ kind: 'hash' })
    await rag.indexDirectory(repo.root)
    const hits = await rag.search('refund the payment ledger', 5)
    const vector = hits.flatMap((hit) => hit.explain ?? []).filter((e) => e.stream === 'vector')
    expect(vector.length).toBeGreaterThan(0)
    expect(vector.every((e) => Number.isFinite(e.score) && e.rank >= 0)).toBe(true)
    const exact = await rag.search('refundPayment', 5)
    expect(exact.flatMap((hit) => hit.explain ?? []).some((e) => e.stream === 'vector')).toBe(false)
  })

  it('trains a static model once, keeps it with the index, and a new process searches with it without retraining', async () => {
    const { rag, store } = await session({ kind: 'static' })
    const report = await rag.indexDirectory(repo.root)
    const chunks = await store.size()
    expect(report.vectors).toMatchObject({ embedded: chunks, rebuilt: 'trained a static model on the indexed corpus' })
    const stored = await store.loadVectorEmbedder()
    expect(stored).toMatchObject({ dimensions: 128, spec: { kind: 'static' }, vectorCount: chunks })
    expect(stored?.model?.byteLength).toBeGreaterThan(0)
    await store.close()
    opened.length = 0

    const { rag: later } = await session({ kind: 'static' })
    expect((await later.getStatus()).vectors).toEqual({ kind: 'static', embedder: stored!.name, dimensions: 128, embedded: chunks })
    const hits = await later.search('session token signature', 5)
    expect(hits.some((hit) => hit.explain?.some((e) => e.stream === 'vector'))).toBe(true)
    await repo.write('src/billing.ts', BILLING.replace('billing step 2 ledger money', 'billing step 2 ledger token'))
    const again = await later.indexDirectory(repo.root)
    expect(again.vectors).toMatchObject({ embedder: stored!.name, embedded: 1 })
    expect(again.vectors?.rebuilt).toBeUndefined()
  })

  it("hands the store the terms a static model's training analysed: the ones the store's analyzer gives", async () => {
    const { store } = await session({ kind: 'static' })
    const { analyzer, indexedText } = storeOptions(settings)
    const vectors = new SessionVectors({ spec: { kind: 'static' }, analyzer, indexedText, knowledgeBase: store, persistence: store })
    const added = [
      { id: 'src/a.ts#0', content: fn('computeInvoiceTotal', 'billing ledger money'), metadata: { file: 'src/a.ts', symbol: 'computeInvoiceTotal' } },
      { id: 'src/b.ts#0', content: fn('refundPayment', 'billing ledger refund'), metadata: { file: 'src/b.ts', symbol: 'refundPayment' } },
    ]
    const staged = await vectors.stage([], added)
    expect(staged?.analyzed?.analyzer).toBe(analyzer)
    expect(staged?.analyzed?.indexedText).toBe(indexedText)
    for (const doc of added) expect(staged?.analyzed?.terms(doc)).toEqual(analyzer.analyze(indexedText.text(doc)))
    // Looked up by identity: a copy of an added document is analysed by the store itself.
    expect(staged?.analyzed?.terms({ ...added[0]! })).toBeUndefined()
  })

  it('retrains the static model when new code brings vocabulary it lacks, and says so', async () => {
    const { rag } = await session({ kind: 'static', retrainThreshold: 0.05 })
    await rag.indexDirectory(repo.root)
    const words = Array.from({ length: 60 }, (_, i) => `zorblax${i} quintrel${i}`).join(' ')
    // One new function's terms are too few to judge (`MIN_DRIFT_TOKENS`): no retraining yet; coverage adds up.
    await repo.write('src/alien.ts', fn('alienThing0', 'zorblax quintrel'))
    expect((await rag.indexDirectory(repo.root)).vectors?.rebuilt).toBeUndefined()
    await repo.write('src/alien.ts', Array.from({ length: 12 }, (_, i) => fn(`alienThing${i}`, words)).join('\n'))
    const report = await rag.indexDirectory(repo.root)
    expect(report.vectors?.rebuilt).toMatch(/^retrained the static model: \d+\.\d % of the term occurrences embedded since training are outside its vocabulary$/)
  })

  it("retrains on the texts alone, whatever order the index's history stored them in: as a fresh index of the same files", async () => {
    const { rag, store } = await session({ kind: 'static' })
    await rag.indexDirectory(repo.root)
    const fresh = (await store.loadVectorEmbedder())!.name
    // The edit moves a chunk of the file to the end of the store's listing; its revert keeps it there.
    await repo.write('src/billing.ts', `${BILLING}\n// retry\n`)
    await rag.indexDirectory(repo.root)
    await repo.write('src/billing.ts', BILLING)
    await rag.indexDirectory(repo.root)
    // A retraining (another dimension count) in a run that also adds a file's chunks: the store's texts and the new ones.
    await repo.write('src/billing.ts', `// ledger\n${BILLING}`)
    const { rag: wider, store: again } = await session({ kind: 'static', dimensions: 64 })
    const retrained = await wider.indexDirectory(repo.root)
    expect(retrained.vectors?.rebuilt).toBeDefined()
    const other = await mkdtemp(join(tmpdir(), 'rag-session-vectors-fresh-'))
    try {
      const freshStore = await openSqliteKnowledgeBase(join(other, 'index.db'), storeOptions(settings))
      opened.push(freshStore)
      await openRag(freshStore, { embedder: { kind: 'static', dimensions: 64 }, ingest: { workers: 0 } }).indexDirectory(repo.root)
      expect((await again.loadVectorEmbedder())!.name).toBe((await freshStore.loadVectorEmbedder())!.name)
    } finally {
      await rm(other, { recursive: true, force: true })
    }
    expect(fresh).toMatch(/^static@/)
  })

  it('empties the vectors with clear, and a later run embeds again', async () => {
    const { rag, store } = await session({ kind: 'hash' })
    await rag.indexDirectory(repo.root)
    await rag.clear()
    expect(await store.loadVectorEmbedder()).toBeUndefined()
    expect((await rag.getStatus()).vectors?.embedded).toBe(0)
    const report = await rag.indexDirectory(repo.root)
    expect(report.vectors?.embedded).toBe(await store.size())
  })

  it('loads ids and vectors only in a new process, and returns the stored documents of its hits', async () => {
    const { rag, store } = await session({ kind: 'hash' })
    await rag.indexDirectory(repo.root)
    const fresh = new SessionVectors({ spec: { kind: 'hash' }, analyzer: ANALYZERS['code-aware'], indexedText: INDEXED_TEXTS['path+symbol'], knowledgeBase: store, persistence: store })
    const hits = await fresh.stream.search('refund the payment ledger', 3)
    expect(hits.length).toBeGreaterThan(0)
    for (const hit of hits) expect(hit.document).toEqual(await store.get(hit.document.id))
  })

  it('chooses the embedder from the stored record when given a function, following the index another process builds', async () => {
    const store = await openSqliteKnowledgeBase(join(dir, 'index.db'), storeOptions(settings))
    opened.push(store)
    const seen: unknown[] = []
    const follow = (stored: StoredEmbedderRecord | undefined): EmbedderSpec => {
      seen.push(stored?.spec['kind'])
      return stored === undefined ? { kind: 'none' } : { kind: stored.spec['kind'] as EmbedderKind }
    }
    const follower = openRag(store, { embedder: follow, ingest: { workers: 0 } })
    const usesVectors = async (rag: RagService): Promise<boolean> => (await rag.search('refund the payment ledger', 5)).some((hit) => hit.explain?.some((e) => e.stream === 'vector'))
    // Nothing stored: lexical only, no vector status, and its own run stores no vectors.
    expect((await follower.indexDirectory(repo.root)).vectors).toBeUndefined()
    expect((await follower.getStatus()).vectors).toBeUndefined()
    expect(await store.loadVectorEmbedder()).toBeUndefined()
    expect(await usesVectors(follower)).toBe(false)
    expect(seen).toEqual([undefined])

    // Another session (a process of its own) embeds the index with hash: the follower searches as it does.
    const { rag: writer } = await session({ kind: 'hash' })
    expect((await writer.indexDirectory(repo.root)).vectors).toMatchObject({ embedded: await store.size() })
    expect(await usesVectors(follower)).toBe(true)
    expect(seen.at(-1)).toBe('hash')
    const chunks = await store.size()
    expect((await follower.getStatus()).vectors).toMatchObject({ kind: 'hash', dimensions: 256, embedded: chunks })
    const strip = (hits: Awaited<ReturnType<RagService['search']>>) => hits.map((hit) => [hit.document.id, hit.score])
    expect(strip(await follower.search('refund the payment ledger', 8))).toEqual(strip(await writer.search('refund the payment ledger', 8)))
    // Its own runs now embed with the stored embedder: only the changed chunk.
    await repo.write('src/billing.ts', BILLING.replace('billing step 2 ledger money', 'billing step 2 ledger escrow'))
    const own = (await follower.indexDirectory(repo.root)).vectors
    expect(own).toMatchObject({ embedded: 1 })
    expect(own?.rebuilt).toBeUndefined()
    expect((await store.loadVectorEmbedder())?.vectorCount).toBe(await store.size())
    expect(() => createRag({ embedder: follow })).toThrow(/needs openRag/)
  })

  it('embeds an added document with it, in the same commit', async () => {
    const { rag, store } = await session({ kind: 'hash' })
    await rag.indexDirectory(repo.root)
    const id = await rag.addDocument('escrow settlement runbook for refunds')
    expect((await store.loadEmbedded((await store.loadVectorEmbedder())!.name)).documents.some((d) => d.id === id)).toBe(true)
    const hits = await rag.search('escrow settlement runbook', 3)
    expect(hits[0]?.document.id).toBe(id)
  })
})

describe('vectors from an HTTP embedder (a real server on loopback)', () => {
  it('leaves the previous index, chunks and vectors, when an embedding run is cancelled midway', async () => {
    const server = await startEmbeddingServer({ dimensions: 8 })
    const repo = await createTempRepo({ ...SAMPLE_FILES, 'src/billing.ts': BILLING })
    const dir = await mkdtemp(join(tmpdir(), 'rag-session-vectors-'))
    const store = await openSqliteKnowledgeBase(join(dir, 'index.db'), storeOptions(settings))
    try {
      const spec: EmbedderSpec = { kind: 'openai', baseUrl: `${server.url}/v1`, model: 'm', dimensions: 8 }
      const rag = openRag(store, { embedder: spec, ingest: { workers: 0 } })
      await rag.indexDirectory(repo.root)
      const before = { chunks: await store.list(), vectors: await store.loadVectors('openai:m:8') }
      expect(before.vectors.ids.length).toBe(before.chunks.length)

      await repo.write('src/billing.ts', BILLING.replace('ledger', 'escrow'))
      await repo.write('src/extra.ts', fn('settleEscrow', 'moves escrow money to the seller'))
      server.script.push({ hangMs: 10_000 })
      const controller = new AbortController()
      const seen = server.requests.length
      const run = rag.indexDirectory(repo.root, undefined, { signal: controller.signal })
      // Cancel once the embedding request is in flight: the files are chunked, nothing committed yet.
      while (server.requests.length === seen) await new Promise((resolve) => setTimeout(resolve, 10))
      controller.abort()
      await expect(run).rejects.toBeInstanceOf(CancelledError)
      expect(await store.list()).toEqual(before.chunks)
      expect(await store.loadVectors('openai:m:8')).toEqual(before.vectors)
      expect((await rag.getStatus()).vectors?.embedded).toBe(before.chunks.length)
    } finally {
      await store.close()
      await server.close()
      await repo.dispose()
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('vectors of an in-memory session', () => {
  it('embeds on every run and searches with the vector stream', async () => {
    const repo = await createTempRepo(SAMPLE_FILES)
    try {
      const counting = countingEmbedder()
      const rag = createRag({ embedder: { kind: 'hash' }, embedderInstance: counting, ingest: { workers: 0 } })
      const report = await rag.indexDirectory(repo.root)
      expect(report.vectors?.embedded).toBe(counting.documents.length)
      expect((await rag.getStatus()).vectors?.embedded).toBe((await rag.getStatus()).chunkCount)
      const hits = await rag.search('database connections reuse', 3)
      expect(hits.some((hit) => hit.explain?.some((e) => e.stream === 'vector'))).toBe(true)
    } finally {
      await repo.dispose()
    }
  })
})
