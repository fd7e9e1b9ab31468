import { grammarsVersion } from './code/tree-sitter-runtime.js'
import type { ResolvedChunkerOptions } from './options.js'

/**
 * Version of the chunking rules. Bump it whenever the same file and options can give different
 * chunks or ids, so every fingerprint that records the chunker id re-chunks.
 */
export const CHUNKER_VERSION = 7

/**
 * The chunker id recorded in ingest fingerprints: name, rule version, every option and the version
 * of the grammars (a new grammar can parse the same file differently).
 *
 * @example
 * chunkerId(DEFAULT_CHUNKER_OPTIONS) // 'normalized@7{max:2000,min:150,overlap:200,parse:4194304;grammars:0.3.1+kotlin-1.1.0}'
 */
export function chunkerId(options: ResolvedChunkerOptions): string {
  const { maxChars, minChars, overlapChars, maxParseChars } = options
  const settings = `max:${maxChars},min:${minChars},overlap:${overlapChars},parse:${maxParseChars}`
  return `normalized@${CHUNKER_VERSION}{${settings};grammars:${grammarsVersion()}}`
}
