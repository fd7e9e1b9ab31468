import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Uint32List } from './uint32-list.js'
import type { TermResolver } from './term-ids.js'
import { TokenMemo } from './token-memo.js'

const foldLower = (c: number): number => (c >= 65 && c <= 90 ? c + 32 : (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 ? c : 0)

/** What the memo must reproduce: tokens of two or more word characters, each computed. */
function reference(text: string, compute: (token: string) => readonly string[]): string[] {
  return (text.match(/[A-Za-z0-9_]{2,}/g) ?? []).flatMap((token) => compute(token))
}

class Dictionary implements TermResolver {
  epoch = 1
  readonly ids = new Map<string, number>()
  calls = 0
  idOf(term: string): number {
    this.calls++
    let id = this.ids.get(term)
    if (id === undefined) this.ids.set(term, (id = this.ids.size))
    return id
  }
}

describe('TokenMemo', () => {
  const compute = (token: string): string[] => {
    const lower = token.toLowerCase()
    if (lower === 'the') return []
    return lower.length > 5 ? [lower, lower.slice(0, 3)] : [lower]
  }

  it('gives what computing every token gives, for strings and ids', () => {
    const memo = new TokenMemo(foldLower, compute)
    const dictionary = new Dictionary()
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'aAbBcZ09_ .-'.split('')), maxLength: 80 }), (text) => {
        const terms: string[] = []
        memo.appendTerms(text, terms)
        expect(terms).toEqual(reference(text, compute))
        const ids = new Uint32List()
        memo.appendIds(text, dictionary, ids)
        expect([...ids.toArray()]).toEqual(terms.map((t) => dictionary.ids.get(t)))
      }),
    )
  })

  it('computes each distinct token once while it fits', () => {
    let computed = 0
    const memo = new TokenMemo(foldLower, (token) => {
      computed++
      return [token.toLowerCase()]
    })
    memo.appendTerms('Alpha beta ALPHA alpha beta gamma', [])
    expect(computed).toBe(3)
  })

  it('starts over when full and stays correct', () => {
    const memo = new TokenMemo(foldLower, compute, { maxSlots: 1 << 12 })
    const text = Array.from({ length: 10_000 }, (_, i) => `token${i} shared`).join(' ')
    const out: string[] = []
    memo.appendTerms(text, out)
    memo.appendTerms(text, out)
    const once = reference(text, compute)
    expect(out).toEqual([...once, ...once])
  })

  it('resolves ids again when the epoch changes', () => {
    const memo = new TokenMemo(foldLower, compute)
    const dictionary = new Dictionary()
    const ids = new Uint32List()
    memo.appendIds('alpha beta', dictionary, ids)
    const calls = dictionary.calls
    memo.appendIds('alpha beta', dictionary, ids)
    expect(dictionary.calls).toBe(calls)
    dictionary.epoch = 2
    dictionary.ids.clear()
    dictionary.ids.set('beta', 7)
    ids.clear()
    memo.appendIds('alpha beta', dictionary, ids)
    expect([...ids.toArray()]).toEqual([dictionary.ids.get('alpha'), 7])
  })

  it('computes tokens longer than 64 characters without remembering them', () => {
    const memo = new TokenMemo(foldLower, compute)
    const long = 'x'.repeat(100)
    const out: string[] = []
    memo.appendTerms(`${long} ${long}`, out)
    expect(out).toEqual([long, 'xxx', long, 'xxx'])
  })

  it('lets the fold decide what other characters do', () => {
    const separate = new TokenMemo(foldLower, compute)
    const out: string[] = []
    separate.appendTerms('Café au lait, Привет ab\u{1F680}cd \ud800 x', out)
    expect(out).toEqual(['caf', 'au', 'lait', 'ab', 'cd'])
    const join = new TokenMemo((b) => (b >= 128 ? b : foldLower(b)), (token) => [token])
    out.length = 0
    join.appendTerms('Café au lait, Привет ab\u{1F680}cd', out)
    expect(out).toEqual(['Café', 'au', 'lait', 'Привет', 'ab\u{1F680}cd'])
  })

  it('computes long tokens from their bytes', () => {
    const memo = new TokenMemo(foldLower, compute)
    const out: string[] = []
    memo.appendTerms('é' + 'y'.repeat(70) + 'é', out)
    expect(out).toEqual(['y'.repeat(70), 'yyy'])
  })

  it('leaves a text holding an unsafe character to the caller, appending nothing', () => {
    const memo = new TokenMemo(foldLower, compute, { unsafe: /\u212a/g })
    const terms: string[] = ['kept']
    expect(memo.appendTerms('alpha \u212aelvin', terms)).toBe(false)
    expect(terms).toEqual(['kept'])
    const ids = new Uint32List()
    expect(memo.appendIds('é \u212a', new Dictionary(), ids)).toBe(false)
    expect(ids.length).toBe(0)
    // A g flag must not make the answer depend on the text before.
    expect(memo.appendTerms('beta \u212a', terms)).toBe(false)
    expect(memo.appendTerms('gamma é delta', terms)).toBe(true)
    expect(terms).toEqual(['kept', 'gamma', 'delta'])
  })

  it('gives every id when tokens have more terms than the text has bytes', () => {
    const many = (token: string): string[] => Array.from({ length: 7 }, (_, i) => `${token.toLowerCase()}${i}`)
    const memo = new TokenMemo(foldLower, many)
    const dictionary = new Dictionary()
    const text = Array.from({ length: 300 }, (_, i) => `t${i % 40}`).join(' ') + ' ' + 'z'.repeat(70)
    const ids = new Uint32List()
    ids.push(99)
    expect(memo.appendIds(text, dictionary, ids)).toBe(true)
    const byId = [...dictionary.ids.keys()]
    expect(Array.from(ids.toArray().subarray(1), (id) => byId[id])).toEqual(reference(text, many))
    expect(ids.items[0]).toBe(99)
  })
})
