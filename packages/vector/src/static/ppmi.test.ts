import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { selectLargest } from './ppmi.js'

describe('selectLargest', () => {
  it('equals the k-th largest of the sorted values, ties and repeats included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.float({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, 1, 2)), { minLength: 1, maxLength: 300 }),
        fc.nat(),
        (numbers, pick) => {
          const values = Float32Array.from(numbers)
          const k = 1 + (pick % values.length)
          const expected = Float32Array.from(values).sort()[values.length - k]
          // `+ 0` makes -0 and +0 one value: the sort puts -0 first, selection may return either.
          expect(selectLargest(Float32Array.from(values), values.length, k) + 0).toBe(expected! + 0)
        },
      ),
      { numRuns: 500 },
    )
  })

  it('reads only the first length values', () => {
    const values = Float32Array.from([5, 1, 4, 100, 200])
    expect(selectLargest(values, 3, 1)).toBe(5)
    expect(selectLargest(Float32Array.from([5, 1, 4, 100, 200]), 3, 3)).toBe(1)
  })
})
