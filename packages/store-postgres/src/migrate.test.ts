import { ConfigError, RagError } from '@rag/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPostgresDatabase } from './postgres-database.js'
import { SCHEMA_VERSION } from './schema.js'
import { IncompatibleStoreError } from './store-errors.js'
import { rejection } from './testing/rejection.js'
import { createTestDatabase, type TestDatabase } from './testing/test-database.js'

let test: TestDatabase

beforeAll(async () => {
  test = await createTestDatabase('migrate')
})
afterAll(() => test?.dispose())

describe('openPostgresDatabase schema migrations', () => {
  it('refuses an unmigrated database with migrate: false, naming `rag migrate`', async () => {
    const error = await rejection<RagError>(test.open({ migrate: false }))
    expect(error.code).toBe('INCOMPATIBLE_STORE')
    expect(error.message).toMatch(/schema is at version 0, this release needs \d+; run `rag migrate`/)
  })

  it('migrates once when many processes open at the same time, then is a no-op', async () => {
    const opened = await Promise.all(Array.from({ length: 6 }, () => test.open()))
    expect(await opened[0]!.schemaVersion()).toBe(SCHEMA_VERSION)
    expect(await opened[0]!.migrate()).toEqual({ from: SCHEMA_VERSION, to: SCHEMA_VERSION, applied: [] })
    const again = await test.open({ migrate: false })
    expect(await again.schemaVersion()).toBe(SCHEMA_VERSION)
  })

  it('refuses a schema newer than this code with a clear error, changing nothing', async () => {
    const database = await test.open()
    const project = database.project({ repoId: 'future' })
    await project.add([{ id: 'a', content: 'kept', metadata: {} }])
    const { default: pg } = await import('pg')
    const raw = new pg.Client({ connectionString: test.url })
    await raw.connect()
    await raw.query("INSERT INTO rag_schema_migrations (version, name) VALUES (999, 'from the future')")
    try {
      const error = await rejection<IncompatibleStoreError>(openPostgresDatabase(test.url))
      expect(error).toBeInstanceOf(IncompatibleStoreError)
      expect([error.expected, error.found]).toEqual([`schema version ${SCHEMA_VERSION}`, 'schema version 999'])
      expect(error.message).toMatch(/written by a newer @rag\/store-postgres; expected version \d+ or older, found 999\. Upgrade/)
      expect(await project.size()).toBe(1)
    } finally {
      await raw.query('DELETE FROM rag_schema_migrations WHERE version = 999')
      await raw.end()
    }
  })
})

describe('openPostgresDatabase connection errors', () => {
  it('rejects a URL that is not postgres:// with a ConfigError that hides the password', async () => {
    const error = await rejection<Error>(openPostgresDatabase('mysql://admin:s3cret@db/x'))
    expect(error).toBeInstanceOf(ConfigError)
    expect(error.message).not.toContain('s3cret')
    expect(error.message).toContain('mysql://admin:***@db/x')
  })

  it('fails with IO naming the server, never the password, when nothing listens', async () => {
    const error = await rejection<RagError>(openPostgresDatabase('postgres://rag:hunter2hunter2@127.0.0.1:1/rag', { connectTimeoutMs: 2000 }))
    expect(error).toBeInstanceOf(RagError)
    expect(error.code).toBe('IO')
    expect(error.message).toContain('postgres://rag:***@127.0.0.1:1/rag')
    expect(error.message).not.toContain('hunter2')
  })

  it('checks the pool options', async () => {
    await expect(openPostgresDatabase(test.url, { poolSize: 0 })).rejects.toThrow(/poolSize must be an integer of at least 1; received 0/)
    await expect(openPostgresDatabase(test.url, { statementTimeoutMs: -1 })).rejects.toBeInstanceOf(ConfigError)
  })
})
