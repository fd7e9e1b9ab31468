import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Document, type Replaceable, type SearchResult, type Stream } from '@rag/core'
import { InMemoryKnowledgeBase } from '@rag/kb-tfidf'
import { RagService } from './rag-service.js'
import type { IndexStateStore } from './index-state-store.js'
import { createMemoryStateStore } from './testing/memory-state-store.js'
import { createTempRepo, SAMPLE_FILES, type TempRepo } from './testing/temp-repo.js'

/** A stream kept in step with the index whose swaps fail on the given call numbers (from 0). */
function createBreakableStream(name = 'breakable'): Stream & Replaceable & { failOn: Set<number>; calls: number; ids: Set<string> } {
  const ids = new Set<string>()
  const stream = {
    name,
    ids,
    failOn: new Set<number>(),
    calls: 0,
    async search(): Promise<SearchResult[]> {
      return []
    },
    async replaceDocuments(removeIds: readonly string[], addDocuments: readonly Document[]) {
      if (stream.failOn.has(stream.calls++)) throw new Error(`${name} swap failed`)
      for (const id of removeIds) ids.delete(id)
      for (const doc of addDocuments) ids.add(doc.id)
    },
  }
  return stream
}

function withoutInfo(store: IndexStateStore): IndexStateStore {
  return { commit: (r, a, s) => store.commit(r, a, s), load: () => store.load() }
}

describe('RagService with a state store', () => {
  let repo: TempRepo
  beforeEach(async () => {
    repo = await createTempRepo(SAMPLE_FILES)
  })
  afterEach(async () => {
    await repo.dispose()
  })

  it('commits chunks and state together, and a new service over the same store re-chunks only what changed', async () => {
    const store = createMemoryStateStore(new InMemoryKnowledgeBase(), () => 1_700_000_000_000)
    const first = new RagService({ knowledgeBase: store.knowledgeBase, stateStore: store, bm25: false })
    const report = await first.indexDirectory(repo.root)
    const saved = await store.load()
    expect(saved?.files.map((f) => f.path)).toEqual(['docs/guide.md', 'src/auth/middleware.ts', 'src/auth/token.ts', 'src/db/pool.py'])
    expect(await store.knowledgeBase.size()).toBe(report.added)

    // A new process: nothing in memory but the store.
    const second = new RagService({ knowledgeBase: store.knowledgeBase, stateStore: store, bm25: false })
    expect(await second.getStatus()).toMatchObject({ fileCount: 4, chunkCount: report.added, lastIndexedAt: new Date(1_700_000_000_000) })
    await repo.write('src/auth/token.ts', '/** Rotates signing keys. */\nexport function rotateKeys(): void {}\n')
    const again = await second.indexDirectory(repo.root)
    expect(again.stats.chunked).toBe(1)
    expect((await second.search('rotates signing keys', 1))[0]?.document.metadata['file']).toBe('src/auth/token.ts')
  })

  it('saves the state of a run that changed nothing (fresh stat records and index time)', async () => {
    const store = createMemoryStateStore(new InMemoryKnowledgeBase())
    const rag = new RagService({ knowledgeBase: store.knowledgeBase, stateStore: store, bm25: false })
    await rag.indexDirectory(repo.root)
    const { generation } = await store.info()
    const report = await rag.indexDirectory(repo.root)
    expect(report.added + report.removed).toBe(0)
    expect((await store.info()).generation).toBe(generation + 1)
  })

  it.each([
    ['with info(): reloads when the generation moved', true],
    ['without info(): recovers from the stale state by reloading once', false],
  ])('shares one store between two services (two processes) %s', async (_name, info) => {
    const store = createMemoryStateStore(new InMemoryKnowledgeBase())
    const a = new RagService({ knowledgeBase: store.knowledgeBase, stateStore: info ? store : withoutInfo(store), bm25: false })
    const b = new RagService({ knowledgeBase: store.knowledgeBase, stateStore: info ? store : withoutInfo(store), bm25: false })
    await a.indexDirectory(repo.root)
    await b.indexDirectory(repo.root)
    await repo.write('src/new.ts', 'export const freshlyAdded = "kiwi"\n')
    await repo.write('src/auth/token.ts', 'export const tokenChanged = "mango"\n')
    await a.indexDirectory(repo.root)
    const report = await b.indexDirectory(repo.root)
    expect(report.stats.chunked).toBe(0)
    expect((await b.getStatus()).fileCount).toBe(5)
    expect(await b.search('kiwi', 3)).toHaveLength(1)
  })

  it('undoes the store commit and keeps the previous state when a later swap fails', async () => {
    const store = createMemoryStateStore(new InMemoryKnowledgeBase())
    const breakable = createBreakableStream()
    const rag = new RagService({ knowledgeBase: store.knowledgeBase, stateStore: store, streams: [{ stream: breakable, weight: 1 }] })
    await rag.indexDirectory(repo.root)
    const before = { state: await store.load(), ids: (await store.knowledgeBase.list()).map((d) => d.id).sort() }
    expect([...breakable.ids].sort()).toEqual(before.ids)

    await repo.write('src/auth/token.ts', 'export const tokenChanged = "mango"\n')
    breakable.failOn.add(breakable.calls)
    await expect(rag.indexDirectory(repo.root)).rejects.toThrow('breakable swap failed')
    expect(await store.load()).toEqual(before.state)
    expect((await store.knowledgeBase.list()).map((d) => d.id).sort()).toEqual(before.ids)
    expect(await rag.bm25?.size()).toBe(before.ids.length)
    expect(await rag.search('mango', 3)).toEqual([])

    const retried = await rag.indexDirectory(repo.root)
    expect(retried.stats.chunked).toBe(1)
    expect(await rag.search('mango', 3)).toHaveLength(1)
    expect([...breakable.ids].sort()).toEqual((await store.knowledgeBase.list()).map((d) => d.id).sort())
  })

  it('after a failed undo, the next run repairs the stores by re-indexing every file', async () => {
    const first = createBreakableStream('first')
    const second = createBreakableStream('second')
    const rag = new RagService({ streams: [{ stream: first, weight: 1 }, { stream: second, weight: 1 }] })
    await rag.indexDirectory(repo.root)
    await repo.write('src/auth/token.ts', 'export const tokenChanged = "mango"\n')
    // Run 2: "first" swaps, "second" fails, and undoing "first" fails too.
    first.failOn.add(first.calls + 1)
    second.failOn.add(second.calls)
    await expect(rag.indexDirectory(repo.root)).rejects.toMatchObject({ code: 'INTERNAL' })
    const repaired = await rag.indexDirectory(repo.root)
    expect(repaired.stats.chunked).toBe(4)
    const kbIds = (await rag.knowledgeBase.list()).map((d) => d.id).sort()
    expect([...first.ids].sort()).toEqual(kbIds)
    expect([...second.ids].sort()).toEqual(kbIds)
    expect(await rag.bm25?.size()).toBe(kbIds.length)
    expect(await rag.search('mango', 3)).toHaveLength(1)
  })

  it('clear() forgets the stored state too', async () => {
    const store = createMemoryStateStore(new InMemoryKnowledgeBase())
    const rag = new RagService({ knowledgeBase: store.knowledgeBase, stateStore: store, bm25: false })
    await rag.indexDirectory(repo.root)
    await rag.clear()
    expect(await store.load()).toBeUndefined()
    expect(await rag.getStatus()).toMatchObject({ fileCount: 0, chunkCount: 0, documentCount: 0, lastIndexedAt: undefined, indexedPath: undefined })
    expect((await rag.indexDirectory(repo.root)).stats.chunked).toBe(4)
  })
})
