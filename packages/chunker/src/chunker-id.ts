import type { ResolvedChunkerOptions } from './options.js'

/**
 * Version of the chunking rules. Bump it whenever the same file and options can give different
 * chunks or ids, so every fingerprint that records the chunker id re-chunks.
 */
export const CHUNKER_VERSION = 1

/** The chunker id recorded in ingest fingerprints: name, rule version and every option. */
export function chunkerId(options: ResolvedChunkerOptions): string {
  const { maxChars, minChars, overlapChars, maxParseChars } = options
  return `normalized@${CHUNKER_VERSION}{max:${maxChars},min:${minChars},overlap:${overlapChars},parse:${maxParseChars}}`
}
