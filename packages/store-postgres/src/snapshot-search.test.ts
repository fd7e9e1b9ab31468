import pg from 'pg'
import type { Document } from '@rag/core'
import { doc } from '@rag/test-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PostingsCache } from './postings-cache.js'
import type { PostgresDatabase } from './postgres-database.js'
import { readPostings, type ProjectSnapshot } from './snapshot-search.js'
import { createTestDatabase, type TestDatabase } from './testing/test-database.js'

let test: TestDatabase
let database: PostgresDatabase

beforeAll(async () => {
  test = await createTestDatabase('snapshot_search')
  database = await test.open()
})
afterAll(() => test?.dispose())

/** The project's row as a search reads it first, in `client`'s snapshot. */
async function snapshotOf(client: pg.ClientBase, repoId: string): Promise<ProjectSnapshot> {
  const { rows } = await client.query<{ id: number; generation: string; chunk_count: string; total_length: string }>(
    'SELECT id, generation, chunk_count, total_length FROM rag_projects WHERE repo_id = $1',
    [repoId],
  )
  const row = rows[0]!
  return { id: row.id, generation: Number(row.generation), statistics: { documentCount: Number(row.chunk_count), totalLength: Number(row.total_length) } }
}

/** `client`, whose answers wait for `gate` after PostgreSQL has given them: a search held mid-read. */
function held(client: pg.Client, gate: Promise<void>): pg.ClientBase {
  const query = async (...args: unknown[]): Promise<unknown> => {
    const result = await (client.query as (...a: unknown[]) => Promise<unknown>).apply(client, args)
    await gate
    return result
  }
  return { query } as unknown as pg.ClientBase
}

/** `client`, counting the statements sent through it. */
function counted(client: pg.Client): { client: pg.ClientBase; statements: () => number } {
  let statements = 0
  const query = (...args: unknown[]): Promise<unknown> => {
    statements++
    return (client.query as (...a: unknown[]) => Promise<unknown>).apply(client, args)
  }
  return { client: { query } as unknown as pg.ClientBase, statements: () => statements }
}

/** Two searches' connections: `older` in a REPEATABLE READ snapshot taken before the commit of the next generation, `newer` after it. */
interface TwoGenerations {
  readonly older: pg.Client
  readonly newer: pg.Client
  readonly before: ProjectSnapshot
  readonly after: ProjectSnapshot
}

/**
 * Stores `first` as project `repoId`, takes the older snapshot, replaces `first` with `second`,
 * and runs `check` with both connections (the older one's transaction ends when its connection closes).
 */
async function withTwoGenerations(repoId: string, first: Document[], second: Document[], check: (g: TwoGenerations) => Promise<void>): Promise<void> {
  const store = database.project({ repoId })
  await store.add(first)
  const older = new pg.Client({ connectionString: test.url })
  const newer = new pg.Client({ connectionString: test.url })
  await older.connect()
  await newer.connect()
  try {
    await older.query('BEGIN ISOLATION LEVEL REPEATABLE READ')
    const before = await snapshotOf(older, repoId)
    await store.replaceDocuments(first.map((d) => d.id), second)
    const after = await snapshotOf(newer, repoId)
    expect(after.generation).toBeGreaterThan(before.generation)
    await check({ older, newer, before, after })
  } finally {
    await older.end()
    await newer.end()
  }
}

describe('readPostings with searches of two generations in flight on one server', () => {
  it('keeps the newer generation\'s cached postings when a search of the older one finishes last', async () => {
    const first = [doc('a', 'shared connection pool alpha'), doc('b', 'pool of workers alpha')]
    await withTwoGenerations('overlap', first, [doc('a', 'shared connection pool bravo'), doc('c', 'pool bravo')], async ({ older, newer, before, after }) => {
      const cache = new PostingsCache()
      let release!: () => void
      const slow = readPostings(held(older, new Promise<void>((resolve) => (release = resolve))), before, ['pool'], cache)
      const fresh = await readPostings(newer, after, ['pool'], cache)
      release()
      const stale = await slow

      // Each search read its own generation: the chunks were replaced, so their seqs differ.
      expect(fresh).toHaveLength(1)
      expect(stale).toHaveLength(1)
      expect(stale).not.toEqual(fresh)
      // The older search finished last; the newer generation's next search still reads its own postings.
      expect(await readPostings(newer, after, ['pool'], cache)).toEqual(fresh)
    })
  })

  it('keeps serving the newer generation from the cache after a search of the older one reads', async () => {
    await withTwoGenerations('late', [doc('a', 'shared connection pool alpha')], [doc('a', 'shared connection pool bravo')], async ({ older, newer, before, after }) => {
      const cache = new PostingsCache()
      const fresh = await readPostings(newer, after, ['pool'], cache)
      // The older snapshot's search reads after the newer one has filled the cache.
      const stale = await readPostings(older, before, ['pool'], cache)
      expect(stale).not.toEqual(fresh)

      const reading = counted(newer)
      expect(await readPostings(reading.client, after, ['pool'], cache)).toEqual(fresh)
      expect(reading.statements()).toBe(0)
    })
  })
})
