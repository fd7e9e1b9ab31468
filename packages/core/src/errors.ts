/** Every error code the toolkit throws. Callers branch on `code`, never on message text. */
export type RagErrorCode =
  | 'INVALID_ARGUMENT'
  | 'DUPLICATE_ID'
  | 'NOT_FOUND'
  | 'CONFIG'
  | 'LIMIT_EXCEEDED'
  | 'CANCELLED'
  | 'ALL_STREAMS_FAILED'
  | 'CONFLICT'
  | 'LOCKED'
  | 'IO'
  | 'CORRUPT_STORE'
  | 'INCOMPATIBLE_STORE'
  | 'INTERNAL'

/** Options shared by every error constructor. */
export interface RagErrorOptions {
  /** The underlying error, if any. */
  readonly cause?: unknown
}

/**
 * The base of every error a public `@rag/*` API throws. The message is one sentence naming the
 * thing, the expected and the received value.
 *
 * @example
 * try { await stream.search('', 5) } catch (e) { if (e instanceof RagError && e.code === 'INVALID_ARGUMENT') ... }
 */
export class RagError extends Error {
  /** Machine-readable reason. */
  readonly code: RagErrorCode

  constructor(code: RagErrorCode, message: string, options: RagErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'RagError'
    this.code = code
  }
}

/** A caller passed a value outside what the API accepts (empty query, `topK` of 0, NaN weight, ...). */
export class InvalidArgumentError extends RagError {
  constructor(message: string, options: RagErrorOptions = {}) {
    super('INVALID_ARGUMENT', message, options)
    this.name = 'InvalidArgumentError'
  }
}

/** A document id is already stored, or repeated within one batch. */
export class DuplicateIdError extends RagError {
  /** The offending id. */
  readonly id: string

  constructor(id: string, message: string, options: RagErrorOptions = {}) {
    super('DUPLICATE_ID', message, options)
    this.name = 'DuplicateIdError'
    this.id = id
  }
}

/** Configuration is wrong: an ignore file with `!`, an invalid config value, conflicting components. */
export class ConfigError extends RagError {
  constructor(message: string, options: RagErrorOptions = {}) {
    super('CONFIG', message, options)
    this.name = 'ConfigError'
  }
}

/** A policy limit was exceeded; nothing was truncated silently. */
export class LimitExceededError extends RagError {
  /** Which limit, e.g. `maxFiles`. */
  readonly limit: string
  /** The configured bound. */
  readonly max: number
  /** What was seen. */
  readonly actual: number

  constructor(limit: string, max: number, actual: number, message: string, options: RagErrorOptions = {}) {
    super('LIMIT_EXCEEDED', message, options)
    this.name = 'LimitExceededError'
    this.limit = limit
    this.max = max
    this.actual = actual
  }
}

/** The operation was cancelled through an `AbortSignal`; nothing was committed. */
export class CancelledError extends RagError {
  constructor(message = 'The operation was cancelled before it committed.', options: RagErrorOptions = {}) {
    super('CANCELLED', message, options)
    this.name = 'CancelledError'
  }
}

/**
 * A path a client asked for lies outside the configured roots (or tries to: `..`, an encoded
 * separator, a symbolic link leading out), or an index run's root resolved outside the directories
 * it was confined to. Code `INVALID_ARGUMENT`; servers answer 403.
 */
export class PathNotAllowedError extends RagError {
  /** The path as the client sent it. */
  readonly path: string

  constructor(path: string, message: string, options: RagErrorOptions = {}) {
    super('INVALID_ARGUMENT', message, options)
    this.name = 'PathNotAllowedError'
    this.path = path
  }
}
