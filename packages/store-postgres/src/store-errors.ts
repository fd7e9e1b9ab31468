import { RagError, type RagErrorOptions } from '@rag/core'

/**
 * The database cannot be used by this version: its schema is newer than this code, or a project
 * was indexed with another analyzer or indexed text. Code `INCOMPATIBLE_STORE`. Nothing was changed.
 */
export class IncompatibleStoreError extends RagError {
  /** Where: the database (password hidden) and, for a project, its key. */
  readonly where: string
  /** What this version expects, e.g. `schema version 1` or `analyzer code-aware@2`. */
  readonly expected: string
  /** What the database holds. */
  readonly found: string

  constructor(where: string, expected: string, found: string, message: string, options: RagErrorOptions = {}) {
    super('INCOMPATIBLE_STORE', message, options)
    this.name = 'IncompatibleStoreError'
    this.where = where
    this.expected = expected
    this.found = found
  }
}

interface PgFailure {
  readonly message: string
  readonly code?: string
}

// SQLSTATE classes and codes the store turns into the toolkit's codes.
const SERIALIZATION = new Set(['40001', '40P01', '55P03'])
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EHOSTUNREACH', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN'])

/**
 * Turns an error of node-postgres into the toolkit's typed errors: lock and serialisation
 * failures become `CONFLICT`, a cancelled statement (statement timeout) or a lost connection `IO`,
 * anything else `IO` with PostgreSQL's message. `RagError`s pass through unchanged. Messages name
 * `where` (the database URL without its password), never a credential.
 */
export function toStoreError(error: unknown, where: string, action: string): RagError {
  if (error instanceof RagError) return error
  const failure = (error ?? {}) as PgFailure
  const code = typeof failure.code === 'string' ? failure.code : undefined
  const message = typeof failure.message === 'string' ? failure.message : String(error)
  if (code !== undefined && SERIALIZATION.has(code)) {
    return new RagError('CONFLICT', `${where}: another connection held a lock too long while trying to ${action} (${message}); retry when the other writer is done.`, { cause: error })
  }
  if (code === '57014') {
    return new RagError('IO', `${where}: PostgreSQL cancelled a statement while trying to ${action} (${message}); raise the statement timeout or retry.`, { cause: error })
  }
  if (code !== undefined && (CONNECTION_CODES.has(code) || code.startsWith('08') || code === '57P01')) {
    return new RagError('IO', `${where}: cannot reach PostgreSQL while trying to ${action} (${code}: ${message}); check that the server runs and the URL is right.`, { cause: error })
  }
  if (/terminat|Connection terminated|timeout exceeded when trying to connect/i.test(message)) {
    return new RagError('IO', `${where}: the connection to PostgreSQL failed while trying to ${action} (${message}).`, { cause: error })
  }
  return new RagError('IO', `${where}: PostgreSQL failed to ${action}: ${message}${code ? ` (${code})` : ''}.`, { cause: error })
}
