import { InvalidArgumentError } from '@rag/core'
import { basicTokenize } from '@rag/lexical'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compatibleAnalyzer, createCompatibleAnalyzer } from './compatible-analyzer.js'
import { stem } from './stemmer.js'
import { STOP_WORDS } from './stop-words.js'
import { SYNONYM_PAIRS } from './synonyms.js'

const { analyze, analyzeQuery } = compatibleAnalyzer

describe('STOP_WORDS', () => {
  it('holds 56 distinct lower-case words of two or more letters', () => {
    expect(STOP_WORDS).toHaveLength(56)
    expect(new Set(STOP_WORDS).size).toBe(56)
    for (const word of STOP_WORDS) expect(word).toMatch(/^[a-z]{2,}$/)
  })

  it('keeps negations and code keywords searchable', () => {
    for (const word of ['not', 'no', 'if', 'new', 'null', 'return', 'while', 'else']) expect(STOP_WORDS).not.toContain(word)
  })
})

describe('SYNONYM_PAIRS', () => {
  it('holds the 16 pairs of the seed followed by our 4', () => {
    expect(SYNONYM_PAIRS).toHaveLength(20)
    expect(SYNONYM_PAIRS.slice(0, 16)).toEqual([
      ['db', 'database'], ['auth', 'authentication'], ['auth', 'authorization'], ['config', 'configuration'],
      ['perf', 'performance'], ['impl', 'implementation'], ['req', 'request'], ['res', 'response'],
      ['err', 'error'], ['msg', 'message'], ['fn', 'function'], ['param', 'parameter'],
      ['repo', 'repository'], ['env', 'environment'], ['async', 'asynchronous'], ['sync', 'synchronous'],
    ])
    expect(SYNONYM_PAIRS.slice(16)).toEqual([['ctx', 'context'], ['dir', 'directory'], ['str', 'string'], ['init', 'initialize']])
  })
})

describe('compatibleAnalyzer', () => {
  it('is named compatible@1', () => {
    expect(compatibleAnalyzer.name).toBe('compatible@1')
  })

  it('tokenizes like basicTokenize: lower case, a-z 0-9 _ only, no one-letter tokens', () => {
    expect(analyze('Get the HTTP-Server! a b2 snake_case Ünïcode x')).toEqual(['get', 'http', 'serv', 'b2', 'snake_case', 'code'])
    expect(analyze('Привет мир')).toEqual([])
  })

  it('drops stop words and keeps the order and repeats of the rest', () => {
    expect(analyze('The quick brown foxes are jumping over the lazy dogs')).toEqual(['quick', 'brown', 'fox', 'jump', 'over', 'lazy', 'dog'])
    expect(analyze('token token token')).toEqual(['token', 'token', 'token'])
    expect(analyze(STOP_WORDS.join(' '))).toEqual([])
  })

  it('drops a word whose stem is a stop word', () => {
    expect(stem('ours')).toBe('our')
    expect(analyze('ours theirs')).toEqual([])
  })

  it('strips one suffix per word', () => {
    expect(analyze('queries running connections functions')).toEqual(['query', 'run', 'connection', 'function'])
    expect(analyze('function')).toEqual(['funct'])
  })

  it('analyses queries like documents apart from synonyms', () => {
    expect(analyzeQuery('The quick brown foxes')).toEqual(['quick', 'brown', 'fox'])
  })

  it('expands synonyms at query time only', () => {
    expect(analyze('db')).toEqual(['db'])
    expect(analyzeQuery('db')).toEqual(['db', 'database'])
  })

  it.each(SYNONYM_PAIRS.map(([a, b]) => [a, b]))('expands %s and %s into each other, stemmed', (a, b) => {
    expect(analyzeQuery(a)).toEqual([stem(a), ...partnersOf(a).map(stem)])
    expect(analyzeQuery(a)).toContain(stem(b))
    expect(analyzeQuery(b)).toContain(stem(a))
  })

  it('expands auth to both of its partners, and each partner back to auth only', () => {
    expect(analyzeQuery('auth')).toEqual(['auth', 'authenticat', 'authorizat'])
    expect(analyzeQuery('authentication')).toEqual(['authenticat', 'auth'])
    expect(analyzeQuery('authorization')).toEqual(['authorizat', 'auth'])
  })

  it('stems expansions so that auth meets a document that says authentication', () => {
    const document = new Set(analyze('Authentication middleware'))
    expect(analyzeQuery('auth').some((term) => document.has(term))).toBe(true)
  })

  it('looks a word up by its stem when the word itself is in no pair', () => {
    expect(analyzeQuery('errors')).toEqual(['error', 'err'])
    expect(analyzeQuery('params')).toEqual(['param', 'paramet'])
  })

  it('gives the same terms on the ASCII fast path as on the general path', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'aAbBeEsSiInNgGtT_09 .-'.split('')), maxLength: 60 }), (text) => {
        // A trailing "é" forces the general path and adds no term.
        expect(analyze(text)).toEqual(analyze(`${text} é`))
        expect(analyze(text)).toEqual(reference(text))
      }),
    )
  })

  it('keeps what basicTokenize keeps of the two characters that lower-case to ASCII', () => {
    // U+0130 lower-cases to "i" plus a combining dot; U+212A (Kelvin sign) to "k".
    expect(analyze('İİ \u212Aey café')).toEqual(reference('İİ \u212Aey café'))
    expect(analyze('\u212Aey')).toEqual(['key'])
  })

  it('matches the reference pipeline on any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.oneof(fc.constantFrom('a', 'Z', '_', '9', 'İ', '\u212A', 'é', ' '), fc.string({ unit: 'grapheme', maxLength: 2 })), maxLength: 60 }), (text) => {
        expect(analyze(text)).toEqual(reference(text))
      }),
    )
  })
})

