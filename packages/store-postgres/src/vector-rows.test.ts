import pg from 'pg'
import { describeStreamContract, describeVectorStoreContract, doc } from '@rag/test-utils'
import { createHashEmbedder, VectorStream } from '@rag/vector'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PostgresDatabase } from './postgres-database.js'
import { createTestDatabase, type TestDatabase } from './testing/test-database.js'

let test: TestDatabase
let database: PostgresDatabase
let other: PostgresDatabase
let counter = 0

beforeAll(async () => {
  test = await createTestDatabase('vectors')
  database = await test.open()
  other = await test.open()
})
afterAll(() => test?.dispose())

describeVectorStoreContract('PostgresKnowledgeBase', {
  create: async () => database.project({ repoId: `vectors-${++counter}` }),
  reopen: async (kb) => other.project(kb.project),
})

describe('PostgresKnowledgeBase vector rows', () => {
  it('keeps each project its own embedder and vectors, and drops them with the project', async () => {
    const one = database.project({ repoId: 'two-embedders', commitSha: 'c1' })
    const two = database.project({ repoId: 'two-embedders', commitSha: 'c2' })
    const embedder = (name: string) => ({ name, dimensions: 2, spec: {} })
    await one.commitGeneration({ addDocuments: [doc('a', 'one')], vectors: { embedder: embedder('e1'), vectors: [{ id: 'a', contentHash: 'h', vector: Float32Array.of(1, 0) }] } })
    await two.commitGeneration({ addDocuments: [doc('a', 'one')], vectors: { embedder: embedder('e2'), vectors: [{ id: 'a', contentHash: 'h', vector: Float32Array.of(0, 1) }] } })
    expect(await one.loadVectors('e1')).toEqual({ ids: ['a'], vectors: [Float32Array.of(1, 0)] })
    expect(await two.loadVectors('e2')).toEqual({ ids: ['a'], vectors: [Float32Array.of(0, 1)] })
    expect((await one.findVectors('e1', ['h'])).get('h')).toEqual(Float32Array.of(1, 0))
    expect(await database.dropProject(one.project)).toBe(true)
    expect(await two.loadVectorEmbedder()).toMatchObject({ name: 'e2', vectorCount: 1 })
    const raw = new pg.Client({ connectionString: test.url })
    await raw.connect()
    try {
      const { rows } = await raw.query<{ commit_sha: string; embedding: Buffer }>(
        "SELECT p.commit_sha, v.embedding FROM rag_vectors v JOIN rag_projects p ON p.id = v.project_id WHERE p.repo_id = 'two-embedders'",
      )
      expect(rows.map((row) => row.commit_sha)).toEqual(['c2'])
      // Stored as 4 bytes a dimension, little-endian float32, as the SQLite store keeps them.
      expect([...rows[0]!.embedding]).toEqual([...Buffer.from(Float32Array.of(0, 1).buffer)])
      const orphans = await raw.query<{ n: string }>('SELECT count(*) AS n FROM rag_vectors v WHERE NOT EXISTS (SELECT 1 FROM rag_projects p WHERE p.id = v.project_id)')
      expect(orphans.rows[0]!.n).toBe('0')
    } finally {
      await raw.end()
    }
  })
})

describe('PostgresKnowledgeBase vector lookups', () => {
  it('finds vectors by content hash through the hash index', async () => {
    const raw = new pg.Client({ connectionString: test.url })
    await raw.connect()
    try {
      await raw.query('BEGIN')
      await raw.query('SET LOCAL enable_seqscan = off')
      const { rows } = await raw.query<{ 'QUERY PLAN': string }>("EXPLAIN SELECT * FROM rag_vectors WHERE project_id = 1 AND md5(content_hash) = ANY('{0cc175b9c0f1b6a831c399e269772661}'::text[])")
      expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/rag_vectors_by_hash/)
    } finally {
      await raw.query('ROLLBACK')
      await raw.end()
    }
  })
})

// The persisted variant: every document is embedded, committed with its vector, and the stream is
// rebuilt from the database by another pool, as a new process would.
describeStreamContract('VectorStream over vectors persisted in PostgreSQL (hash embedder)', async (documents) => {
  const hash = createHashEmbedder({ dimensions: 1024 })
  const writer = database.project({ repoId: `stream-${++counter}` })
  const vectors = await hash.embed(documents.map((d) => d.content))
  await writer.commitGeneration({
    addDocuments: documents,
    vectors: { embedder: { name: hash.name, dimensions: hash.dimensions, spec: { kind: 'hash' } }, vectors: documents.map((d, i) => ({ id: d.id, contentHash: d.content, vector: vectors[i]! })) },
  })
  const reader = other.project(writer.project)
  const { documents: stored, vectors: loaded } = await reader.loadEmbedded(hash.name)
  const stream = new VectorStream({ embedder: hash })
  await stream.replaceEmbedded([], stored, loaded)
  return stream
})
