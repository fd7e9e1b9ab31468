import { InvalidArgumentError, LimitExceededError } from '@rag/core'

/**
 * The admission caps of one source: a single policy object shared by {@link FileIngestionService}
 * and `@rag/session`'s `FileIndexer` (seed 000: `FileIngestionService.Limits`). Every bound is enforced; none
 * truncates silently. Aggregate caps reject the whole run with a {@link LimitExceededError}; the
 * per-file raw-size cap is a reported skip.
 *
 * @example
 * const limits = createLimits({ maxFiles: 20_000, maxDecodedBytes: 256 * 1024 * 1024 })
 * const indexer = new FileIndexer({ knowledgeBase, streams: [bm25], limits })
 */
export interface Limits {
  /**
   * Aggregate decoded-text budget of the source, counted in UTF-16 code units of the decoded
   * files (equal to bytes for ASCII). Exceeding it rejects the run.
   * @default 67_108_864 (64 MiB)
   */
  readonly maxDecodedBytes: number
  /**
   * Regular files that may be admitted to extraction (after ignore rules, skips, `include` and
   * `exclude`, and the extension-based binary check). Exceeding it rejects the run.
   * @default 4_096
   */
  readonly maxFiles: number
  /**
   * Walk entries (files, directories, symbolic links and other entries) that survive the skip
   * rules. Exceeding it stops the walk and rejects the run.
   * @default 8_192
   */
  readonly maxEntries: number
  /**
   * Maximum path depth relative to the root (`a/b/c.ts` has depth 3). An admitted entry deeper
   * than this rejects the run; ignore the deep tree to index the rest.
   * @default 64
   */
  readonly maxDepth: number
  /**
   * Raw size bound of one file. A larger file is skipped and reported (`too-large`), never read
   * in part.
   * @default 16_777_216 (16 MiB)
   */
  readonly maxFileBytes: number
  /**
   * Size bound of one `.gitignore` / `.tnsignore`. A larger one rejects the run.
   * @default 65_536 (64 KiB)
   */
  readonly maxIgnoreFileBytes: number
  /**
   * Compiled selectors (rules that are neither blank nor comments) in one ignore file. More
   * rejects the run.
   * @default 1_024
   */
  readonly maxIgnoreSelectors: number
}

const MiB = 1024 * 1024

/** The seed's `Limits.defaults()`: 64 MiB decoded, 4,096 files, 8,192 entries, depth 64, 16 MiB per file. */
export const DEFAULT_LIMITS: Limits = Object.freeze({
  maxDecodedBytes: 64 * MiB,
  maxFiles: 4_096,
  maxEntries: 8_192,
  maxDepth: 64,
  maxFileBytes: 16 * MiB,
  maxIgnoreFileBytes: 64 * 1024,
  maxIgnoreSelectors: 1_024,
})

/**
 * Builds a frozen {@link Limits} from the defaults and `overrides`.
 *
 * @throws InvalidArgumentError when a value is not a positive safe integer.
 * @example
 * const limits = createLimits({ maxFiles: 50_000, maxEntries: 100_000 })
 */
export function createLimits(overrides: Partial<Limits> = {}): Limits {
  const merged: Record<string, number> = { ...DEFAULT_LIMITS }
  for (const [key, value] of Object.entries(overrides)) {
    if (!(key in DEFAULT_LIMITS)) {
      throw new InvalidArgumentError(`limits.${key} is not a known limit; expected one of ${Object.keys(DEFAULT_LIMITS).join(', ')}.`)
    }
    if (value === undefined) continue
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
      throw new InvalidArgumentError(`limits.${key} must be a positive integer; received ${String(value)}.`)
    }
    merged[key] = value
  }
  return Object.freeze(merged as unknown as Limits)
}

/** `true` when two limit objects hold the same bounds. */
export function sameLimits(a: Limits, b: Limits): boolean {
  return (Object.keys(DEFAULT_LIMITS) as (keyof Limits)[]).every((key) => a[key] === b[key])
}

/** Builds the typed error for an exceeded aggregate cap, with a message that says how to proceed. */
export function limitError(limit: keyof Limits, max: number, actual: number, what: string): LimitExceededError {
  return new LimitExceededError(
    limit,
    max,
    actual,
    `${what}: limit ${limit} is ${max}, received ${actual}; nothing was indexed (ignore part of the tree or raise limits.${limit}).`,
  )
}
