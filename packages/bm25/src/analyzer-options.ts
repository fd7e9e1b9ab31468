import { InvalidArgumentError } from '@rag/core'
import { STOP_WORDS } from './stop-words.js'
import { SYNONYM_PAIRS, synonymMap, type SynonymPair } from './synonyms.js'

/** Options both analyzer factories accept. */
export interface AnalyzerOptions {
  /**
   * Words dropped from documents and queries, lower case. Replaces the default list; spread
   * {@link STOP_WORDS} to extend it.
   * @default STOP_WORDS
   */
  readonly stopWords?: Iterable<string>
  /**
   * Pairs expanded at query time in both directions, lower case. Replaces the default list; spread
   * {@link SYNONYM_PAIRS} to extend it.
   * @default SYNONYM_PAIRS
   */
  readonly synonyms?: readonly SynonymPair[]
}

/** Options after validation, ready for an analyzer to use. */
export interface ResolvedAnalyzerOptions {
  readonly stopWords: ReadonlySet<string>
  readonly synonyms: ReadonlyMap<string, readonly string[]>
  /** `base` for the default options, else `base#<hash of the options>`, so fingerprints change with them. */
  readonly name: string
}

function show(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value)
}

/** 32-bit FNV-1a of a string, as 8 hex digits: a short, stable tag for custom options. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(16).padStart(8, '0')
}

/**
 * Validates stop words and synonym pairs against what the analyzer can ever produce (`isWord`
 * says whether a string is one term of that analyzer) and derives the analyzer's name.
 *
 * @throws InvalidArgumentError naming the first word that could never match.
 */
export function resolveAnalyzerOptions(
  base: string,
  { stopWords = STOP_WORDS, synonyms = SYNONYM_PAIRS }: AnalyzerOptions,
  isWord: (word: string) => boolean,
  wordRule: string,
): ResolvedAnalyzerOptions {
  if (stopWords === null || typeof (stopWords as Iterable<string>)[Symbol.iterator] !== 'function') {
    throw new InvalidArgumentError(`stopWords must be an iterable of strings; received ${show(stopWords)}.`)
  }
  const stop = new Set<string>()
  let i = 0
  for (const word of stopWords) {
    if (typeof word !== 'string' || !isWord(word)) {
      throw new InvalidArgumentError(`stopWords[${i}] must be ${wordRule}; received ${show(word)}.`)
    }
    stop.add(word)
    i++
  }
  if (!Array.isArray(synonyms)) {
    throw new InvalidArgumentError(`synonyms must be an array of [word, word] pairs; received ${show(synonyms)}.`)
  }
  synonyms.forEach((pair: unknown, index) => {
    if (!Array.isArray(pair) || pair.length !== 2) {
      throw new InvalidArgumentError(`synonyms[${index}] must be a pair of two words; received ${Array.isArray(pair) ? 'an array' : show(pair)}.`)
    }
    pair.forEach((word: unknown, side) => {
      if (typeof word !== 'string' || !isWord(word)) {
        throw new InvalidArgumentError(`synonyms[${index}][${side}] must be ${wordRule}; received ${show(word)}.`)
      }
    })
    if (pair[0] === pair[1]) {
      throw new InvalidArgumentError(`synonyms[${index}] pairs a word with itself; received ${show(pair[0])}.`)
    }
  })
  const isDefault = stopWords === STOP_WORDS && synonyms === SYNONYM_PAIRS
  const tag = isDefault ? '' : `#${fnv1a(JSON.stringify([[...stop].sort(), synonyms]))}`
  return { stopWords: stop, synonyms: synonymMap(synonyms), name: `${base}${tag}` }
}
