import { randomBytes } from 'node:crypto'
import { existsSync, linkSync, rmSync } from 'node:fs'
import Database from 'better-sqlite3'
import { RagError, type Document } from '@rag/core'
import { CorruptStoreError, IncompatibleStoreError, toStoreError } from './errors/store-errors.js'
import { writable } from './file-access.js'
import { probeStoreFile } from './file-header.js'
import { APPLICATION_ID, META, SCHEMA_SQL, SCHEMA_VERSION, describeApplicationId } from './schema.js'
import { retryWhileBusy } from './retry-while-busy.js'
import { upgradeSchema } from './upgrade-schema.js'

/** What a store without an `indexed_text` row (written before the option existed) indexed. */
const LEGACY_INDEXED_TEXT = 'content'

/** Settings {@link openStoreDatabase} needs; the public defaults live in `SqliteKnowledgeBaseOptions`. */
export interface OpenStoreSettings {
  /** Create the file and schema when the path does not exist. */
  readonly create: boolean
  /** How long a statement waits for another connection's lock, in milliseconds. */
  readonly busyTimeoutMs: number
  /** The analyzer this connection will index and query with. */
  readonly analyzerName: string
  /** The `IndexedText` this connection will index documents with. */
  readonly indexedTextName: string
  /** How many FTS5 tokens the store indexes for a document: fills `term_counts` when upgrading an older store. */
  readonly termCountOf: (document: Document) => number
}

/** `true` for the paths better-sqlite3 treats as private in-memory or temporary databases. */
export function isMemoryPath(path: string): boolean {
  return path === ':memory:' || path === ''
}

/**
 * Opens (or creates) a store file and proves it is ours before anything is written: the raw header
 * must say SQLite, `application_id` must be ours (or the file brand new and empty), the schema
 * version not newer than this code, and the stored analyzer and indexed text the ones requested.
 * An older schema is then upgraded in place (see `upgradeSchema`).
 *
 * @throws CorruptStoreError, IncompatibleStoreError, or RagError `NOT_FOUND` / `IO`.
 */
export function openStoreDatabase(path: string, settings: OpenStoreSettings): Database.Database {
  const memory = isMemoryPath(path)
  if (!memory) {
    const probe = probeStoreFile(path)
    if (probe === 'missing' && !settings.create) {
      throw new RagError('NOT_FOUND', `${path}: no SQLite store exists at this path (open it with create: true to make one).`)
    }
    // A zero-length file is what a crash right after creating the file leaves (or a truncation):
    // with `create` it becomes a new, empty store; without, it is not served as an empty index.
    if (probe === 'empty' && !settings.create) {
      throw new CorruptStoreError(path, `${path}: the store file is empty (0 bytes), not an index; it was truncated or never finished being created.`)
    }
    if (probe === 'missing') createStoreFile(path, settings)
  }
  const readOnly = !memory && !settings.create && !writable(path)
  let db: Database.Database
  try {
    db = readOnly ? openReadOnly(path, settings.busyTimeoutMs) : new Database(path, { timeout: settings.busyTimeoutMs, fileMustExist: !settings.create && !memory })
  } catch (error) {
    if (error instanceof TypeError) {
      // better-sqlite3 reports a missing parent directory as a TypeError before SQLite runs.
      throw new RagError('NOT_FOUND', `${path}: cannot create the store: ${error.message}.`, { cause: error })
    }
    throw toStoreError(error, path, 'open the database file')
  }
  try {
    if (readOnly) checkReadOnly(db, path)
    else prepare(db, path, settings, memory)
    return db
  } catch (error) {
    db.close()
    throw toStoreError(error, path, 'open the database')
  }
}

/** `link` errors of file systems that cannot hard-link. */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV'])

/**
 * Makes a brand-new store complete (schema, WAL mode) under a private name beside `path`, then
 * links it into place, so no other process ever opens a half-made store file: several processes
 * creating one store at once otherwise meet in SQLite's rollback journal of the empty file (busy
 * errors SQLite does not wait for, a journal another process already deleted). When another
 * process linked its store first, that one is kept and this one dropped.
 */
