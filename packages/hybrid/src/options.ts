import { ConfigError } from '@rag/core'

/** Where the retriever reports a stream it skipped. `console` fits, and so do most loggers. */
export interface Logger {
  /** Called once per failed stream, with a one-sentence message and the error. */
  warn(message: string, ...details: unknown[]): void
}

/** Options of {@link HybridRetriever.builder}. */
export interface HybridRetrieverOptions {
  /**
   * The retriever's own name, for when it is used as a `Stream` inside another retriever.
   * @default 'hybrid'
   */
  readonly name?: string
  /**
   * The RRF constant: a stream's rank `r` (from 0) adds `weight / (k + r + 1)`. Larger values flatten
   * the difference between top and lower ranks.
   * @default 60
   */
  readonly k?: number
  /**
   * Each stream is read `candidateMultiplier` times as deep as the positions it fills (at least
   * `minCandidates` deep), so documents just below one stream's cut can still be lifted by another.
   * @default 2
   */
  readonly candidateMultiplier?: number
  /**
   * Every stream is asked for at least this many results, whatever `topK`: every `topK` up to
   * `minCandidates / candidateMultiplier` fuses the very same lists, and larger ones only add
   * deeper tiers after those positions.
   * @default 50
   */
  readonly minCandidates?: number
  /**
   * When the per-file cap leaves fewer than `topK` results, the streams are asked again, deeper, up
   * to this many results each (or `candidateMultiplier × topK`, if more).
   * @default 10000
   */
  readonly maxCandidates?: number
  /**
   * At most this many results share one value of the `file` metadata key; documents without `file`
   * are not capped. `Infinity` turns the cap off.
   * @default 3
   */
  readonly maxPerFile?: number
  /**
   * Receives a warning for every stream that throws (the stream is then skipped).
   * @default console
   */
  readonly logger?: Logger
}

/** {@link HybridRetrieverOptions} with every default filled in and checked. */
export interface ResolvedOptions {
  readonly name: string
  readonly k: number
  readonly candidateMultiplier: number
  readonly minCandidates: number
  readonly maxCandidates: number
  readonly maxPerFile: number
  readonly logger: Logger
}

/**
 * Fills in defaults and checks every option.
 *
 * @throws ConfigError naming the option and the received value.
 */
export function resolveOptions({
  name = 'hybrid',
  k = 60,
  candidateMultiplier = 2,
  minCandidates = 50,
  maxCandidates = 10_000,
  maxPerFile = 3,
  logger = console,
}: HybridRetrieverOptions = {}): ResolvedOptions {
  if (typeof name !== 'string' || name.trim().length === 0) {
    throw new ConfigError(`name must be a non-empty string; received ${show(name)}.`)
  }
  if (typeof k !== 'number' || !Number.isFinite(k) || k < 0) {
    throw new ConfigError(`k must be a finite number of at least 0; received ${show(k)}.`)
  }
  if (typeof candidateMultiplier !== 'number' || !Number.isSafeInteger(candidateMultiplier) || candidateMultiplier < 1) {
    throw new ConfigError(`candidateMultiplier must be a positive integer; received ${show(candidateMultiplier)}.`)
  }
  if (typeof minCandidates !== 'number' || !Number.isSafeInteger(minCandidates) || minCandidates < 1) {
    throw new ConfigError(`minCandidates must be a positive integer; received ${show(minCandidates)}.`)
  }
  if (typeof maxCandidates !== 'number' || !Number.isSafeInteger(maxCandidates) || maxCandidates < minCandidates) {
    throw new ConfigError(`maxCandidates must be an integer of at least minCandidates (${minCandidates}); received ${show(maxCandidates)}.`)
  }
  const capOk = maxPerFile === Number.POSITIVE_INFINITY || (Number.isSafeInteger(maxPerFile) && maxPerFile >= 1)
  if (typeof maxPerFile !== 'number' || !capOk) {
    throw new ConfigError(`maxPerFile must be a positive integer or Infinity; received ${show(maxPerFile)}.`)
  }
  if (typeof logger?.warn !== 'function') {
    throw new ConfigError('logger must have a warn(message, ...details) method; received a value without one.')
  }
  return { name, k, candidateMultiplier, minCandidates, maxCandidates, maxPerFile, logger }
}

/** A short, quoted rendering of a received value for error messages. */
export function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value)
  if (typeof value === 'object' && value !== null) return Array.isArray(value) ? 'an array' : 'an object'
  return String(value)
}
