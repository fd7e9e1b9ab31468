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
  // Gram matrix G = A^T A, upper triangle, accumulated row by row (contiguous reads).
  const gram = new Float64Array(width * width)
  for (let r = 0; r < rows; r++) {
    const base = r * width
    for (let i = 0; i < width; i++) {
      const x = matrix[base + i]!
      if (x === 0) continue
      const gi = i * width
      // Four a step; each entry keeps its own order of additions.
      let j = i
      for (; j + 4 <= width; j += 4) {
        gram[gi + j]! += x * matrix[base + j]!
        gram[gi + j + 1]! += x * matrix[base + j + 1]!
        gram[gi + j + 2]! += x * matrix[base + j + 2]!
        gram[gi + j + 3]! += x * matrix[base + j + 3]!
      }
      for (; j < width; j++) gram[gi + j]! += x * matrix[base + j]!
    }
  }
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
  for (let r = 0; r < rows; r++) {
    const base = r * width
    for (let j = 0; j < width; j++) {
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
}
