import type pg from 'pg'
import { RagError } from '@rag/core'
import { LOCK_NAMESPACE, MIGRATIONS, SCHEMA_VERSION, type Migration } from './schema.js'
import { IncompatibleStoreError } from './store-errors.js'

/** What {@link migrateSchema} did. */
export interface MigrationReport {
  /** The schema version before (0: no @rag schema). */
  readonly from: number
  /** The schema version after. */
  readonly to: number
  /** The migrations this call applied, oldest first (empty when the schema was current). */
  readonly applied: readonly { readonly version: number; readonly name: string }[]
}

const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS rag_schema_migrations (
  version integer PRIMARY KEY,
  name text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`

/** The newest recorded schema version (0 when the table is absent or empty). */
export async function schemaVersion(client: pg.ClientBase): Promise<number> {
  const exists = await client.query<{ present: boolean }>("SELECT to_regclass('rag_schema_migrations') IS NOT NULL AS present")
  if (!exists.rows[0]!.present) return 0
  const { rows } = await client.query<{ version: number | null }>('SELECT max(version) AS version FROM rag_schema_migrations')
  return rows[0]!.version ?? 0
}

/** Refuses a schema newer than this code. */
export function assertNotNewer(version: number, where: string): void {
  if (version > SCHEMA_VERSION) {
    throw new IncompatibleStoreError(
      where,
      `schema version ${SCHEMA_VERSION}`,
      `schema version ${version}`,
      `${where}: the @rag schema was written by a newer @rag/store-postgres; expected version ${SCHEMA_VERSION} or older, found ${version}. Upgrade @rag/store-postgres (and the rag CLI) before using this database.`,
    )
  }
}

/**
 * Brings the database's @rag schema to {@link SCHEMA_VERSION}: every pending migration runs in its
 * own transaction and is recorded, under an advisory lock so that several servers starting at once
 * apply each migration exactly once. Idempotent: a current schema costs two reads and takes no lock.
 *
 * @throws IncompatibleStoreError when the database holds a newer schema; a store error when a
 *   migration fails (that migration is rolled back, earlier ones stay).
 */
export async function migrateSchema(client: pg.ClientBase, where: string, migrations: readonly Migration[] = MIGRATIONS): Promise<MigrationReport> {
  const before = await schemaVersion(client)
  assertNotNewer(before, where)
  const latest = migrations[migrations.length - 1]?.version ?? 0
  if (before >= latest) return { from: before, to: before, applied: [] }
  await client.query('SELECT pg_advisory_lock($1, 0)', [LOCK_NAMESPACE])
  try {
    await client.query(MIGRATIONS_TABLE)
    // Another process may have migrated while this one waited for the lock.
    const from = await schemaVersion(client)
    assertNotNewer(from, where)
    const applied: { version: number; name: string }[] = []
    for (const migration of migrations) {
      if (migration.version <= from) continue
      await client.query('BEGIN')
      try {
        await client.query(migration.sql)
        await client.query('INSERT INTO rag_schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name])
        await client.query('COMMIT')
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw new RagError('IO', `${where}: migration ${migration.version} (${migration.name}) failed: ${(error as Error).message}; the schema stays at version ${applied.at(-1)?.version ?? from}.`, { cause: error })
      }
      applied.push({ version: migration.version, name: migration.name })
    }
    return { from, to: applied.at(-1)?.version ?? from, applied }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1, 0)', [LOCK_NAMESPACE])
  }
}
