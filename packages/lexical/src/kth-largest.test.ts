import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { kthLargest } from './kth-largest.js'

describe('kthLargest', () => {
  it('counts repeats', () => {
    const values = new Float64Array([0.5, 3, 2, 2, 0.1])
    expect(kthLargest(values, 5, 1)).toBe(3)
    expect(kthLargest(values, 5, 2)).toBe(2)
    expect(kthLargest(values, 5, 3)).toBe(2)
    expect(kthLargest(values, 5, 4)).toBe(0.5)
    expect(kthLargest(values, 5, 5)).toBe(0.1)
  })

  it('reads only the first size values', () => {
    expect(kthLargest(new Float64Array([1, 2, 99]), 2, 1)).toBe(2)
  })

  it('is the k-th value of the values sorted in descending order', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ noNaN: true, min: -1e6, max: 1e6 }), { minLength: 1, maxLength: 200 }), fc.nat(), (list, pick) => {
        const k = 1 + (pick % list.length)
        const sorted = [...list].sort((a, b) => b - a)
        // (`-0` and `0` are one value, in either order after the sort: `+ 0` makes both `0`.)
        expect(kthLargest(Float64Array.from(list), list.length, k) + 0).toBe(sorted[k - 1]! + 0)
      }),
    )
  })
})
