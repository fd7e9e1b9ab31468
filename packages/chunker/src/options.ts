import { InvalidArgumentError } from '@rag/core'

/** Options of {@link createNormalizedDocumentChunker} and `CodeChunker`. */
export interface ChunkerOptions {
  /**
   * Largest chunk, in characters. A symbol, section or gap larger than this is split (on child
   * boundaries, then lines, then inside a line that alone is longer).
   * @default 2000
   */
  readonly maxChars?: number
  /**
   * Chunks smaller than this merge with their neighbours (within the same parent, up to
   * `maxChars`), so a lone `}` or a one-line getter does not become its own search result.
   * @default 150, or a quarter of `maxChars` when that is smaller
   */
  readonly minChars?: number
  /**
   * Characters repeated from the end of one text window at the start of the next (whole lines
   * where possible). Only text windows overlap; code and markdown chunks never do.
   * @default 200, or a tenth of `maxChars` when that is smaller
   */
  readonly overlapChars?: number
  /**
   * Code files longer than this are not parsed but cut into text windows, which bounds the time
   * one huge generated file can take (tree-sitter parses about 2 MB/s).
   * @default 4194304 (4 MiB)
   */
  readonly maxParseChars?: number
}

/** {@link ChunkerOptions} with every default applied. */
export interface ResolvedChunkerOptions {
  /** Largest chunk, in characters. */
  readonly maxChars: number
  /** Chunks smaller than this merge with their neighbours. */
  readonly minChars: number
  /** Characters a text window repeats from the previous one. */
  readonly overlapChars: number
  /** Code files longer than this are cut into windows without parsing. */
  readonly maxParseChars: number
}

/** Default {@link ChunkerOptions}: the seed's reference sizes (2,000 / 150 / 200). */
export const DEFAULT_CHUNKER_OPTIONS: ResolvedChunkerOptions = Object.freeze({
  maxChars: 2000,
  minChars: 150,
  overlapChars: 200,
  maxParseChars: 4 * 1024 * 1024,
})

function integerAtLeast(name: string, value: number, min: number): number {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new InvalidArgumentError(`chunker option ${name} must be an integer of at least ${min}; received ${String(value)}.`)
  }
  return value
}

/**
 * Applies defaults and checks the options.
 *
 * @throws InvalidArgumentError when a size is not a positive integer, `minChars` exceeds
 * `maxChars`, or `overlapChars` is not smaller than half of `maxChars`.
 */
export function resolveChunkerOptions(options: ChunkerOptions = {}): ResolvedChunkerOptions {
  const maxChars = integerAtLeast('maxChars', options.maxChars ?? DEFAULT_CHUNKER_OPTIONS.maxChars, 16)
  const defaultMin = Math.min(DEFAULT_CHUNKER_OPTIONS.minChars, Math.floor(maxChars / 4))
  const defaultOverlap = Math.min(DEFAULT_CHUNKER_OPTIONS.overlapChars, Math.floor(maxChars / 10))
  const minChars = integerAtLeast('minChars', options.minChars ?? defaultMin, 0)
  const overlapChars = integerAtLeast('overlapChars', options.overlapChars ?? defaultOverlap, 0)
  const maxParseChars = integerAtLeast('maxParseChars', options.maxParseChars ?? DEFAULT_CHUNKER_OPTIONS.maxParseChars, 0)
  if (minChars > maxChars) {
    throw new InvalidArgumentError(`chunker option minChars must not exceed maxChars (${maxChars}); received ${minChars}.`)
  }
  if (overlapChars * 2 > maxChars) {
    throw new InvalidArgumentError(
      `chunker option overlapChars must be at most half of maxChars (${maxChars}); received ${overlapChars}.`,
    )
  }
  return Object.freeze({ maxChars, minChars, overlapChars, maxParseChars })
}
