import { type Analyzer } from '@rag/core'
import { basicTokenize } from '@rag/lexical'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { codeAwareAnalyzer, createCodeAwareAnalyzer } from './code-aware-analyzer.js'
import { compatibleAnalyzer, createCompatibleAnalyzer } from './compatible-analyzer.js'
import { stem, stemFully } from './stemmer.js'
import { STOP_WORDS } from './stop-words.js'

const stopWords = new Set(STOP_WORDS)

/** Code-flavoured text: identifiers in every case style, stop words, suffixes, Unicode, punctuation. */
const codeText = fc
  .array(
    fc.oneof(
      fc.constantFrom('getAuthToken', 'HTTPServerError', 'snake_case_name', 'MAX_VALUE', 'utf8Decoder', '__init__', 'x86_64', 'getURLs'),
      fc.constantFrom(...STOP_WORDS, 'queries', 'running', 'connections', 'functions', 'classes', 'useful', 'identifiers'),
      fc.constantFrom('Привет', 'ТестыПроходят', '日本語', 'ＡＢＣ', 'cafe\u0301', 'İstanbul', 'ﬁle', 'ΟΔΟΣ', 'ϒ'),
      fc.constantFrom(' ', '.', '-', '(', ')', '{', '}', ';', '\n', '/', '"', "'", '=>'),
      fc.string({ maxLength: 8 }),
      fc.string({ unit: 'grapheme', maxLength: 6 }),
    ),
    { maxLength: 24 },
  )
  .map((parts) => parts.join(''))

const analyzers: [string, Analyzer, RegExp, () => Analyzer][] = [
  ['compatibleAnalyzer', compatibleAnalyzer, /^[a-z0-9_]{2,}$/, () => createCompatibleAnalyzer({ stopWords: STOP_WORDS })],
  ['codeAwareAnalyzer', codeAwareAnalyzer, /^[\p{L}\p{M}\p{N}_]{2,}$/u, () => createCodeAwareAnalyzer({ stopWords: STOP_WORDS })],
]

describe.each(analyzers)('%s (properties)', (_name, analyzer, alphabet, fresh) => {
  it('emits terms of its alphabet, two or more characters long', () => {
    fc.assert(
      fc.property(codeText, (text) => {
        for (const term of analyzer.analyze(text)) expect(term).toMatch(alphabet)
        for (const term of analyzer.analyzeQuery(text)) expect(term).toMatch(alphabet)
      }),
    )
  })

  it('lets no stop word through', () => {
    fc.assert(
      fc.property(codeText, (text) => {
        for (const term of analyzer.analyzeQuery(text)) expect(stopWords.has(term)).toBe(false)
      }),
    )
  })

  it('is deterministic, whatever it has seen before', () => {
    fc.assert(
      fc.property(codeText, (text) => {
        expect(analyzer.analyze(text)).toEqual(analyzer.analyze(text))
        expect(fresh().analyze(text)).toEqual(analyzer.analyze(text))
        expect(analyzer.analyzeQuery(text)).toEqual(analyzer.analyzeQuery(text))
      }),
    )
  })

  it('analyses a query into the document terms plus expansions, in order', () => {
    fc.assert(
      fc.property(codeText, (text) => {
        expect(isSubsequence(analyzer.analyze(text), analyzer.analyzeQuery(text))).toBe(true)
      }),
    )
  })
})

// Idempotence. STYLE.md wishes that analyzing an analyzer's output gives the output back. Neither
// analyzer can promise that (see the README); these are the parts that do hold.
describe('compatibleAnalyzer (re-analysing its output)', () => {
  it('tokenizes its own output back into the same terms', () => {
    fc.assert(
      fc.property(codeText, (text) => {
        const terms = compatibleAnalyzer.analyze(text)
        expect(basicTokenize(terms.join(' '))).toEqual(terms)
      }),
    )
  })

  it('gives its output back whenever no term still ends in a suffix', () => {
    fc.assert(
      fc.property(codeText, (text) => {
        const terms = compatibleAnalyzer.analyze(text)
        fc.pre(terms.every((t) => stem(t) === t))
        expect(compatibleAnalyzer.analyze(terms.join(' '))).toEqual(terms)
      }),
    )
  })

  it('strips one more suffix per pass, so repeated passes settle', () => {
    expect(compatibleAnalyzer.analyze('functions')).toEqual(['function'])
    expect(compatibleAnalyzer.analyze('function')).toEqual(['funct'])
    fc.assert(
      fc.property(codeText, (text) => {
        let terms = compatibleAnalyzer.analyze(text)
        for (let pass = 0; pass < 10; pass++) terms = compatibleAnalyzer.analyze(terms.join(' '))
        expect(compatibleAnalyzer.analyze(terms.join(' '))).toEqual(terms)
      }),
    )
  })
})

describe('codeAwareAnalyzer (re-analysing its output)', () => {
  it('gives each term back alone, followed by its words, or (a camelCase whole) as its stem', () => {
    fc.assert(
      fc.property(codeText, (text) => {
        for (const term of codeAwareAnalyzer.analyze(text)) {
          const again = codeAwareAnalyzer.analyze(term)
          if (again[0] === term) continue
          // `getAuthTokens` left the whole `getauthtokens`, which is now one plain word.
          const stemmed = stemFully(term)
          expect(again).toEqual(stopWords.has(stemmed) ? [] : [stemmed])
        }
      }),
    )
  })

  it('is idempotent on text of plain words', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-zа-я]{1,12}$/), { maxLength: 12 }), (words) => {
        const terms = codeAwareAnalyzer.analyze(words.join(' '))
        expect(codeAwareAnalyzer.analyze(terms.join(' '))).toEqual(terms)
      }),
    )
  })
})

function isSubsequence(sub: readonly string[], of: readonly string[]): boolean {
  let i = 0
  for (const item of of) if (i < sub.length && item === sub[i]) i++
  return i === sub.length
}
