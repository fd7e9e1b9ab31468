import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { selectTopK } from './top-k.js'

describe('selectTopK', () => {
  it('returns the best k slots, best first, ties by the smaller id whatever the slots', () => {
    const scores = new Float64Array([0, 3, 1, 3, 2, 0.5])
    const slots = new Uint32Array([1, 2, 3, 4, 5])
    // Slot 3 holds the smaller id: it wins the tie with slot 1 although it came later.
    const ids = ['', 'm', 'c', 'b', 'z', 'a']
    const idOf = (slot: number): string => ids[slot]!
    expect([...selectTopK(scores, slots, 5, 3, idOf)]).toEqual([3, 1, 4])
    expect([...selectTopK(scores, slots, 5, 1, idOf)]).toEqual([3])
    expect([...selectTopK(scores, slots, 5, 10, idOf)]).toEqual([3, 1, 4, 2, 5])
    expect([...selectTopK(scores, slots, 0, 10, idOf)]).toEqual([])
  })

  it('agrees with a full sort', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.nat(200), { maxLength: 80 }),
        fc.array(fc.constantFrom(0.5, 1, 1.5, 2, 2.5, 3), { minLength: 201, maxLength: 201 }),
        fc.integer({ min: 1, max: 100 }),
        (candidates, values, k) => {
          const scores = Float64Array.from(values)
          // Ids in the reverse order of slots: a tie-break by slot would give the opposite order.
          const idOf = (slot: number): string => String(1000 - slot)
          const expected = [...candidates].sort((a, b) => scores[b]! - scores[a]! || (idOf(a) < idOf(b) ? -1 : 1)).slice(0, k)
          expect([...selectTopK(scores, Uint32Array.from(candidates), candidates.length, k, idOf)]).toEqual(expected)
        },
      ),
    )
  })
})
