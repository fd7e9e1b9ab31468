import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { RagError, type SearchResult, type Stream } from '@rag/core'
import { openSqliteKnowledgeBase, type SqliteKnowledgeBase } from '@rag/store-sqlite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openRag, storeOptions } from './create-rag.js'
import { resolveRetrieval } from './retrieval-presets.js'
import { readOneGeneration } from './one-generation.js'
import { createTempRepo, type TempRepo } from './testing/temp-repo.js'

describe('readOneGeneration', () => {
  it('runs the read once when the counter stays, again when it moved, and reports a store that never holds still', async () => {
    let counter = 0
    let reads = 0
    const generation = async (): Promise<number> => counter
    expect(await readOneGeneration(async () => ++reads, generation)).toBe(1)
    // A commit lands during the first run only: the second run's answer is returned.
    expect(await readOneGeneration(async () => (++reads === 2 ? (counter++, 'mixed') : 'clean'), generation)).toBe('clean')
    expect(reads).toBe(3)
    const always = readOneGeneration(async () => counter++, generation, 3)
    await expect(always).rejects.toThrow(RagError)
    await expect(readOneGeneration(async () => counter++, generation, 3)).rejects.toThrow(/changed while it was read, 3 times in a row/)
    expect(await readOneGeneration(async () => 'no counter', undefined)).toBe('no counter')
  })
})

describe('a search while another process commits to the same SQLite store', () => {
  let repo: TempRepo
  let dir: string
  const stores: SqliteKnowledgeBase[] = []
  beforeEach(async () => {
    repo = await createTempRepo({ 'src/a.ts': 'export const marker = "alpha first"\n', 'src/b.ts': 'export const other = "alpha first too"\n' })
    dir = mkdtempSync(join(tmpdir(), 'rag-one-generation-'))
  })
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close()
    await repo.dispose()
    rmSync(dir, { recursive: true, force: true })
  })

  async function open(): Promise<SqliteKnowledgeBase> {
    const store = await openSqliteKnowledgeBase(join(dir, 'index.db'), storeOptions(resolveRetrieval('recommended')))
    stores.push(store)
    return store
  }

  it('never fuses hits of two generations: a read the other commit overtook is read again', async () => {
    const writer = openRag(await open())
    await writer.indexDirectory(repo.root)
    const readerStore = await open()
    // The reader's extra stream runs after the store's BM25 search has read the first generation;
    // on its first call the writer (another connection, as another process) commits the second
    // generation, and the stream answers from it, as a stream reading the store then would.
    let calls = 0
    const late: Stream = {
      name: 'late',
      search: async (query, topK): Promise<SearchResult[]> => {
        calls++
        if (calls === 1) {
          await repo.write('src/a.ts', 'export const marker = "alpha second"\n')
          await repo.write('src/b.ts', 'export const other = "alpha second too"\n')
          await writer.indexDirectory(repo.root)
        }
        return readerStore.search(query, topK)
      },
    }
    const reader = openRag(readerStore, { streams: [{ stream: late, weight: 0.5 }] })
    const hits = await reader.search('alpha', 10)
    // Without the re-read: the first generation's two chunks fused with the second's two.
    expect(hits.map((hit) => hit.document.content.includes('second'))).toEqual([true, true])
    expect(calls).toBe(2)
  })
})
