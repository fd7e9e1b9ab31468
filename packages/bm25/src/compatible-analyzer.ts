import { type Analyzer } from '@rag/core'
import { basicTokenize, foldBasic, LOWERS_TO_ASCII, registerTermIdPath, TokenMemo } from '@rag/lexical'
import { resolveAnalyzerOptions, type AnalyzerOptions } from './analyzer-options.js'
import { stem } from './stemmer.js'

/** Options of {@link createCompatibleAnalyzer}. */
export type CompatibleAnalyzerOptions = AnalyzerOptions

const COMPATIBLE_WORD = /^[a-z0-9_]{2,}$/

/**
 * Creates the seed-compatible analyzer (SPEC §6): core's `basicTokenize` (lower case; all but
 * `a-z 0-9 _` separate; one-character tokens dropped), stop words removed, one suffix stripped by
 * {@link stem}. `analyzeQuery` also adds, after each word, the stems of its synonyms: the pairs are
 * looked up by the word as written, or by its stem when the word itself is not in a pair (so
 * `errors` expands like `error`). A word whose stem is a stop word is dropped too, so no stop word
 * ever reaches the index.
 *
 * @throws InvalidArgumentError for a stop word or synonym the analyzer could never match.
 * @example
 * const analyzer = createCompatibleAnalyzer({ synonyms: [...SYNONYM_PAIRS, ['k8s', 'kubernetes']] })
 * analyzer.analyzeQuery('k8s pods') // ['k8s', 'kubernet', 'pod']
 */
export function createCompatibleAnalyzer(options: CompatibleAnalyzerOptions = {}): Analyzer {
  const { stopWords, synonyms, name } = resolveAnalyzerOptions(
    'compatible@1',
    options,
    (word) => COMPATIBLE_WORD.test(word),
    'a lower-case word of a-z, 0-9 and _ with at least two characters',
  )

  const termOf = (word: string): string | undefined => {
    if (stopWords.has(word)) return undefined
    const stemmed = stem(word)
    return stopWords.has(stemmed) ? undefined : stemmed
  }
  // The memoised scanner tokenizes exactly like basicTokenize unless lower-casing makes ASCII.
  const memo = new TokenMemo(
    foldBasic,
    (token) => {
      const term = termOf(token.toLowerCase())
      return term === undefined ? [] : [term]
    },
    { unsafe: LOWERS_TO_ASCII },
  )

  const analyze = (text: string): string[] => {
    const out: string[] = []
    if (memo.appendTerms(text, out)) return out
    for (const token of basicTokenize(text)) {
      const term = termOf(token)
      if (term !== undefined) out.push(term)
    }
    return out
  }

  const analyzer: Analyzer = Object.freeze({
    name,
    analyze,
    analyzeQuery(text: string): string[] {
      const out: string[] = []
      for (const token of basicTokenize(text)) {
        const term = termOf(token)
        if (term === undefined) continue
        out.push(term)
        for (const synonym of synonyms.get(token) ?? synonyms.get(term) ?? []) {
          const expanded = termOf(synonym)
          if (expanded !== undefined) out.push(expanded)
        }
      }
      return out
    },
  })
  return registerTermIdPath(analyzer, {
    appendIds(text, resolver, out) {
      if (!memo.appendIds(text, resolver, out)) for (const term of analyze(text)) out.push(resolver.idOf(term))
    },
  })
}

/**
 * The compatible analyzer with the default stop words and synonyms; the default of `BM25Stream`.
 * Its name is `compatible@1`.
 *
 * @example
 * compatibleAnalyzer.analyze('The queries are running') // ['query', 'run']
 */
export const compatibleAnalyzer: Analyzer = /* @__PURE__ */ createCompatibleAnalyzer()
