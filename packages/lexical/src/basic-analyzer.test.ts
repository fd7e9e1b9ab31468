import { describe, expect, it } from 'vitest'
import { basicAnalyzer, basicTokenize } from './basic-analyzer.js'
import { nextEpoch, termIdPath } from './term-ids.js'
import { Uint32List } from './uint32-list.js'

describe('basicTokenize', () => {
  it('lowercases, splits on all but a-z 0-9 _ and drops one-character tokens', () => {
    // Non-ASCII letters are separators in the seed analyzer: 'ünïcode' leaves 'n' (dropped) and 'code'.
    expect(basicTokenize('Get the HTTP-Server! a b2 snake_case Ünïcode x')).toEqual(['get', 'the', 'http', 'server', 'b2', 'snake_case', 'code'])
  })

  it('returns nothing for text without word characters', () => {
    expect(basicTokenize('  -- !! ')).toEqual([])
  })
})

describe('basicTokenize (property)', () => {
  it('equals lowercase, split on all but a-z 0-9 _, drop one-character tokens', async () => {
    const fc = await import('fast-check')
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        const reference = text
          .toLowerCase()
          .split(/[^a-z0-9_]+/)
          .filter((t) => t.length > 1)
        expect(basicTokenize(text)).toEqual(reference)
      }),
      { numRuns: 500 },
    )
  })
})

describe('basicAnalyzer term-id path (property)', () => {
  it('appends the ids of exactly analyze(text), in order, memo warm or cold', async () => {
    const fc = await import('fast-check')
    const path = termIdPath(basicAnalyzer)!
    expect(path).toBeDefined()
    const terms: string[] = []
    const ids = new Map<string, number>()
    const resolver = {
      epoch: nextEpoch(),
      idOf(term: string): number {
        let id = ids.get(term)
        if (id === undefined) {
          id = terms.push(term) - 1
          ids.set(term, id)
        }
        return id
      },
    }
    const unit = fc.constantFrom(...['a', 'Z', 'q', '_', '9', ' ', '.', '-', 'é', '€', '\u0130', '\u212a', '\ud83d', '\ude00', 'İK', 'xY'])
    const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), fc.string({ unit, maxLength: 300 }))
    fc.assert(
      fc.property(text, (t) => {
        const out = new Uint32List()
        path.appendIds(t, resolver, out)
        expect(Array.from(out.toArray(), (id) => terms[id])).toEqual(basicAnalyzer.analyze(t))
      }),
      { numRuns: 1000 },
    )
  })

  it('handles tokens of every length, longer than the memo keeps too', () => {
    const path = termIdPath(basicAnalyzer)!
    const seen: string[] = []
    const resolver = { epoch: nextEpoch(), idOf: (term: string) => seen.push(term) - 1 }
    const words = Array.from({ length: 80 }, (_, n) => 'AbC_9'.repeat(16).slice(0, n + 1))
    const text = `${words.join(' ')} ${words.join('.')}`
    const out = new Uint32List()
    path.appendIds(text, resolver, out)
    expect(Array.from(out.toArray(), (id) => seen[id])).toEqual(basicTokenize(text))
  })

  it('has no path for a copy of the analyzer, which may change it', () => {
    expect(termIdPath({ ...basicAnalyzer })).toBeUndefined()
  })
})