describe('createCompatibleAnalyzer', () => {
  it('takes its own stop words and synonyms and names itself after them', () => {
    const analyzer = createCompatibleAnalyzer({ stopWords: ['foo'], synonyms: [['k8s', 'kubernetes']] })
    expect(analyzer.analyze('foo the bar')).toEqual(['the', 'bar'])
    expect(analyzer.analyzeQuery('k8s pods')).toEqual(['k8s', 'kubernete', 'pod'])
    expect(analyzer.name).toMatch(/^compatible@1#[0-9a-f]{8}$/)
    expect(createCompatibleAnalyzer({ stopWords: ['foo'], synonyms: [['k8s', 'kubernetes']] }).name).toBe(analyzer.name)
    expect(createCompatibleAnalyzer({ stopWords: ['bar'] }).name).not.toBe(analyzer.name)
  })

  it('names itself compatible@1 with the default options', () => {
    expect(createCompatibleAnalyzer().name).toBe('compatible@1')
  })

  it('rejects stop words and synonyms that could never match, naming them', () => {
    expect(() => createCompatibleAnalyzer({ stopWords: ['The'] })).toThrow(InvalidArgumentError)
    expect(() => createCompatibleAnalyzer({ stopWords: ['The'] })).toThrow('stopWords[0] must be a lower-case word of a-z, 0-9 and _ with at least two characters; received "The".')
    expect(() => createCompatibleAnalyzer({ synonyms: [['db', 'data base']] })).toThrow('synonyms[0][1] must be')
    expect(() => createCompatibleAnalyzer({ synonyms: [['db', 'db']] })).toThrow('synonyms[0] pairs a word with itself; received "db".')
    expect(() => createCompatibleAnalyzer({ synonyms: [['db']] as never })).toThrow('synonyms[0] must be a pair of two words')
    expect(() => createCompatibleAnalyzer({ stopWords: 5 as never })).toThrow('stopWords must be an iterable of strings; received 5.')
  })

  it('returns a frozen analyzer', () => {
    expect(Object.isFrozen(compatibleAnalyzer)).toBe(true)
  })
})

function partnersOf(word: string): string[] {
  const out: string[] = []
  for (const [a, b] of SYNONYM_PAIRS) {
    if (a === word && !out.includes(b)) out.push(b)
    if (b === word && !out.includes(a)) out.push(a)
  }
  return out
}

/** SPEC §6 spelled out: basicTokenize, stop words, one suffix, no stop word after stemming. */
function reference(text: string): string[] {
  const stop = new Set(STOP_WORDS)
  return basicTokenize(text)
    .filter((t) => !stop.has(t))
    .map((t) => stem(t))
    .filter((t) => !stop.has(t))
}
