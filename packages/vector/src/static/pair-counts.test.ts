import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PairCounts } from './pair-counts.js'

describe('PairCounts', () => {
  it('counts each unordered pair as a Map would and totals every count', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(399), fc.nat(399)), { maxLength: 3000 }), (increments) => {
        const pairs = new PairCounts(400)
        const expected = new Map<string, number>()
        let total = 0
        for (const [a, b] of increments) {
          if (a === b) continue
          pairs.increment(a, b)
          const key = a < b ? `${a},${b}` : `${b},${a}`
          expected.set(key, (expected.get(key) ?? 0) + 1)
          total++
        }
        const seen = new Map<string, number>()
        pairs.forEach((a, b, count) => {
          expect(a).toBeLessThan(b)
          seen.set(`${a},${b}`, count)
        })
        expect(seen).toEqual(expected)
        expect(pairs.size).toBe(expected.size)
        expect(pairs.total).toBe(total)
      }),
      { numRuns: 50 },
    )
  })

  it('visits the pairs in ascending order of (a, b), and counts what is added after a read', () => {
    const pairs = new PairCounts(5000)
    const random = (seed: number) => () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296)
    const next = random(9)
    for (let i = 0; i < 20_000; i++) {
      const a = Math.floor(next() * 5000)
      const b = Math.floor(next() * 5000)
      if (a !== b) pairs.increment(a, b)
    }
    const order: number[] = []
    pairs.forEach((a, b) => order.push(a * 5000 + b))
    expect(order).toEqual([...order].sort((x, y) => x - y))
    const before = pairs.size
    pairs.increment(4998, 4999)
    pairs.increment(4999, 4998)
    let last: [number, number, number] | undefined
    pairs.forEach((a, b, count) => (last = [a, b, count]))
    expect(last?.slice(0, 2)).toEqual([4998, 4999])
    expect(pairs.size).toBe(before + (last![2] === 2 ? 1 : 0))
  })

  it('keeps every count through the key array growing', () => {
    const pairs = new PairCounts(300)
    // 44,850 distinct pairs (more than half the initial 65,536 slots), each counted 1 to 3 times.
    for (let a = 0; a < 300; a++) for (let b = a + 1; b < 300; b++) for (let n = 0; n <= (a + b) % 3; n++) pairs.increment(b, a)
    let total = 0
    let wrong = 0
    pairs.forEach((a, b, count) => {
      total += count
      if (count !== ((a + b) % 3) + 1) wrong++
    })
    expect(pairs.size).toBe((300 * 299) / 2)
    expect(wrong).toBe(0)
    expect(pairs.total).toBe(total)
  })
})
