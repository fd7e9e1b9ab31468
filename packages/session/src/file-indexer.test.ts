import { utimesSync } from 'node:fs'
import { join } from 'node:path'
import { BM25Stream } from '@rag/bm25'
import { createNormalizedDocumentChunker } from '@rag/chunker'
import { ConfigError, RagError, type Document } from '@rag/core'
import { FileIngestionService, createLimits, type IndexState } from '@rag/ingest'
import { InMemoryKnowledgeBase } from '@rag/kb-tfidf'
import { contents, countingChunker, indexedFiles, storesAgree, withFailingSwaps } from '@rag/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FileIndexer } from './file-indexer.js'
import type { IndexStateStore } from './index-state-store.js'
import { createTempRepo, type TempRepo } from './testing/temp-repo.js'

const files = {
  'a.ts': 'export const alpha = 1\n',
  'b.md': '# Beta\n\nbeta words\n',
  'c.txt': 'gamma text\n',
}

/** A real knowledge base whose `replaceDocuments` throws on the calls listed in `failCalls` (1-based). */
class FlakyKnowledgeBase extends InMemoryKnowledgeBase {
  calls = 0
  failCalls = new Set<number>()

  override replaceDocuments(removeIds: readonly string[], addDocuments: readonly Document[]): Promise<void> {
    this.calls++
    if (this.failCalls.has(this.calls)) return Promise.reject(new Error(`knowledge base swap ${this.calls} failed on purpose`))
    return super.replaceDocuments(removeIds, addDocuments)
  }
}

const flakyBm25 = () => withFailingSwaps(new BM25Stream({ maxDocuments: Infinity }), 'bm25 swap failed on purpose')

function setup(): { kb: InMemoryKnowledgeBase; bm25: ReturnType<typeof flakyBm25>; chunker: ReturnType<typeof countingChunker>; indexer: FileIndexer } {
  const kb = new InMemoryKnowledgeBase()
  const bm25 = flakyBm25()
  const chunker = countingChunker(createNormalizedDocumentChunker())
  return { kb, bm25, chunker, indexer: new FileIndexer({ knowledgeBase: kb, streams: [bm25], chunker, workers: 0 }) }
}

/** A store that keeps chunks in a real knowledge base and the state beside them, swapped together. */
function memoryStateStore(kb: InMemoryKnowledgeBase): IndexStateStore & { saved: IndexState | undefined; commits: number } {
  const store = {
    saved: undefined as IndexState | undefined,
    commits: 0,
    async commit(removeIds: readonly string[], addDocuments: readonly Document[], state: IndexState): Promise<void> {
      await kb.replaceDocuments(removeIds, addDocuments)
      store.saved = state
      store.commits++
    },
    async load(): Promise<IndexState | undefined> {
      return store.saved
    },
  }
  return store
}

let repo: TempRepo
beforeEach(async () => {
  repo = await createTempRepo(files)
})
afterEach(async () => {
  await repo.dispose()
})

function ageAll(root: string, paths: string[]): void {
  const old = new Date(Date.now() - 3_600_000)
  for (const p of paths) utimesSync(join(root, p), old, old)
}

