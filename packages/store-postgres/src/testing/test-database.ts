import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { openPostgresDatabase, type OpenPostgresDatabaseOptions, type PostgresDatabase } from '../postgres-database.js'

/**
 * The server the tests use: `RAG_TEST_POSTGRES_URL`, or the PostgreSQL every machine of this
 * project runs on 127.0.0.1:5432 with trust authentication.
 */
export const ADMIN_URL = process.env['RAG_TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/** A database made for one test file, and how to drop it. */
export interface TestDatabase {
  /** Its connection URL. */
  readonly url: string
  /** Its name. */
  readonly name: string
  /** Opens it (migrating on first open), tracked for `dispose`. */
  open(options?: OpenPostgresDatabaseOptions): Promise<PostgresDatabase>
  /** Closes every tracked database and drops the test database (`WITH (FORCE)`). */
  dispose(): Promise<void>
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 10_000 })
  try {
    await client.connect()
  } catch (error) {
    throw new Error(
      `The PostgreSQL tests need a server at ${ADMIN_URL.replace(/:[^:@/]*@/, ':***@')} (set RAG_TEST_POSTGRES_URL to use another); connecting failed: ${(error as Error).message}. They never skip: start PostgreSQL 15 and run them again.`,
      { cause: error },
    )
  }
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** Creates a fresh, empty database named `rag_test_<label>_<random>` on the test server. */
export async function createTestDatabase(label: string): Promise<TestDatabase> {
  const name = `rag_test_${label.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`
  await admin((client) => client.query(`CREATE DATABASE ${name}`))
  const url = new URL(ADMIN_URL)
  url.pathname = `/${name}`
  const opened: PostgresDatabase[] = []
  return {
    url: url.href,
    name,
    async open(options = {}) {
      const database = await openPostgresDatabase(url.href, options)
      opened.push(database)
      return database
    },
    async dispose() {
      for (const database of opened.splice(0)) await database.close()
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
    },
  }
}
