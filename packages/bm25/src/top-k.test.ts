import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { selectTopK } from './top-k.js'

describe('selectTopK', () => {
  it('returns the best k slots, best first, ties by lower slot', () => {
    const scores = new Float64Array([0, 3, 1, 3, 2, 0.5])
    const slots = new Uint32Array([1, 2, 3, 4, 5])
    expect([...selectTopK(scores, slots, 5, 3)]).toEqual([1, 3, 4])
    expect([...selectTopK(scores, slots, 5, 10)]).toEqual([1, 3, 4, 2, 5])
    expect([...selectTopK(scores, slots, 0, 10)]).toEqual([])
  })

  it('agrees with a full sort', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.nat(200), { maxLength: 80 }),
        fc.array(fc.constantFrom(0.5, 1, 1.5, 2, 2.5, 3), { minLength: 201, maxLength: 201 }),
        fc.integer({ min: 1, max: 100 }),
        (candidates, values, k) => {
          const scores = Float64Array.from(values)
          const expected = [...candidates].sort((a, b) => scores[b]! - scores[a]! || a - b).slice(0, k)
          expect([...selectTopK(scores, Uint32Array.from(candidates), candidates.length, k)]).toEqual(expected)
        },
      ),
    )
  })
})