describe('FileIndexer commits', () => {
  it('undoes the knowledge-base swap when the BM25 swap throws', async () => {
    const { kb, bm25, chunker, indexer } = setup()
    await indexer.index(repo.root)
    const before = await contents(kb)
    await repo.write('a.ts', 'export const alpha = 4\n')
    await repo.write('d.txt', 'delta\n')
    await repo.remove('c.txt')
    bm25.failing = true
    await expect(indexer.index(repo.root)).rejects.toThrow('bm25 swap failed on purpose')
    expect(await contents(kb)).toEqual(before)
    expect(await storesAgree(kb, bm25)).toBe(true)
    bm25.failing = false
    chunker.calls.length = 0
    await indexer.index(repo.root)
    expect(chunker.calls.sort()).toEqual(['a.ts', 'd.txt'])
    expect(await indexedFiles(kb)).toEqual(['a.ts', 'b.md', 'd.txt'])
    expect(await storesAgree(kb, bm25)).toBe(true)
  })

  it('changes nothing when the knowledge-base swap throws', async () => {
    const kb = new FlakyKnowledgeBase()
    const bm25 = flakyBm25()
    const indexer = new FileIndexer({ knowledgeBase: kb, streams: [bm25], workers: 0 })
    await indexer.index(repo.root)
    const before = await contents(kb)
    await repo.write('c.txt', 'gamma, edited\n')
    kb.failCalls.add(kb.calls + 1)
    await expect(indexer.index(repo.root)).rejects.toThrow(/knowledge base swap 2 failed/)
    expect(await contents(kb)).toEqual(before)
    expect(await storesAgree(kb, bm25)).toBe(true)
  })

  it('recovers on the next run when undoing a swap fails too', async () => {
    const kb = new FlakyKnowledgeBase()
    const bm25 = flakyBm25()
    const indexer = new FileIndexer({ knowledgeBase: kb, streams: [bm25], workers: 0 })
    await indexer.index(repo.root)
    await repo.write('c.txt', 'gamma, edited\n')
    await repo.write('e.txt', 'epsilon\n')
    bm25.failing = true
    kb.failCalls.add(kb.calls + 2) // the undo
    const error = await indexer.index(repo.root).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'INTERNAL' })
    expect((error as Error).message).toMatch(/undoing an earlier swap failed too/)
    bm25.failing = false
    await indexer.index(repo.root)
    expect(await storesAgree(kb, bm25)).toBe(true)
    const fresh = setup()
    await fresh.indexer.index(repo.root)
    expect(await contents(kb)).toEqual(await contents(fresh.kb))
  })

  it('commits nothing when a changed file produces an id a kept file already owns', async () => {
    const { kb, bm25, chunker, indexer } = setup()
    await indexer.index(repo.root)
    const before = await contents(kb)
    const keptId = before.find(([id]) => id.startsWith('b.md'))![0]
    const real = chunker.chunk.bind(chunker)
    chunker.chunk = async (file) => (await real(file)).map((chunk) => (file.path === 'c.txt' ? { ...chunk, id: keptId } : chunk))
    await repo.write('c.txt', 'gamma, edited\n')
    await expect(indexer.index(repo.root)).rejects.toMatchObject({ code: 'DUPLICATE_ID' })
    expect(await contents(kb)).toEqual(before)
    expect(await storesAgree(kb, bm25)).toBe(true)
  })

  it('re-chunks everything after clearHashes() without duplicating chunks', async () => {
    const { kb, chunker, indexer } = setup()
    await indexer.index(repo.root)
    const before = await contents(kb)
    indexer.clearHashes()
    chunker.calls.length = 0
    await indexer.index(repo.root)
    expect(chunker.calls.sort()).toEqual(Object.keys(files).sort())
    expect(await contents(kb)).toEqual(before)
  })

  it('refuses conflicting components', () => {
    const kb = new InMemoryKnowledgeBase()
    const service = new FileIngestionService({ limits: createLimits({ maxFiles: 10 }) })
    expect(() => new FileIndexer({ knowledgeBase: kb, service, limits: createLimits({ maxFiles: 20 }) })).toThrow(ConfigError)
    expect(() => new FileIndexer({ knowledgeBase: kb, streams: [{} as never] })).toThrow(/streams\[0\] must implement Replaceable/)
    expect(() => new FileIndexer({ knowledgeBase: {} as never })).toThrow(/knowledgeBase must implement KnowledgeBase/)
    expect(() => new FileIndexer({ knowledgeBase: kb, service, limits: createLimits({ maxFiles: 10 }) })).not.toThrow()
  })

  it('serialises concurrent runs', async () => {
    const { kb, bm25, indexer } = setup()
    await Promise.all([indexer.index(repo.root), indexer.index(repo.root), indexer.index(repo.root)])
    expect(await kb.size()).toBe((await kb.list()).length)
    expect(await storesAgree(kb, bm25)).toBe(true)
    expect(await indexedFiles(kb)).toHaveLength(3)
  })

  it('refuses a malformed state in restoreState', async () => {
    const { indexer } = setup()
    await expect(indexer.restoreState({ version: 2 } as never)).rejects.toBeInstanceOf(RagError)
  })
})

