import Database from 'better-sqlite3'
import { RagError } from '@rag/core'
import { CorruptStoreError, IncompatibleStoreError, toStoreError } from './errors/store-errors.js'
import { probeStoreFile } from './file-header.js'
import { APPLICATION_ID, META, SCHEMA_SQL, SCHEMA_VERSION, describeApplicationId } from './schema.js'

/** Settings {@link openStoreDatabase} needs; the public defaults live in `SqliteKnowledgeBaseOptions`. */
export interface OpenStoreSettings {
  /** Create the file and schema when the path does not exist. */
  readonly create: boolean
  /** How long a statement waits for another connection's lock, in milliseconds. */
  readonly busyTimeoutMs: number
  /** The analyzer this connection will index and query with. */
  readonly analyzerName: string
}

/** `true` for the paths better-sqlite3 treats as private in-memory or temporary databases. */
export function isMemoryPath(path: string): boolean {
  return path === ':memory:' || path === ''
}

/**
 * Opens (or creates) a store file and proves it is ours before anything is written: the raw header
 * must say SQLite, `application_id` must be ours (or the file brand new and empty), the schema
 * version not newer than this code, and the stored analyzer the one requested.
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
  }
  let db: Database.Database
  try {
    db = new Database(path, { timeout: settings.busyTimeoutMs, fileMustExist: !settings.create && !memory })
  } catch (error) {
    if (error instanceof TypeError) {
      // better-sqlite3 reports a missing parent directory as a TypeError before SQLite runs.
      throw new RagError('NOT_FOUND', `${path}: cannot create the store: ${error.message}.`, { cause: error })
    }
    throw toStoreError(error, path, 'open the database file')
  }
  try {
    prepare(db, path, settings, memory)
    return db
  } catch (error) {
    db.close()
    throw toStoreError(error, path, 'open the database')
  }
}

function prepare(db: Database.Database, path: string, settings: OpenStoreSettings, memory: boolean): void {
  if (readIdentity(db).applicationId !== APPLICATION_ID) initialise(db, path, settings, memory)
  const identity = readIdentity(db)
  assertOurs(path, identity)
  if (!memory) {
    // WAL lets readers in other processes see the last committed generation while a writer works;
    // synchronous=NORMAL keeps commits atomic across a crash (only the newest commit can be lost on
    // power failure); journal_size_limit stops a big commit from leaving a huge WAL file behind.
    if (db.pragma('journal_mode', { simple: true }) !== 'wal') db.pragma('journal_mode = WAL')
    db.pragma('synchronous = NORMAL')
    db.pragma('journal_size_limit = 67108864')
  }
  checkAnalyzer(db, path, settings.analyzerName)
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
  if (!memory) db.pragma('journal_mode = WAL')
  db.exec('BEGIN IMMEDIATE')
  try {
    // Another process may have created the schema while this one waited for the lock.
    const now = readIdentity(db)
    if (now.applicationId === 0 && now.objects === 0) {
      db.exec(SCHEMA_SQL)
      const put = db.prepare('INSERT INTO store_meta (key, value) VALUES (?, ?)')
      put.run(META.analyzer, settings.analyzerName)
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

/**
 * The full-text index holds analyzed terms, so it is only valid for the analyzer that produced it.
 * An empty store simply adopts the new analyzer.
 */
function checkAnalyzer(db: Database.Database, path: string, analyzerName: string): void {
  const stored = db.prepare('SELECT value FROM store_meta WHERE key = ?').pluck().get(META.analyzer) as string | undefined
  if (stored === analyzerName) return
  const adopt = db.transaction(() => {
    const count = Number(db.prepare('SELECT count(*) FROM documents').pluck().get())
    if (count > 0) return false
    db.prepare('INSERT OR REPLACE INTO store_meta (key, value) VALUES (?, ?)').run(META.analyzer, analyzerName)
    return true
  })
  if (adopt.immediate()) return
  throw new IncompatibleStoreError(
    path,
    `analyzer ${analyzerName}`,
    `analyzer ${stored ?? '(none)'}`,
    `${path}: indexed with analyzer "${stored ?? '(none)'}", opened with "${analyzerName}"; open it with the same analyzer or clear and re-index it.`,
  )
}
