import { type Analyzer } from '@rag/core'
import { registerTermIdPath, TokenMemo } from '@rag/lexical'
import { resolveAnalyzerOptions, type AnalyzerOptions } from './analyzer-options.js'
import { splitIdentifier } from './identifier.js'
import { stem, stemFully } from './stemmer.js'

/** Options of {@link createCodeAwareAnalyzer}. */
export type CodeAwareAnalyzerOptions = AnalyzerOptions

const NON_ASCII = /[\u0080-\uffff]/
/** U+0338 (combining long solidus overlay): NFKC composes it with a preceding `<`, `=` or `>`. */
const JOINS_ACROSS_SEPARATOR = /\u0338/
const UNICODE_TOKEN = /[\p{L}\p{M}\p{N}_]+/gu
const CODE_AWARE_WORD = /^[\p{L}\p{M}\p{N}]+$/u

/** At least two code points: one astral letter is two UTF-16 units but one character. */
function isLongEnough(word: string): boolean {
  if (word.length !== 2) return word.length > 2
  const first = word.charCodeAt(0)
  return first < 0xd800 || first > 0xdbff
}

function isCodeAwareWord(word: string): boolean {
  return isLongEnough(word) && CODE_AWARE_WORD.test(word) && word === word.normalize('NFKC').toLowerCase()
}

/**
 * The raw tokens of a text: NFKC-normalised runs of letters, combining marks, digits and `_`, case
 * kept for identifier splitting. ASCII text skips normalisation (it cannot change).
 */
function rawTokens(text: string): RegExpMatchArray | null {
  return (NON_ASCII.test(text) ? text.normalize('NFKC') : text).match(UNICODE_TOKEN)
}

/** A UTF-8 byte as itself if it may belong to a raw token (`A-Z a-z 0-9 _`, or part of a non-ASCII character), else 0. */
function foldCode(code: number): number {
  return code >= 128 || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 95 ? code : 0
}

/**
 * Creates the code-aware analyzer. Text is NFKC-normalised and split into runs of Unicode letters,
 * digits and `_` (so Russian prose and non-English identifiers are searchable; `.` and `-`
 * separate). Each run that is an identifier of several words (`getAuthToken`, `HTTP_SERVER`,
 * `utf8Decoder`, `__init__`) gives its whole, lower-cased and unstemmed, followed by its words
 * (see {@link splitIdentifier}); a plain word gives itself. Words, but never wholes, go through
 * the stop list and {@link stemFully}; words and wholes shorter than two characters are dropped.
 * `analyzeQuery` adds, after each word, the stems of its synonyms, looked up by the word or, when
 * the word is in no pair, by its one-suffix {@link stem}.
 *
 * @throws InvalidArgumentError for a stop word or synonym the analyzer could never match.
 * @example
 * createCodeAwareAnalyzer().analyze('getAuthToken()') // ['getauthtoken', 'get', 'auth', 'token']
 */
export function createCodeAwareAnalyzer(options: CodeAwareAnalyzerOptions = {}): Analyzer {
  const { stopWords, synonyms, name } = resolveAnalyzerOptions(
    'code-aware@1',
    options,
    isCodeAwareWord,
    'a lower-case, NFKC-normalised word of letters and digits with at least two characters',
  )

  const termOf = (word: string): string | undefined => {
    if (!isLongEnough(word) || stopWords.has(word)) return undefined
    const stemmed = stemFully(word)
    return stopWords.has(stemmed) ? undefined : stemmed
  }

  const addWord = (word: string, out: string[], expand: boolean): void => {
    const term = termOf(word)
    if (term === undefined) return
    out.push(term)
    if (!expand) return
    for (const synonym of synonyms.get(word) ?? synonyms.get(stem(word)) ?? []) {
      const expanded = termOf(synonym)
      if (expanded !== undefined) out.push(expanded)
    }
  }

  const analyzeToken = (token: string, out: string[], expand: boolean): void => {
    const words = splitIdentifier(token)
    if (words.length === 1 && words[0]!.length === token.length) {
      addWord(token.toLowerCase(), out, expand)
      return
    }
    if (words.length === 0) return
    const whole = token.toLowerCase()
    if (isLongEnough(whole) && !stopWords.has(whole)) out.push(whole)
    for (const word of words) addWord(word.toLowerCase(), out, expand)
  }

  const analyzeText = (text: string, expand: boolean): string[] => {
    const out: string[] = []
    for (const token of rawTokens(text) ?? []) analyzeToken(token, out, expand)
    return out
  }

  // The memo's tokens are the runs between ASCII separators: each analyses alone as it does in its
  // text, because NFKC joins nothing across an ASCII separator, except U+0338 onto < = > (checked).
  const memo = new TokenMemo(foldCode, (chunk) => analyzeText(chunk, false), { unsafe: JOINS_ACROSS_SEPARATOR })

  const analyze = (text: string): string[] => {
    const out: string[] = []
    return memo.appendTerms(text, out) ? out : analyzeText(text, false)
  }

  const analyzer: Analyzer = Object.freeze({
    name,
    analyze,
    analyzeQuery: (text: string) => analyzeText(text, true),
  })
  return registerTermIdPath(analyzer, {
    appendIds(text, resolver, out) {
      if (!memo.appendIds(text, resolver, out)) for (const term of analyzeText(text, false)) out.push(resolver.idOf(term))
    },
  })
}

/**
 * The code-aware analyzer with the default stop words and synonyms. Its name is `code-aware@1`.
 *
 * @example
 * codeAwareAnalyzer.analyze('HTTPServerError') // ['httpservererror', 'http', 'serv', 'error']
 */
export const codeAwareAnalyzer: Analyzer = /* @__PURE__ */ createCodeAwareAnalyzer()