describe('FileIndexer with a stateStore', () => {
  const sources = {
    'src/a.ts': 'export function alpha() {\n  return 1\n}\n',
    'src/b.py': 'def beta():\n    return 2\n',
  }

  it('commits chunks and state through the store, and a new indexer resumes from the saved state', async () => {
    const tree = await createTempRepo(sources)
    ageAll(tree.root, Object.keys(sources))
    const kb = new InMemoryKnowledgeBase()
    const store = memoryStateStore(kb)
    const first = new FileIndexer({ knowledgeBase: kb, stateStore: store, chunker: countingChunker(createNormalizedDocumentChunker()), workers: 0 })
    await first.index(tree.root)
    expect(store.commits).toBe(1)
    expect(store.saved?.files.map((f) => f.path)).toEqual(['src/a.ts', 'src/b.py'])
    expect(store.saved).toEqual(first.exportState())

    // A new process: fresh indexer, same persisted store. Nothing changed, so nothing is chunked.
    const chunker = countingChunker(createNormalizedDocumentChunker())
    const second = new FileIndexer({ knowledgeBase: kb, stateStore: store, chunker, workers: 0 })
    const report = await second.index(tree.root)
    expect(chunker.calls).toEqual([])
    expect(report.added).toBe(0)

    await tree.write('src/a.ts', 'export function alpha() {\n  return 42\n}\n')
    await second.index(tree.root)
    expect(chunker.calls).toEqual(['src/a.ts'])
    await tree.dispose()
  })

  it('reports the whole run time, the commit included, and the commit time', async () => {
    const kb = new InMemoryKnowledgeBase()
    const store = memoryStateStore(kb)
    const commit = store.commit.bind(store)
    // The store's write takes 300 ms: the staging of three small files takes far less.
    store.commit = async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, 300))
      await commit(...args)
    }
    const indexer = new FileIndexer({ knowledgeBase: kb, stateStore: store, workers: 0 })
    const report = await indexer.index(repo.root)
    expect(report.commitMs).toBeGreaterThanOrEqual(295)
    expect(report.elapsedMs).toBeGreaterThanOrEqual(report.commitMs)
    expect(report.elapsedMs).toBeGreaterThanOrEqual(Math.floor(report.stats.totalMs))
    expect(report.stats.totalMs).toBeLessThan(report.elapsedMs - 290) // the staging's own time leaves the commit out
  })

  it('puts the previous chunks and state back through the store when a later swap fails', async () => {
    const tree = await createTempRepo(sources)
    const kb = new InMemoryKnowledgeBase()
    const bm25 = flakyBm25()
    const store = memoryStateStore(kb)
    const indexer = new FileIndexer({ knowledgeBase: kb, streams: [bm25], stateStore: store, chunker: countingChunker(createNormalizedDocumentChunker()), workers: 0 })
    await indexer.index(tree.root)
    const before = await contents(kb)
    const savedBefore = store.saved
    const commitsBefore = store.commits

    await tree.write('src/b.py', 'def beta():\n    return 3\n')
    bm25.failing = true
    await expect(indexer.index(tree.root)).rejects.toThrow('bm25 swap failed on purpose')
    expect(await contents(kb)).toEqual(before)
    expect(store.saved).toEqual(savedBefore)
    expect(store.commits).toBe(commitsBefore + 2) // the failed run's swap, and its undo
    expect(await storesAgree(kb, bm25)).toBe(true)
    await tree.dispose()
  })

  it('honours clearHashes called before the saved state is loaded', async () => {
    const tree = await createTempRepo(sources)
    ageAll(tree.root, Object.keys(sources))
    const kb = new InMemoryKnowledgeBase()
    const store = memoryStateStore(kb)
    await new FileIndexer({ knowledgeBase: kb, stateStore: store, chunker: countingChunker(createNormalizedDocumentChunker()), workers: 0 }).index(tree.root)
    const chunker = countingChunker(createNormalizedDocumentChunker())
    const fresh = new FileIndexer({ knowledgeBase: kb, stateStore: store, chunker, workers: 0 })
    fresh.clearHashes()
    await fresh.index(tree.root)
    expect(chunker.calls.sort()).toEqual(['src/a.ts', 'src/b.py'])
    expect((await kb.list()).length).toBeGreaterThan(0)
    await tree.dispose()
  })
})
