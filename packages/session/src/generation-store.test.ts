import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { IndexState } from '@rag/ingest'
import { openSqliteKnowledgeBase, type SqliteKnowledgeBase } from '@rag/store-sqlite'
import { compatibleAnalyzer } from '@rag/bm25'
import { createGenerationStateStore } from './generation-store.js'
import { RagService } from './rag-service.js'

describe('createGenerationStateStore', () => {
  let dir: string
  let stores: SqliteKnowledgeBase[]
  const open = async (): Promise<SqliteKnowledgeBase> => {
    const store = await openSqliteKnowledgeBase(join(dir, 'index.db'), { analyzer: compatibleAnalyzer })
    stores.push(store)
    return store
  }
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rag-state-'))
    stores = []
  })
  afterEach(async () => {
    for (const store of stores) await store.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('commits chunks, fingerprints and state in one step and loads the same IndexState back, binary records included', async () => {
    const store = await open()
    const adapter = createGenerationStateStore(store, () => Date.UTC(2025, 0, 2))
    const state: IndexState = {
      version: 1,
      root: '/repo',
      context: '{"chunker":"x"}',
      files: [
        { path: 'a.ts', fingerprint: 'f1', size: 10, mtimeMs: 1.5, ctimeMs: 2.5, ino: 7, checkedAtMs: 3, chars: 10, chunkIds: ['a#1', 'a#2'] },
        { path: 'logo.png', fingerprint: 'binary', size: 99, mtimeMs: 1, ctimeMs: 1, ino: 8, checkedAtMs: 3, chars: 0, chunkIds: [], binary: 'extension .png' } as IndexState['files'][number],
      ],
    }
    expect(await adapter.load()).toBeUndefined()
    const docs = ['a#1', 'a#2'].map((id) => ({ id, content: `content of ${id}`, metadata: { file: 'a.ts' } }))
    await adapter.commit([], docs, state)
    expect(await adapter.load()).toEqual(state)
    expect(await adapter.info!()).toEqual({ generation: 1, indexedAt: '2025-01-02T00:00:00.000Z', counts: { root: '/repo', fileCount: 1, chunkCount: 2 } })
    expect((await store.loadState()).state).toMatchObject({ fileCount: 1, chunkCount: 2 })
    expect(await store.size()).toBe(2)

    await adapter.clear!()
    expect(await adapter.load()).toBeUndefined()
    expect(await store.size()).toBe(0)
  })

  it('lets a RagService in a new process re-chunk only the changed file', async () => {
    const root = join(dir, 'repo')
    await mkdir(join(root, 'src'), { recursive: true })
    await writeFile(join(root, 'src', 'a.ts'), 'export const alpha = "apple"\n')
    await writeFile(join(root, 'src', 'b.ts'), 'export const beta = "banana"\n')
    const first = await open()
    const rag = new RagService({ knowledgeBase: first, stateStore: createGenerationStateStore(first), bm25: false })
    expect((await rag.indexDirectory(root)).stats.chunked).toBe(2)
    await first.close()

    await writeFile(join(root, 'src', 'b.ts'), 'export const beta = "blueberry"\n')
    const second = await open()
    const again = new RagService({ knowledgeBase: second, stateStore: createGenerationStateStore(second), bm25: false })
    expect(await again.getStatus()).toMatchObject({ fileCount: 2, chunkCount: 2 })
    const report = await again.indexDirectory(root)
    expect(report.stats.chunked).toBe(1)
    expect((await again.search('blueberry', 3))[0]?.document.metadata['file']).toBe('src/b.ts')
    expect(await again.search('banana', 3)).toEqual([])
  })

  it('reports status from the counts committed with the state: the same figures the file records give', async () => {
    const root = join(dir, 'repo')
    await mkdir(join(root, 'src'), { recursive: true })
    await writeFile(join(root, 'src', 'a.ts'), 'export const alpha = "apple"\n')
    await writeFile(join(root, 'src', 'b.ts'), 'export const beta = "banana"\n')
    await writeFile(join(root, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]))
    const store = await open()
    const adapter = createGenerationStateStore(store)
    const rag = new RagService({ knowledgeBase: store, stateStore: adapter, bm25: false })
    await rag.indexDirectory(root)
    await rag.addDocument('a note of my own')
    const files = (await adapter.load())!.files
    const fromRecords = { fileCount: files.filter((f) => (f as { binary?: string }).binary === undefined).length, chunkCount: files.reduce((n, f) => n + f.chunkIds.length, 0) }
    expect(fromRecords).toEqual({ fileCount: 2, chunkCount: 2 })
    expect((await adapter.info()).counts).toMatchObject(fromRecords)
    const fresh = new RagService({ knowledgeBase: store, stateStore: createGenerationStateStore(store), bm25: false })
    expect(await fresh.getStatus()).toMatchObject({ ...fromRecords, documentCount: 3, indexedPath: (await adapter.load())!.root })
  })

  it('counts from the file records when the stored state has no counts (written by an older release)', async () => {
    const store = await open()
    await store.commitGeneration({
      removeIds: [],
      addDocuments: [{ id: 'a#1', content: 'alpha', metadata: { file: 'a.ts' } }],
      fingerprints: new Map([['a.ts', { fingerprint: 'f1', chunkIds: ['a#1'] }]]),
      state: { version: 1, root: '/repo', context: '{}', indexedAt: '2025-01-02T00:00:00.000Z' },
    })
    const adapter = createGenerationStateStore(store)
    expect((await adapter.info()).counts).toBeUndefined()
    const rag = new RagService({ knowledgeBase: store, stateStore: adapter, bm25: false })
    expect(await rag.getStatus()).toMatchObject({ indexedPath: '/repo', fileCount: 1, chunkCount: 1, documentCount: 1 })
  })
})
