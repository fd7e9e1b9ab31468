import { SERIAL_ROWS, type RowRunner } from './row-tasks.js'

/**
 * Makes the `width` columns of `matrix` (`rows x width`, row-major) orthonormal in place, by
 * `passes` Cholesky QR passes (`G = AᵀA = RᵀR`, `Q = A R⁻¹`; two are CholeskyQR2, the second
 * repairing what rounding left of the first). One pass loses orthogonality with the square of `A`'s
 * condition number: on the randomized SVD's range after one power iteration (the bench's 8 MB
 * corpus) it leaves `|QᵀQ - I|` at 3e-14, two at 3e-15, for twice the cost. A column that is
 * (nearly) dependent on the ones before it becomes zero. The Gram matrices and the substitutions
 * run on `runner`; the Cholesky factors (`width x width`) here.
 */
export function orthonormalizeColumns(matrix: Float64Array, rows: number, width: number, runner: RowRunner = SERIAL_ROWS, passes = 2): void {
  for (let pass = 0; pass < passes; pass++) choleskyQrPass(matrix, rows, width, runner)
}

function choleskyQrPass(matrix: Float64Array, rows: number, width: number, runner: RowRunner): void {
  // Gram matrix G = A^T A, upper triangle.
  const gram = runner.float64(width * width)
  runner.run({ kind: 'transposed-product', rows: width, left: matrix, right: matrix, n: rows, width, upperOnly: true, out: gram })
  // G = R^T R (upper R in place); a pivot at rounding level marks a dependent column.
  let trace = 0
  for (let i = 0; i < width; i++) trace += gram[i * width + i]!
  const tiny = Math.max(trace, Number.MIN_VALUE) * 1e-13
  const dead = runner.uint8(width)
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
  const rt = runner.float64(width * width)
  for (let k = 0; k < width; k++) for (let j = k; j < width; j++) rt[j * width + k] = gram[k * width + j]!
  // Q = A R^-1, row by row: solve x R = a by forward substitution.
  runner.run({ kind: 'substitute', rows, matrix, rt, dead, width })
}
