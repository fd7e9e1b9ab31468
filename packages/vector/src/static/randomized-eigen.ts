import { symmetricEigen } from './jacobi-eigen.js'
import { orthonormalizeColumns } from './orthonormalize.js'
import { addTransposedProduct } from './dense-rows.js'
import { gaussian } from './random.js'
import { multiplyDense, type SparseMatrix } from './sparse-matrix.js'

/** Options of {@link randomizedEigen}. */
export interface RandomizedEigenOptions {
  /** Components wanted. */
  readonly rank: number
  /** Extra random directions beyond `rank` (Halko et al. suggest 5-10). */
  readonly oversampling: number
  /** Power iterations: each sharpens the spectrum, at one more sparse product. */
  readonly powerIterations: number
  /** The uniform generator of the random test matrix (seeded for determinism). */
  readonly random: () => number
}

/**
 * The `rank` largest-magnitude eigenpairs of a symmetric sparse matrix, by randomized range finding
 * (Halko, Martinsson & Tropp 2011): `Y = M Ω` for a Gaussian `Ω`, power iterations with
 * column rescaling, then Rayleigh-Ritz on the range (`B = Qᵀ M Q`, Jacobi). For a symmetric
 * matrix this is its truncated SVD up to signs. Returns `vectors` (`size x rank`, row-major,
 * columns orthonormal; zero columns past the matrix's own size) and `values` (by decreasing
 * magnitude).
 */
export function randomizedEigen(matrix: SparseMatrix, { rank, oversampling, powerIterations, random }: RandomizedEigenOptions): { vectors: Float64Array; values: Float64Array } {
  const n = matrix.size
  const width = Math.min(n, rank + oversampling)
  const vectors = new Float64Array(n * rank)
  const values = new Float64Array(rank)
  if (width === 0) return { vectors, values }
  const normal = gaussian(random)
  const omega = new Float64Array(n * width)
  for (let i = 0; i < omega.length; i++) omega[i] = normal()
  let range: Float64Array = multiplyDense(matrix, omega, width)
  let spare: Float64Array = omega
  // Power iterations without re-orthonormalising in between (columns only rescaled against
  // overflow): Cholesky QR twice below copes with the condition number of a few iterations, and
  // each skipped orthonormalisation saves as much as a sparse product costs.
  for (let i = 0; i < powerIterations; i++) {
    scaleColumns(range, n, width)
    const next = multiplyDense(matrix, range, width, spare)
    spare = range
    range = next
  }
  orthonormalizeColumns(range, n, width)
  const product = multiplyDense(matrix, range, width, spare)
  // B = Qᵀ (M Q), symmetrised against rounding.
  const small = new Float64Array(width * width)
  addTransposedProduct(small, range, product, n, width, false)
  for (let i = 0; i < width; i++) {
    for (let j = i + 1; j < width; j++) {
      const mean = (small[i * width + j]! + small[j * width + i]!) / 2
      small[i * width + j] = mean
      small[j * width + i] = mean
    }
  }
  const eigen = symmetricEigen(small, width)
  const order = Array.from({ length: width }, (_, i) => i).sort((a, b) => Math.abs(eigen.values[b]!) - Math.abs(eigen.values[a]!) || a - b)
  const kept = Math.min(rank, width)
  for (let c = 0; c < kept; c++) values[c] = eigen.values[order[c]!]!
  // U = Q W, only the kept columns of W (transposed first, so the inner loop reads contiguously).
  const wt = new Float64Array(kept * width)
  for (let c = 0; c < kept; c++) for (let i = 0; i < width; i++) wt[c * width + i] = eigen.vectors[i * width + order[c]!]!
  for (let r = 0; r < n; r++) multiplyRow(range, r * width, wt, kept, width, vectors, r * rank)
  return { vectors, values }
}

/**
 * `out[at + c] = Σ_i row[base + i] * columns[c * width + i]` for `c < count`. Four sums at a time
 * (independent chains the processor overlaps); each sum still adds its terms in order `i = 0, 1, ...`,
 * so every result is the one a plain loop gives, bit for bit.
 */
function multiplyRow(row: Float64Array, base: number, columns: Float64Array, count: number, width: number, out: Float64Array, at: number): void {
  let c = 0
  for (; c + 4 <= count; c += 4) {
    const w0 = c * width
    const w1 = w0 + width
    const w2 = w1 + width
    const w3 = w2 + width
    let s0 = 0
    let s1 = 0
    let s2 = 0
    let s3 = 0
    for (let i = 0; i < width; i++) {
      const x = row[base + i]!
      s0 += x * columns[w0 + i]!
      s1 += x * columns[w1 + i]!
      s2 += x * columns[w2 + i]!
      s3 += x * columns[w3 + i]!
    }
    out[at + c] = s0
    out[at + c + 1] = s1
    out[at + c + 2] = s2
    out[at + c + 3] = s3
  }
  for (; c < count; c++) {
    const wc = c * width
    let sum = 0
    for (let i = 0; i < width; i++) sum += row[base + i]! * columns[wc + i]!
    out[at + c] = sum
  }
}

/** Scales each column of `matrix` (`rows x width`, row-major) to unit length (zero columns stay zero). */
function scaleColumns(matrix: Float64Array, rows: number, width: number): void {
  const norms = new Float64Array(width)
  for (let r = 0; r < rows; r++) for (let j = 0; j < width; j++) norms[j]! += matrix[r * width + j]! ** 2
  for (let j = 0; j < width; j++) norms[j] = norms[j]! > 0 ? 1 / Math.sqrt(norms[j]!) : 0
  for (let r = 0; r < rows; r++) for (let j = 0; j < width; j++) matrix[r * width + j]! *= norms[j]!
}
