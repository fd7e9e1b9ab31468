import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MIN_STEM_WORD_LENGTH, stem, stemFully, SUFFIX_RULES } from './stemmer.js'
import { STOP_WORDS } from './stop-words.js'
import { SYNONYM_PAIRS } from './synonyms.js'

describe('SUFFIX_RULES', () => {
  it('lists the seed 15 suffixes in the seed order', () => {
    expect(SUFFIX_RULES.map((r) => r.suffix)).toEqual([
      'ies', 'ing', 'tion', 'sion', 'ment', 'ness', 'able', 'ous', 'ful', 'less', 'ly', 'ed', 'er', 'es', 's',
    ])
  })

  it('never lists a suffix after one of its own endings, so first match is longest match', () => {
    SUFFIX_RULES.forEach((rule, i) => {
      for (const later of SUFFIX_RULES.slice(i + 1)) expect(later.suffix.endsWith(rule.suffix)).toBe(false)
    })
  })
})

describe('stem', () => {
  // One vector per rule, plus the conditions each rule carries.
  it.each([
    ['queries', 'query', '-ies becomes -y'],
    ['flies', 'fly', '-ies keeps a three-letter result'],
    ['ties', 'tie', '-ies would leave "ty", so -es applies: only the s goes'],
    ['parsing', 'pars', '-ing goes'],
    ['getting', 'get', '-ing leaves a doubled consonant, which is undoubled'],
    ['running', 'run', '-ing undoubles nn'],
    ['string', 'string', '-ing would leave "str", shorter than 4'],
    ['adding', 'adding', '-ing would leave "add", shorter than 4'],
    ['connection', 'connect', '-tion becomes -t'],
    ['action', 'act', '-tion becomes -t with a three-letter result'],
    ['expression', 'express', '-sion becomes -s'],
    ['statement', 'state', '-ment goes'],
    ['comment', 'comment', '-ment would leave "com", shorter than 4'],
    ['darkness', 'dark', '-ness goes'],
    ['readable', 'read', '-able goes'],
    ['reliable', 'rely', '-able leaves a final i, which becomes y'],
    ['table', 'table', '-able would leave "t"'],
    ['dangerous', 'danger', '-ous goes'],
    ['various', 'vary', '-ous leaves a final i, which becomes y'],
    ['useful', 'use', '-ful goes'],
    ['awful', 'awful', '-ful would leave "aw"'],
    ['stateless', 'state', '-less goes'],
    ['unless', 'unless', '-less would leave "un", and -s does not follow s'],
    ['quickly', 'quick', '-ly goes'],
    ['easily', 'easy', '-ly leaves a final i, which becomes y'],
    ['apply', 'apply', '-ly would leave "app", shorter than 4'],
    ['called', 'call', '-ed goes, ll is not undoubled'],
    ['stopped', 'stop', '-ed undoubles pp'],
    ['added', 'add', '-ed keeps "add": undoubling needs four letters'],
    ['copied', 'copy', '-ed leaves a final i, which becomes y'],
    ['speed', 'speed', '-ed does not follow e'],
    ['used', 'used', '-ed would leave "us"'],
    ['handler', 'handl', '-er goes'],
    ['logger', 'log', '-er undoubles gg'],
    ['identifier', 'identify', '-er leaves a final i, which becomes y'],
    ['user', 'user', '-er would leave "us"'],
    ['classes', 'class', '-es goes after ss'],
    ['boxes', 'box', '-es goes after x'],
    ['matches', 'match', '-es goes after ch'],
    ['hashes', 'hash', '-es goes after sh'],
    ['files', 'file', '-es elsewhere loses only its s'],
    ['tokens', 'token', '-s goes'],
    ['class', 'class', '-s does not follow s'],
    ['status', 'status', '-s does not follow u'],
    ['apis', 'api', '-s goes after i'],
  ])('stems %s to %s (%s)', (word, expected) => {
    expect(stem(word)).toBe(expected)
  })

  it('leaves words shorter than four characters alone', () => {
    expect(MIN_STEM_WORD_LENGTH).toBe(4)
    for (const word of ['ies', 'ing', 'bus', 'was', 'led', 'red', 'its']) expect(stem(word)).toBe(word)
  })

  it('strips one suffix only', () => {
    expect(stem('functions')).toBe('function')
    expect(stem('carelessness')).toBe('careless')
  })

  it('never lengthens a word and keeps at least three characters of a stemmed one', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9_]{1,14}$/), (word) => {
        const out = stem(word)
        expect(out.length).toBeLessThanOrEqual(word.length)
        if (out !== word) expect(out.length).toBeGreaterThanOrEqual(3)
      }),
    )
  })
})

describe('stemFully', () => {
  it('strips suffixes until none applies, so a plural meets its singular', () => {
    expect(stemFully('functions')).toBe('funct')
    expect(stemFully('function')).toBe('funct')
    expect(stemFully('connections')).toBe('connect')
    expect(stemFully('carelessness')).toBe('care')
    expect(stemFully('identifiers')).toBe('identify')
  })

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9_]{1,16}$/), (word) => {
        expect(stemFully(stemFully(word))).toBe(stemFully(word))
      }),
    )
  })

  it('is a fixpoint of stem', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,16}$/), (word) => {
        const full = stemFully(word)
        expect(stem(full)).toBe(full)
      }),
    )
  })
})

describe('analyzer data', () => {
  it('is frozen all the way down', () => {
    expect(Object.isFrozen(SUFFIX_RULES) && SUFFIX_RULES.every((r) => Object.isFrozen(r))).toBe(true)
    expect(Object.isFrozen(SYNONYM_PAIRS) && SYNONYM_PAIRS.every((p) => Object.isFrozen(p))).toBe(true)
    expect(Object.isFrozen(STOP_WORDS)).toBe(true)
  })
})
