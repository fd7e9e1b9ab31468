import { utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Document } from '@rag/core'
import { InMemoryKnowledgeBase } from '@rag/kb-tfidf'
import { describe, expect, it } from 'vitest'
import { contents, countingChunker, FlakyBM25, storesAgree, tree } from '../test/helpers.js'
import { FileIndexer } from './file-indexer.js'
import type { IndexState } from './index-state.js'
import type { IndexStateStore } from './state-store.js'

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

function ageAll(root: string, paths: string[]): void {
  const old = new Date(Date.now() - 3_600_000)
  for (const p of paths) utimesSync(join(root, p), old, old)
}

const files = {
  'src/a.ts': 'export function alpha() {\n  return 1\n}\n',
  'src/b.py': 'def beta():\n    return 2\n',
}

describe('FileIndexer with a stateStore', () => {
  it('commits chunks and state through the store, and a new indexer resumes from the saved state', async () => {
    const root = tree(files)
    ageAll(root, Object.keys(files))
    const kb = new InMemoryKnowledgeBase()
    const store = memoryStateStore(kb)
    const first = new FileIndexer({ knowledgeBase: kb, stateStore: store, chunker: countingChunker(), workers: 0 })
    await first.index(root)
    expect(store.commits).toBe(1)
    expect(store.saved?.files.map((f) => f.path)).toEqual(['src/a.ts', 'src/b.py'])
    expect(store.saved).toEqual(first.exportState())

    // A new process: fresh indexer, same persisted store. Nothing changed, so nothing is chunked.
    const chunker = countingChunker()
    const second = new FileIndexer({ knowledgeBase: kb, stateStore: store, chunker, workers: 0 })
    const report = await second.index(root)
    expect(chunker.calls).toEqual([])
    expect(report.added).toBe(0)

    writeFileSync(join(root, 'src/a.ts'), 'export function alpha() {\n  return 42\n}\n')
    await second.index(root)
    expect(chunker.calls).toEqual(['src/a.ts'])
    expect(store.commits).toBe(2)
  })

  it('puts the previous chunks and state back through the store when a later swap fails', async () => {
    const root = tree(files)
    const kb = new InMemoryKnowledgeBase()
    const bm25 = new FlakyBM25({ maxDocuments: Infinity })
    const store = memoryStateStore(kb)
    const indexer = new FileIndexer({ knowledgeBase: kb, streams: [bm25], stateStore: store, chunker: countingChunker(), workers: 0 })
    await indexer.index(root)
    const before = await contents(kb)
    const savedBefore = store.saved

    writeFileSync(join(root, 'src/b.py'), 'def beta():\n    return 3\n')
    bm25.failing = true
    await expect(indexer.index(root)).rejects.toThrow('bm25 swap failed on purpose')
    expect(await contents(kb)).toEqual(before)
    expect(store.saved).toEqual(savedBefore)
    expect(store.commits).toBe(3) // the first run, the failed run's swap, and its undo
    expect(await storesAgree(kb, bm25)).toBe(true)
  })

  it('honours clearHashes called before the saved state is loaded', async () => {
    const root = tree(files)
    ageAll(root, Object.keys(files))
    const kb = new InMemoryKnowledgeBase()
    const store = memoryStateStore(kb)
    await new FileIndexer({ knowledgeBase: kb, stateStore: store, chunker: countingChunker(), workers: 0 }).index(root)
    const chunker = countingChunker()
    const fresh = new FileIndexer({ knowledgeBase: kb, stateStore: store, chunker, workers: 0 })
    fresh.clearHashes()
    await fresh.index(root)
    expect(chunker.calls.sort()).toEqual(['src/a.ts', 'src/b.py'])
    expect((await kb.list()).length).toBeGreaterThan(0)
  })
})
