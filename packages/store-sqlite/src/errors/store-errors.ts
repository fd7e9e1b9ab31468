import { RagError, type RagErrorOptions } from '@rag/core'
import { writable } from '../file-access.js'

/**
 * The file at `path` is not a readable SQLite database: garbage bytes, a truncated file, or pages
 * that SQLite reports as malformed. Code `CORRUPT_STORE`. Nothing in the file was changed.
 *
 * @example
 * try { await openSqliteKnowledgeBase('.rag/index.db') } catch (e) { if (e instanceof RagError && e.code === 'CORRUPT_STORE') ... }
 */
export class CorruptStoreError extends RagError {
  /** The database file. */
  readonly path: string

  constructor(path: string, message: string, options: RagErrorOptions = {}) {
    super('CORRUPT_STORE', message, options)
    this.name = 'CorruptStoreError'
    this.path = path
  }
}

/**
 * The file at `path` is a valid SQLite database that this version cannot use: another
 * application's database, a newer schema version, or an index built with another analyzer or
 * indexed text.
 * Code `INCOMPATIBLE_STORE`. Nothing in the file was changed.
 */
export class IncompatibleStoreError extends RagError {
  /** The database file. */
  readonly path: string
  /** What this version of `@rag/store-sqlite` expects, e.g. `schema version 1`. */
  readonly expected: string
  /** What the file holds, e.g. `schema version 2`. */
  readonly found: string

  constructor(path: string, expected: string, found: string, message: string, options: RagErrorOptions = {}) {
    super('INCOMPATIBLE_STORE', message, options)
    this.name = 'IncompatibleStoreError'
    this.path = path
    this.expected = expected
    this.found = found
  }
}

/** The shape of errors thrown by better-sqlite3 (`SqliteError`): a message and an extended result code. */
interface SqliteFailure {
  readonly message: string
  readonly code: string
}

function isSqliteFailure(error: unknown): error is SqliteFailure {
  if (!(error instanceof Error)) return false
  const code: unknown = (error as Error & { code?: unknown }).code
  return typeof code === 'string' && code.startsWith('SQLITE_')
}

/**
 * Turns an error from better-sqlite3 into the toolkit's typed errors: a malformed file becomes a
 * {@link CorruptStoreError}, and so does stored JSON that no longer parses (bytes damaged inside a
 * row SQLite still reads); a lock held too long a `CONFLICT`, other I/O failures `IO`.
 * `RagError`s pass through unchanged; anything else becomes `INTERNAL`.
 */
export function toStoreError(error: unknown, path: string, action: string): RagError {
  if (error instanceof RagError) return error
  if (error instanceof SyntaxError) {
    return new CorruptStoreError(
      path,
      `${path}: the SQLite store is corrupt (a stored value is not valid JSON: ${error.message}) while trying to ${action}; the file was damaged or altered outside the store.`,
      { cause: error },
    )
  }
  if (isSqliteFailure(error)) {
    const code = error.code
    if (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT')) {
      return new CorruptStoreError(
        path,
        `${path}: the SQLite store is corrupt (${error.message}) while trying to ${action}; expected a readable @rag/store-sqlite database.`,
        { cause: error },
      )
    }
    if (code.startsWith('SQLITE_READONLY') || code === 'SQLITE_PERM' || (code === 'SQLITE_CANTOPEN' && !writable(path))) {
      return new RagError(
        'IO',
        `${path}: cannot ${action}: this user may not write the store or its directory (${code}); reads still work, but to write fix the permissions of ${path} and its directory, or run as their owner.`,
        { cause: error },
      )
    }
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
      return new RagError(
        'CONFLICT',
        `${path}: another connection held the database lock too long while trying to ${action} (${code}); retry when the other writer is done.`,
        { cause: error },
      )
    }
    return new RagError('IO', `${path}: SQLite failed to ${action}: ${error.message} (${code}).`, { cause: error })
  }
  const message = error instanceof Error ? error.message : String(error)
  return new RagError('INTERNAL', `${path}: unexpected failure while trying to ${action}: ${message}`, { cause: error })
}
