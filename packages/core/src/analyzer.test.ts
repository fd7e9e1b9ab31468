import { describe, expect, it } from 'vitest'
import { basicTokenize } from './analyzer.js'

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
