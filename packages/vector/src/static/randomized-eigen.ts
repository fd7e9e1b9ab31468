import { symmetricEigen } from './symmetric-eigen.js'
import { orthonormalizeColumns } from './orthonormalize.js'
import { SERIAL_ROWS, type RowRunner } from './row-tasks.js'
import type { SparseMatrix } from './sparse-matrix.js'

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
  /** Runs the products, the Cholesky QR's row work and `U = QW` (default: this thread). */
  readonly runner?: RowRunner
}

/**
 * The `rank` largest-magnitude eigenpairs of a symmetric sparse matrix, by randomized range finding
 * (Halko, Martinsson & Tropp 2011): `Y = M Ω` for a random-sign `Ω`, power iterations with
 * column rescaling, Cholesky QR, then Rayleigh-Ritz on the range (`B = Qᵀ M Q`, Householder + QL). For a
 * symmetric matrix this is its truncated SVD up to signs. Returns `vectors` (`size x rank`,
 * row-major, columns orthonormal; zero columns past the matrix's own size) and `values` (by
 * decreasing magnitude).
 */
export function randomizedEigen(matrix: SparseMatrix, options: RandomizedEigenOptions): { vectors: Float64Array; values: Float64Array } {
  const { rank, oversampling, powerIterations, random, runner = SERIAL_ROWS } = options
  const n = matrix.size
  const width = Math.min(n, rank + oversampling)
  const vectors = runner.float64(n * rank)
  const values = new Float64Array(rank)
  if (width === 0) return { vectors, values }
  // Random signs: as good a test matrix as Gaussian entries (Halko et al. 2011, 7.4; the captured
  // spectrum differs between the two no more than between two seeds of either), at a fraction of
  // the cost of drawing 565,000 normal numbers.
  const omega = runner.float64(n * width)
  for (let i = 0; i < omega.length; i++) omega[i] = random() < 0.5 ? -1 : 1
  const multiply = (dense: Float64Array, out: Float64Array): Float64Array => {
    runner.run({ kind: 'sparse-dense', rows: n, rowStart: matrix.rowStart, columns: matrix.columns, values: matrix.values, dense, width, out })
    return out
  }
  let range: Float64Array = multiply(omega, runner.float64(n * width))
  let spare: Float64Array = omega
  // Power iterations without re-orthonormalising in between (columns only rescaled against
  // overflow): each skipped orthonormalisation saves as much as a sparse product costs. One
  // Cholesky QR below leaves the range orthonormal to 3e-14 after one iteration; more iterations
  // square the condition number each, so they get CholeskyQR2.
  for (let i = 0; i < powerIterations; i++) {
    scaleColumns(range, n, width)
    const next = multiply(range, spare)
    spare = range
    range = next
  }
  orthonormalizeColumns(range, n, width, runner, powerIterations <= 1 ? 1 : 2)
  const product = multiply(range, spare)
  // B = Qᵀ (M Q) is symmetric: its upper triangle only, mirrored (half the products of both).
  const small = runner.float64(width * width)
  runner.run({ kind: 'transposed-product', rows: width, left: range, right: product, n, width, upperOnly: true, out: small })
  for (let i = 0; i < width; i++) for (let j = i + 1; j < width; j++) small[j * width + i] = small[i * width + j]!
  const eigen = symmetricEigen(small, width)
  const order = Array.from({ length: width }, (_, i) => i).sort((a, b) => Math.abs(eigen.values[b]!) - Math.abs(eigen.values[a]!) || a - b)
  const kept = Math.min(rank, width)
  for (let c = 0; c < kept; c++) values[c] = eigen.values[order[c]!]!
  // U = Q W, only the kept columns of W (transposed first, so the inner loop reads contiguously).
  const wt = runner.float64(kept * width)
  for (let c = 0; c < kept; c++) for (let i = 0; i < width; i++) wt[c * width + i] = eigen.vectors[i * width + order[c]!]!
  runner.run({ kind: 'multiply-rows', rows: n, range, columns: wt, count: kept, width, out: vectors, stride: rank })
  return { vectors, values }
}

/** Scales each column of `matrix` (`rows x width`, row-major) to unit length (zero columns stay zero). */
function scaleColumns(matrix: Float64Array, rows: number, width: number): void {
  const norms = new Float64Array(width)
  for (let r = 0; r < rows; r++) for (let j = 0; j < width; j++) norms[j]! += matrix[r * width + j]! ** 2
  for (let j = 0; j < width; j++) norms[j] = norms[j]! > 0 ? 1 / Math.sqrt(norms[j]!) : 0
  for (let r = 0; r < rows; r++) for (let j = 0; j < width; j++) matrix[r * width + j]! *= norms[j]!
}
