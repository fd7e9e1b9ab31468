import { addTransposedProduct } from './dense-rows.js'

/**
 * Makes the `width` columns of `matrix` (`rows x width`, row-major) orthonormal in place, by
 * Cholesky QR applied twice (CholeskyQR2: the second pass repairs what rounding left of the
 * first). A column that is (nearly) dependent on the ones before it becomes zero.
 */
export function orthonormalizeColumns(matrix: Float64Array, rows: number, width: number): void {
  choleskyQrPass(matrix, rows, width)
  choleskyQrPass(matrix, rows, width)
}

function choleskyQrPass(matrix: Float64Array, rows: number, width: number): void {
  // Gram matrix G = A^T A, upper triangle.
  const gram = new Float64Array(width * width)
  addTransposedProduct(gram, matrix, matrix, rows, width, true)
  // G = R^T R (upper R in place); a pivot at rounding level marks a dependent column.
  let trace = 0
  for (let i = 0; i < width; i++) trace += gram[i * width + i]!
  const tiny = Math.max(trace, Number.MIN_VALUE) * 1e-13
  const dead = new Uint8Array(width)
  for (let i = 0; i < width; i++) {
    let pivot = gram[i * width + i]!
    for (let k = 0; k < i; k++) pivot -= gram[k * width + i]! ** 2
    if (!(pivot > tiny)) {
      dead[i] = 1
      for (let j = i; j < width; j++) gram[i * width + j] = 0
      continue
    }
    const rii = Math.sqrt(pivot)
    gram[i * width + i] = rii
    for (let j = i + 1; j < width; j++) {
      let sum = gram[i * width + j]!
      for (let k = 0; k < i; k++) sum -= gram[k * width + i]! * gram[k * width + j]!
      gram[i * width + j] = sum / rii
    }
  }
  // R transposed, so the substitution below reads it contiguously.
  const rt = new Float64Array(width * width)
  for (let k = 0; k < width; k++) for (let j = k; j < width; j++) rt[j * width + k] = gram[k * width + j]!
  // Q = A R^-1, row by row: solve x R = a by forward substitution.
  for (let r = 0; r < rows; r++) substituteRow(matrix, r * width, rt, dead, width)
}

/**
 * Forward substitution of one row, `x R = a` in place (`rt` is `R` transposed). Four unknowns at a
 * time: their sums over the solved unknowns run side by side (independent chains), then the four
 * are solved in order. Each sum still subtracts its terms in order `k = 0, 1, ...`, so every result
 * is the one the one-at-a-time loop gives, bit for bit.
 */
function substituteRow(matrix: Float64Array, base: number, rt: Float64Array, dead: Uint8Array, width: number): void {
  let j = 0
  for (; j + 4 <= width; j += 4) {
    const r0 = j * width
    const r1 = r0 + width
    const r2 = r1 + width
    const r3 = r2 + width
    let s0 = matrix[base + j]!
    let s1 = matrix[base + j + 1]!
    let s2 = matrix[base + j + 2]!
    let s3 = matrix[base + j + 3]!
    for (let k = 0; k < j; k++) {
      const x = matrix[base + k]!
      s0 -= x * rt[r0 + k]!
      s1 -= x * rt[r1 + k]!
      s2 -= x * rt[r2 + k]!
      s3 -= x * rt[r3 + k]!
    }
    const x0 = dead[j] ? 0 : s0 / rt[r0 + j]!
    matrix[base + j] = x0
    s1 -= x0 * rt[r1 + j]!
    s2 -= x0 * rt[r2 + j]!
    s3 -= x0 * rt[r3 + j]!
    const x1 = dead[j + 1] ? 0 : s1 / rt[r1 + j + 1]!
    matrix[base + j + 1] = x1
    s2 -= x1 * rt[r2 + j + 1]!
    s3 -= x1 * rt[r3 + j + 1]!
    const x2 = dead[j + 2] ? 0 : s2 / rt[r2 + j + 2]!
    matrix[base + j + 2] = x2
    s3 -= x2 * rt[r3 + j + 2]!
    matrix[base + j + 3] = dead[j + 3] ? 0 : s3 / rt[r3 + j + 3]!
  }
  for (; j < width; j++) {
    if (dead[j]) {
      matrix[base + j] = 0
      continue
    }
    let sum = matrix[base + j]!
    const rj = j * width
    for (let k = 0; k < j; k++) sum -= matrix[base + k]! * rt[rj + k]!
    matrix[base + j] = sum / rt[rj + j]!
  }
}
