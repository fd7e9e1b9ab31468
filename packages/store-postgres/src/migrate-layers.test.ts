import pg from 'pg'
import { codeAwareAnalyzer } from '@rag/bm25'
import { doc, layerFile } from '@rag/test-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateSchema, schemaVersion } from './migrate.js'
import { PostgresKnowledgeBase } from './postgres-knowledge-base.js'
import { MIGRATIONS, SCHEMA_VERSION } from './schema.js'
import { createTestDatabase, type TestDatabase } from './testing/test-database.js'

let test: TestDatabase

beforeAll(async () => {
  test = await createTestDatabase('migrate_layers')
})
afterAll(() => test?.dispose())

async function columns(client: pg.ClientBase, table: string): Promise<string[]> {
  const { rows } = await client.query<{ column_name: string }>('SELECT column_name FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position', [table])
  return rows.map((row) => row.column_name)
}

describe('migration 2 (code layers and vectors)', () => {
  it('upgrades a version 1 database written by the previous release in place, keeping its projects, chunks and rankings', async () => {
    expect(SCHEMA_VERSION).toBe(2)
    // The previous release: schema version 1, a project with chunks, file records and state written by its code path.
    const pool = new pg.Pool({ connectionString: test.url, max: 2 })
    const client = await pool.connect()
    try {
      expect(await migrateSchema(client, test.name, MIGRATIONS.slice(0, 1))).toMatchObject({ from: 0, to: 1 })
      expect(await columns(client, 'rag_vectors')).toEqual(['project_id', 'model', 'seq', 'embedding'])
    } finally {
      client.release()
    }
    const old = new PostgresKnowledgeBase({ pool, where: test.name, busyTimeoutMs: 5000 }, { repoId: 'acme/app' }, { analyzer: codeAwareAnalyzer })
    const docs = [doc('a', 'open the connection pool'), doc('b', 'close the pool'), doc('c', 'parse command flags')]
    await old.commitGeneration({ addDocuments: docs, fingerprints: new Map([['a.ts', { fingerprint: 'f1', chunkIds: ['a', 'b', 'c'] }]]), state: { root: '/repo' } })
    const before = await old.search('connection pool', 10)
    const generation = (await old.loadState()).generation
    await pool.end()

    const database = await test.open()
    expect(database.migration).toMatchObject({ from: 1, to: 2, applied: [{ version: 2, name: 'code layers and vectors' }] })
    expect(await database.schemaVersion()).toBe(2)
    const kb = database.project({ repoId: 'acme/app' }, { analyzer: codeAwareAnalyzer })
    expect(await kb.list()).toEqual(docs)
    expect(await kb.search('connection pool', 10)).toEqual(before)
    expect(await kb.loadState()).toMatchObject({ generation, state: { root: '/repo' } })
    expect(await kb.hasLayers()).toBe(false)
    expect(await kb.loadVectorEmbedder()).toBeUndefined()
    expect((await kb.loadUnembedded('e')).map((d) => d.id)).toEqual(['a', 'b', 'c'])

    // The project now keeps layers and vectors with its chunks.
    await kb.commitGeneration({
      removeIds: ['b'],
      layers: { upsertFiles: [layerFile('a.ts', ['openPool'])], removeFiles: [], resolvedFiles: [], edges: [] },
      vectors: { embedder: { name: 'e', dimensions: 2, spec: {} }, vectors: [{ id: 'a', contentHash: 'h', vector: Float32Array.of(0.6, 0.8) }] },
    })
    expect((await kb.loadLayersWhere({ name: 'openPool' })).map((f) => f.path)).toEqual(['a.ts'])
    expect(await kb.loadVectors('e')).toEqual({ ids: ['a'], vectors: [Float32Array.of(0.6, 0.8)] })
    expect((await kb.loadUnembedded('e')).map((d) => d.id)).toEqual(['c'])
    // Removing a chunk removes its vector (the previous release's delete path writes the same table).
    await kb.remove('a')
    expect(await kb.loadVectorEmbedder()).toMatchObject({ name: 'e', vectorCount: 0 })

    // Idempotent: opening again applies nothing.
    const again = await test.open()
    expect(again.migration).toMatchObject({ from: 2, to: 2, applied: [] })
    const raw = new pg.Client({ connectionString: test.url })
    await raw.connect()
    try {
      expect(await schemaVersion(raw)).toBe(2)
      expect(await columns(raw, 'rag_vectors')).toEqual(['project_id', 'seq', 'content_hash', 'embedding'])
    } finally {
      await raw.end()
    }
  })
})
