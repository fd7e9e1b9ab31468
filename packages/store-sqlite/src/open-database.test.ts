import { existsSync, readFileSync, readdirSync, statSync, truncateSync, writeFileSync, openSync, writeSync, closeSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { RagError, type Analyzer } from '@rag/core'
import { basicTokenize } from '@rag/lexical'
import { generation } from '@rag/test-utils'
import { afterAll, describe, expect, it } from 'vitest'
import { CorruptStoreError, IncompatibleStoreError } from './errors/store-errors.js'
import { APPLICATION_ID, SCHEMA_VERSION } from './schema.js'
import { openSqliteKnowledgeBase } from './sqlite-knowledge-base.js'
import { openError } from './testing/open-error.js'
import { createTempStores } from './testing/temp-stores.js'

const stores = createTempStores()
afterAll(() => stores.dispose())

/** A real store file with `count` documents, closed (so its WAL is checkpointed away). */
async function realStore(name: string, count: number): Promise<string> {
  const path = stores.path(name)
  const kb = await openSqliteKnowledgeBase(path)
  await kb.add(generation('real', count))
  await kb.close()
  expect(existsSync(`${path}-wal`)).toBe(false)
  return path
}

describe('openSqliteKnowledgeBase on files it does not own', () => {
  it('reports garbage bytes as CORRUPT_STORE naming the path, and leaves the file unchanged', async () => {
    const path = stores.path('garbage.db')
    const bytes = Buffer.from('this is a text file, not a database\n'.repeat(200))
    writeFileSync(path, bytes)
    const error = await openError(path)
    expect(error).toBeInstanceOf(CorruptStoreError)
    expect(error.code).toBe('CORRUPT_STORE')
    expect(error.message).toContain(path)
    expect(error.message).toMatch(/not a SQLite database/)
    expect(readFileSync(path).equals(bytes)).toBe(true)
    expect(existsSync(`${path}-wal`)).toBe(false)
  })

  it('reports a file shorter than the SQLite header as CORRUPT_STORE', async () => {
    const path = stores.path('short.db')
    writeFileSync(path, 'SQLite format 3\0abc')
    const error = await openError(path)
    expect(error.code).toBe('CORRUPT_STORE')
    expect(error.message).toMatch(/truncated/)
  })

  it('reports a truncated real store as CORRUPT_STORE with the expected and actual sizes', async () => {
    const path = await realStore('truncated.db', 3000)
    const size = statSync(path).size
    truncateSync(path, Math.floor(size / 2))
    const error = await openError(path)
    expect(error).toBeInstanceOf(CorruptStoreError)
    expect((error as CorruptStoreError).path).toBe(path)
    expect(error.message).toContain(`${size} bytes`)
    expect(error.message).toContain(`the file has ${Math.floor(size / 2)} bytes`)
  })

  it('reports pages overwritten with garbage as CORRUPT_STORE when they are read', async () => {
    const path = await realStore('scribbled.db', 3000)
    const size = statSync(path).size
    const fd = openSync(path, 'r+')
    try {
      // Keep page 1 (the header and schema), scribble over everything after it.
      writeSync(fd, Buffer.alloc(size - 4096, 0xa5), 0, size - 4096, 4096)
    } finally {
      closeSync(fd)
    }
    const error = await openSqliteKnowledgeBase(path).then(
      async (kb) => {
        try {
          await kb.list()
          return undefined
        } catch (e) {
          return e
        } finally {
          await kb.close()
        }
      },
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(CorruptStoreError)
    expect((error as Error).message).toContain(path)
  })

  it('refuses a SQLite database of another application as INCOMPATIBLE_STORE, without modifying it', async () => {
    const path = stores.path('other-app.db')
    const other = new Database(path)
    other.pragma(`application_id = ${0x464f4f4e}`)
    other.exec("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me')")
    other.close()
    const before = readFileSync(path)
    const error = await openError(path)
    expect(error).toBeInstanceOf(IncompatibleStoreError)
    expect(error.code).toBe('INCOMPATIBLE_STORE')
    const incompatible = error as IncompatibleStoreError
    expect(incompatible.path).toBe(path)
    expect(incompatible.expected).toContain('0x72616773')
    expect(incompatible.found).toBe('application_id 0x464f4f4e ("FOON")')
    expect(error.message).toContain(path)
    expect(readFileSync(path).equals(before)).toBe(true)
  })

  it('refuses a plain SQLite database with tables but no application id, and does not switch it to WAL', async () => {
    const path = stores.path('plain.db')
    const other = new Database(path)
    other.exec('CREATE TABLE t (x INTEGER)')
    other.close()
    const before = readFileSync(path)
    const error = await openError(path)
    expect(error.code).toBe('INCOMPATIBLE_STORE')
    expect((error as IncompatibleStoreError).found).toBe('application_id 0 with 1 schema objects')
    expect(readFileSync(path).equals(before)).toBe(true)
    const check = new Database(path, { readonly: true })
    expect(check.pragma('journal_mode', { simple: true })).toBe('delete')
    check.close()
  })

  it('refuses a store with a newer schema version, naming expected and found versions', async () => {
    const path = await realStore('newer.db', 3)
    const raw = new Database(path)
    raw.pragma(`user_version = ${SCHEMA_VERSION + 1}`)
    raw.close()
    const error = (await openError(path)) as IncompatibleStoreError
    expect(error).toBeInstanceOf(IncompatibleStoreError)
    expect(error.expected).toBe(`schema version ${SCHEMA_VERSION}`)
    expect(error.found).toBe(`schema version ${SCHEMA_VERSION + 1}`)
    expect(error.message).toMatch(new RegExp(`expected schema version ${SCHEMA_VERSION} or older, found ${SCHEMA_VERSION + 1}`))
  })

  it('refuses a non-empty store indexed with another analyzer; an empty one adopts the new analyzer', async () => {
    const other: Analyzer = { name: 'other@1', analyze: basicTokenize, analyzeQuery: basicTokenize }
    const full = await realStore('analyzer.db', 2)
    const error = (await openError(full, { analyzer: other })) as IncompatibleStoreError
    expect(error.code).toBe('INCOMPATIBLE_STORE')
    expect([error.expected, error.found]).toEqual(['analyzer other@1', 'analyzer basic@1'])

    const empty = stores.path('empty-analyzer.db')
    await (await openSqliteKnowledgeBase(empty)).close()
    const kb = await stores.open(empty, { analyzer: other })
    await kb.add(generation('x', 1))
    expect((await openError(empty)).code).toBe('INCOMPATIBLE_STORE')
  })
})

describe('openSqliteKnowledgeBase on paths', () => {
  it('creates a store with our application id and schema version, and reopens its contents', async () => {
    const path = stores.path('fresh.db')
    const kb = await openSqliteKnowledgeBase(path)
    await kb.add(generation('keep', 3))
    await kb.close()
    const raw = new Database(path, { readonly: true })
    expect(raw.pragma('application_id', { simple: true })).toBe(APPLICATION_ID)
    expect(raw.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION)
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal')
    raw.close()
    const again = await stores.open(path)
    expect((await again.list()).map((d) => d.id)).toEqual(['keep-0', 'keep-1', 'keep-2'])
  })

  it('creates a new store whole under a private name and links it into place, leaving nothing else beside it', async () => {
    const dir = stores.path('created-whole')
    mkdirSync(dir)
    const path = join(dir, 'index.db')
    const kb = await stores.open(path)
    // Linked in already made: the schema and WAL mode are there before any statement of this connection.
    const raw = new Database(path, { readonly: true })
    expect(raw.pragma('application_id', { simple: true })).toBe(APPLICATION_ID)
    raw.close()
    await kb.close()
    expect(readdirSync(dir)).toEqual(['index.db'])
  })

  it('initialises a zero-length file, which is what a crash right after creating it leaves', async () => {
    const path = stores.path('zero.db')
    writeFileSync(path, '')
    const kb = await stores.open(path)
    expect(await kb.size()).toBe(0)
  })

  it('with create: false refuses a zero-length file as CORRUPT_STORE instead of serving it as an empty store, and leaves it alone', async () => {
    const path = stores.path('zero-read.db')
    writeFileSync(path, '')
    const error = await openError(path, { create: false })
    expect(error).toBeInstanceOf(CorruptStoreError)
    expect(error.message).toBe(`${path}: the store file is empty (0 bytes), not an index; it was truncated or never finished being created.`)
    expect(statSync(path).size).toBe(0)
  })

  it('reports stored JSON that no longer parses as CORRUPT_STORE, not an internal error', async () => {
    const path = stores.path('bad-json.db')
    const kb = await stores.open(path)
    await kb.add([{ id: 'a', content: 'alpha', metadata: { file: 'a.ts' } }])
    await kb.close()
    const raw = new Database(path)
    raw.prepare("INSERT OR REPLACE INTO store_meta (key, value) VALUES ('state', ?)").run('{"root":"/r\u0001oot"')
    raw.close()
    const reopened = await stores.open(path)
    const error = await reopened.loadState().then(
      () => undefined,
      (e: unknown) => e as RagError,
    )
    expect(error).toBeInstanceOf(CorruptStoreError)
    expect(error!.message).toMatch(/: the SQLite store is corrupt \(a stored value is not valid JSON: .*\) while trying to load the index state;/)
  })

  it('with create: false reports a missing file as NOT_FOUND and creates nothing', async () => {
    const path = stores.path('missing.db')
    const error = await openError(path, { create: false })
    expect(error.code).toBe('NOT_FOUND')
    expect(error.message).toContain(path)
    expect(existsSync(path)).toBe(false)
  })

  it('reports a missing parent directory as NOT_FOUND', async () => {
    const error = await openError(join(stores.dir, 'no-such-dir', 'index.db'))
    expect(error.code).toBe('NOT_FOUND')
    expect(error.message).toMatch(/directory does not exist/)
  })

  it('reports a directory as an IO error', async () => {
    const dir = join(stores.dir, 'a-directory')
    mkdirSync(dir)
    const error = await openError(dir)
    expect(error.code).toBe('IO')
    expect(error.message).toMatch(/found a directory/)
  })

  it('fails every call after close with a RagError naming the path', async () => {
    const path = stores.path('closed.db')
    const kb = await openSqliteKnowledgeBase(path)
    await kb.close()
    await kb.close()
    await expect(kb.size()).rejects.toThrow(/closed/)
    await expect(kb.search('x y', 1)).rejects.toBeInstanceOf(RagError)
  })

  it('closes through Symbol.dispose', async () => {
    const path = stores.path('disposed.db')
    {
      const kb = await openSqliteKnowledgeBase(path)
      kb[Symbol.dispose]()
      await expect(kb.size()).rejects.toThrow(/closed/)
    }
  })
})
