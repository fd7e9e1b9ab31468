import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { selectTopK } from './top-k.js'

describe('selectTopK', () => {
  it('returns the same order as a full sort by score descending, then id ascending', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ score: fc.integer({ min: 0, max: 5 }), id: fc.string({ maxLength: 3 }) }), { maxLength: 60 }),
        fc.integer({ min: 1, max: 70 }),
        (items, k) => {
          const slots = Uint32Array.from(items, (_, i) => i)
          const scores = Float64Array.from(items, (it) => it.score)
          const picked = selectTopK(slots, scores, items.length, k, (slot) => items[slot]!.id)
          const expected = items
            .map((it, i) => ({ ...it, i }))
            .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
            .slice(0, k)
          expect(picked.map((i) => [items[i]!.score, items[i]!.id])).toEqual(expected.map((e) => [e.score, e.id]))
        },
      ),
      { numRuns: 500 },
    )
  })

  it('returns nothing for no candidates', () => {
    expect(selectTopK(new Uint32Array(0), new Float64Array(0), 0, 5, () => '')).toEqual([])
  })
})
