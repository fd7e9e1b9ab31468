import { describe, expect, it } from 'vitest'
import { seededRandom } from './random.js'
import { randomizedEigen } from './randomized-eigen.js'
import type { SparseMatrix } from './sparse-matrix.js'
import { symmetricEigen } from './symmetric-eigen.js'

/**
 * `V diag(spectrum) Vᵀ` for a random orthonormal `V` (the eigenvectors of a random symmetric
 * matrix), as a sparse matrix holding every entry, with its eigenvectors (columns of `V`).
 */
function withSpectrum(spectrum: readonly number[], seed: number): { matrix: SparseMatrix; basis: Float64Array } {
  const n = spectrum.length
  const random = seededRandom(seed)
  const noise = new Float64Array(n * n)
  for (let i = 0; i < n; i++) {
    for (let j = i; j < n; j++) noise[i * n + j] = noise[j * n + i] = random() * 2 - 1
  }
  const basis = symmetricEigen(noise, n).vectors
  const values = new Float32Array(n * n)
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      let sum = 0
      for (let k = 0; k < n; k++) sum += basis[i * n + k]! * spectrum[k]! * basis[j * n + k]!
      values[i * n + j] = sum
    }
  }
  const rowStart = Uint32Array.from({ length: n + 1 }, (_, r) => r * n)
  const columns = Uint32Array.from({ length: n * n }, (_, e) => e % n)
  return { matrix: { size: n, rowStart, columns, values }, basis }
}

describe('randomizedEigen', () => {
  // Five dominant eigenvalues of either sign, the rest small: what a PPMI matrix's spectrum looks like.
  const dominant = [50, -40, 30, 20, -10]
  const spectrum = [...dominant, ...Array.from({ length: 75 }, (_, i) => ((i % 11) - 5) / 20)]

  for (const powerIterations of [0, 1, 3]) {
    it(`finds the dominant eigenpairs by magnitude, orthonormal (${powerIterations} power iterations)`, () => {
      const { matrix, basis } = withSpectrum(spectrum, 7)
      const n = matrix.size
      const rank = dominant.length
      const { vectors, values } = randomizedEigen(matrix, { rank, oversampling: 10, powerIterations, random: seededRandom(3) })
      // The float32 entries bound how closely the matrix has the spectrum asked for.
      const tolerance = powerIterations === 0 ? 2e-2 : 1e-4
      dominant.forEach((expected, c) => expect(Math.abs(values[c]! - expected)).toBeLessThan(tolerance * Math.abs(expected)))
      for (let c = 0; c < rank; c++) {
        // Each vector is the planted one (up to sign), and the columns are orthonormal.
        let planted = 0
        for (let i = 0; i < n; i++) planted += vectors[i * rank + c]! * basis[i * n + c]!
        expect(Math.abs(planted)).toBeGreaterThan(1 - tolerance)
        for (let d = c; d < rank; d++) {
          let dot = 0
          for (let i = 0; i < n; i++) dot += vectors[i * rank + c]! * vectors[i * rank + d]!
          expect(Math.abs(dot - (c === d ? 1 : 0))).toBeLessThan(1e-10)
        }
      }
    })
  }

  it('gives zero columns past the size of a matrix smaller than the rank', () => {
    const { matrix } = withSpectrum([3, -2, 1], 1)
    const { vectors, values } = randomizedEigen(matrix, { rank: 5, oversampling: 2, powerIterations: 1, random: seededRandom(0) })
    expect(Array.from(values.slice(0, 3), (v) => Math.round(v * 1e4) / 1e4)).toEqual([3, -2, 1])
    expect(Array.from(values.slice(3))).toEqual([0, 0])
    for (let i = 0; i < 3; i++) expect([vectors[i * 5 + 3], vectors[i * 5 + 4]]).toEqual([0, 0])
  })
})