function createStoreFile(path: string, settings: OpenStoreSettings): void {
  const scratch = `${path}.${process.pid}-${randomBytes(6).toString('hex')}.new`
  try {
    const db = new Database(scratch)
    try {
      initialise(db, path, settings, false)
    } finally {
      db.close()
    }
    linkSync(scratch, path)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST') return
    // A file system without hard links: the store is then created in place, as before.
    if (code !== undefined && NO_HARD_LINKS.has(code)) return
    if (error instanceof TypeError) {
      // better-sqlite3 reports a missing parent directory as a TypeError before SQLite runs.
      throw new RagError('NOT_FOUND', `${path}: cannot create the store: ${error.message}.`, { cause: error })
    }
    throw toStoreError(error, path, 'create the store file')
  } finally {
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${scratch}${suffix}`, { force: true })
  }
}

/**
 * Opens a store this process may read but not write (a read-only directory or file), so reads
 * still work. With its `-wal` and `-shm` files present, SQLite reads through them; without (the
 * last writer folded the WAL back and removed them), a WAL database can only be opened as
 * `immutable`, which needs URI filenames (`SQLITE_USE_URI=1` in the environment before the first
 * database opens, as `rag` sets it). Writes on it fail with SQLite's read-only errors, which
 * {@link toStoreError} names as a permissions problem.
 */
function openReadOnly(path: string, timeout: number): Database.Database {
  if (existsSync(`${path}-wal`) && existsSync(`${path}-shm`)) return new Database(path, { readonly: true, fileMustExist: true, timeout })
  return new Database(`file:${encodeURI(path).replace(/[?#]/g, encodeURIComponent)}?immutable=1`, { readonly: true, fileMustExist: true, timeout })
}

/** The identity and settings checks of {@link prepare} that need no write. */
function checkReadOnly(db: Database.Database, path: string): void {
  assertOurs(path, readIdentity(db))
}

function prepare(db: Database.Database, path: string, settings: OpenStoreSettings, memory: boolean): void {
  if (readIdentity(db).applicationId !== APPLICATION_ID) initialise(db, path, settings, memory)
  const identity = readIdentity(db)
  assertOurs(path, identity)
  if (!memory) {
    // WAL lets readers in other processes see the last committed generation while a writer works;
    // synchronous=NORMAL keeps commits atomic across a crash (only the newest commit can be lost on
    // power failure); journal_size_limit stops a big commit from leaving a huge WAL file behind.
    useWal(db, settings.busyTimeoutMs)
    db.pragma('synchronous = NORMAL')
    db.pragma('journal_size_limit = 67108864')
  }
  checkRecorded(db, path, ANALYZER, settings.analyzerName)
  checkRecorded(db, path, INDEXED_TEXT, settings.indexedTextName)
  if (identity.schemaVersion < SCHEMA_VERSION) upgradeSchema(db, settings.termCountOf)
}

/**
 * Switches the file to WAL unless it already is. Another process creating the same new store may
 * hold the rollback journal's write lock right then, which SQLite reports at once instead of
 * waiting: see `retryWhileBusy`.
 */
function useWal(db: Database.Database, timeoutMs: number): void {
  retryWhileBusy(() => {
    if (db.pragma('journal_mode', { simple: true }) !== 'wal') db.pragma('journal_mode = WAL')
  }, timeoutMs)
}

interface Identity {
  readonly applicationId: number
  readonly schemaVersion: number
  readonly objects: number
}

function readIdentity(db: Database.Database): Identity {
  const read = db.transaction(() => ({
    applicationId: Number(db.pragma('application_id', { simple: true })),
    schemaVersion: Number(db.pragma('user_version', { simple: true })),
    objects: Number(db.prepare('SELECT count(*) FROM sqlite_schema').pluck().get()),
  }))
  return read.deferred()
}

/** Creates the schema in a brand-new file; a file that holds anything else is left alone. */
function initialise(db: Database.Database, path: string, settings: OpenStoreSettings, memory: boolean): void {
  const before = readIdentity(db)
  if (before.applicationId !== 0 || before.objects > 0) return // assertOurs reports it
  if (!memory) useWal(db, settings.busyTimeoutMs)
  db.exec('BEGIN IMMEDIATE')
  try {
    // Another process may have created the schema while this one waited for the lock.
    const now = readIdentity(db)
    if (now.applicationId === 0 && now.objects === 0) {
      db.exec(SCHEMA_SQL)
      const put = db.prepare('INSERT INTO store_meta (key, value) VALUES (?, ?)')
      put.run(META.analyzer, settings.analyzerName)
      put.run(META.indexedText, settings.indexedTextName)
      put.run(META.generation, '0')
    }
    db.exec('COMMIT')
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK')
    throw toStoreError(error, path, 'create the schema')
  }
}

function assertOurs(path: string, identity: Identity): void {
  if (identity.applicationId !== APPLICATION_ID) {
    const found =
      identity.applicationId === 0
        ? `application_id 0 with ${identity.objects} schema objects`
        : `application_id ${describeApplicationId(identity.applicationId)}`
    throw new IncompatibleStoreError(
      path,
      `application_id ${describeApplicationId(APPLICATION_ID)}`,
      found,
      `${path}: not a @rag/store-sqlite database; expected application_id ${describeApplicationId(APPLICATION_ID)}, found ${found}. Refusing to modify it.`,
    )
  }
  if (identity.schemaVersion > SCHEMA_VERSION) {
    throw new IncompatibleStoreError(
      path,
      `schema version ${SCHEMA_VERSION}`,
      `schema version ${identity.schemaVersion}`,
      `${path}: written by a newer @rag/store-sqlite; expected schema version ${SCHEMA_VERSION} or older, found ${identity.schemaVersion}. Upgrade @rag/store-sqlite or rebuild the index.`,
    )
  }
  if (identity.schemaVersion < 1) {
    throw new CorruptStoreError(
      path,
      `${path}: @rag/store-sqlite application_id with schema version ${identity.schemaVersion}; expected ${SCHEMA_VERSION}. The file was altered outside the store.`,
    )
  }
}

/** A choice recorded beside the full-text index: the analyzer, or the indexed text. */
interface Recorded {
  readonly key: string
  /** In messages and in `IncompatibleStoreError.expected`/`found`: `analyzer`, `indexed text`. */
  readonly label: string
  /** What a store without the row holds. */
  readonly legacy?: string
}

const ANALYZER: Recorded = { key: META.analyzer, label: 'analyzer' }
const INDEXED_TEXT: Recorded = { key: META.indexedText, label: 'indexed text', legacy: LEGACY_INDEXED_TEXT }

/**
 * Version 2 marks a version 1 store whose index holds another text than the content (see
 * `SCHEMA_VERSION`), so a release that knows only version 1 refuses it even before the upgrade to
 * version 3 that follows. Runs inside the caller's write transaction.
 */
function markSchemaVersion(db: Database.Database, indexedTextName: string): void {
  if (indexedTextName !== LEGACY_INDEXED_TEXT && Number(db.pragma('user_version', { simple: true })) < 2) db.pragma('user_version = 2')
}

/**
 * The full-text index holds terms analysed from one text of each document with one analyzer, so
 * it is only valid for those. An empty store simply adopts the requested ones.
 */
function checkRecorded(db: Database.Database, path: string, recorded: Recorded, requested: string): void {
  const read = () => (db.prepare('SELECT value FROM store_meta WHERE key = ?').pluck().get(recorded.key) as string | undefined) ?? recorded.legacy
  const stored = read()
  if (stored === requested) return
  const adopt = db.transaction(() => {
    // Another process may have adopted it while this one waited for the write lock.
    if (read() === requested) return true
    const count = Number(db.prepare('SELECT count(*) FROM documents').pluck().get())
    if (count > 0) return false
    db.prepare('INSERT OR REPLACE INTO store_meta (key, value) VALUES (?, ?)').run(recorded.key, requested)
    if (recorded === INDEXED_TEXT) markSchemaVersion(db, requested)
    return true
  })
  if (adopt.immediate()) return
  const found = read() ?? '(none)'
  const { label } = recorded
  throw new IncompatibleStoreError(
    path,
    `${label} ${requested}`,
    `${label} ${found}`,
    `${path}: indexed with ${label} "${found}", opened with "${requested}"; open it with the same ${label} or clear and re-index it.`,
  )
}
