import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { seededRandom } from './random.js'
import { symmetricEigen } from './symmetric-eigen.js'

/** A random symmetric `n x n` matrix, about a tenth of its entries zero. */
function symmetric(n: number, seed: number): Float64Array {
  const random = seededRandom(seed)
  const a = new Float64Array(n * n)
  for (let i = 0; i < n; i++) {
    for (let j = i; j < n; j++) {
      const value = random() < 0.1 ? 0 : random() * 2 - 1
      a[i * n + j] = value
      a[j * n + i] = value
    }
  }
  return a
}

/** Largest deviation from `A V = V diag(values)` and from `Vᵀ V = I`, and whether the values ascend. */
function check(a: Float64Array, n: number): { residual: number; orthogonality: number; ascending: boolean } {
  const { values, vectors } = symmetricEigen(a, n)
  let residual = 0
  let orthogonality = 0
  for (let c = 0; c < n; c++) {
    for (let i = 0; i < n; i++) {
      let sum = 0
      for (let k = 0; k < n; k++) sum += a[i * n + k]! * vectors[k * n + c]!
      residual = Math.max(residual, Math.abs(sum - values[c]! * vectors[i * n + c]!))
    }
    for (let d = 0; d < n; d++) {
      let dot = 0
      for (let k = 0; k < n; k++) dot += vectors[k * n + c]! * vectors[k * n + d]!
      orthogonality = Math.max(orthogonality, Math.abs(dot - (c === d ? 1 : 0)))
    }
  }
  const ascending = values.every((value, i) => i === 0 || values[i - 1]! <= value)
  return { residual, orthogonality, ascending }
}

describe('symmetricEigen', () => {
  it('gives orthonormal eigenvectors of random symmetric matrices, values ascending', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.nat(), (n, seed) => {
        const { residual, orthogonality, ascending } = check(symmetric(n, seed), n)
        expect(residual).toBeLessThan(1e-12 * n)
        expect(orthogonality).toBeLessThan(1e-12 * n)
        expect(ascending).toBe(true)
      }),
      { numRuns: 200 },
    )
  })

  it('solves the size the static model uses (138) to rounding level', () => {
    const { residual, orthogonality } = check(symmetric(138, 7), 138)
    expect(residual).toBeLessThan(1e-11)
    expect(orthogonality).toBeLessThan(1e-11)
  })

  it('handles zero, diagonal, identity and repeated-eigenvalue matrices', () => {
    expect(symmetricEigen(new Float64Array(0), 0).values).toHaveLength(0)
    const zero = symmetricEigen(new Float64Array(9), 3)
    expect([...zero.values]).toEqual([0, 0, 0])
    expect(check(new Float64Array(9), 3).orthogonality).toBe(0)
    const diagonal = symmetricEigen(Float64Array.from([3, 0, 0, 0, -1, 0, 0, 0, 2]), 3)
    expect([...diagonal.values]).toEqual([-1, 2, 3])
    const identity = Float64Array.from({ length: 25 }, (_, i) => (i % 6 === 0 ? 1 : 0))
    expect(check(identity, 5)).toEqual({ residual: 0, orthogonality: 0, ascending: true })
    // All ones: eigenvalue n once and 0 (n - 1) times.
    const ones = new Float64Array(36).fill(1)
    const { values } = symmetricEigen(ones, 6)
    expect(values[5]).toBeCloseTo(6, 12)
    for (let i = 0; i < 5; i++) expect(Math.abs(values[i]!)).toBeLessThan(1e-13)
    expect(check(ones, 6).orthogonality).toBeLessThan(1e-13)
  })

  it('reads only the leading n x n entries and leaves its input unchanged', () => {
    const a = symmetric(6, 3)
    const before = Float64Array.from(a)
    const longer = new Float64Array(40)
    longer.set(a)
    longer.fill(99, 36)
    expect(symmetricEigen(longer, 6)).toEqual(symmetricEigen(a, 6))
    expect(a).toEqual(before)
  })
})
