/** A sparse matrix in compressed sparse row form (columns index whatever the caller's dense rows are). */
export interface SparseMatrix {
  /** Rows. */
  readonly size: number
  /** Row `r` holds entries `rowStart[r] .. rowStart[r + 1]`. */
  readonly rowStart: Uint32Array
  readonly columns: Uint32Array
  readonly values: Float32Array
}

/**
 * `out = matrix * dense`, where `dense` has a row per column of `matrix` and `out` a row per row
 * of `matrix`, `width` numbers each, row-major. The inner loop runs
 * over `width` contiguous numbers, so the cost is about `nonzeros * width` multiply-adds.
 */
export function multiplyDense(matrix: SparseMatrix, dense: Float64Array, width: number, out: Float64Array = new Float64Array(matrix.size * width)): Float64Array {
  out.fill(0)
  const { rowStart, columns, values } = matrix
  // Four columns a step (each output keeps its own order of additions, so results are unchanged).
  const whole = width - (width % 4)
  for (let row = 0; row < matrix.size; row++) {
    const base = row * width
    for (let e = rowStart[row]!; e < rowStart[row + 1]!; e++) {
      const value = values[e]!
      const other = columns[e]! * width
      let j = 0
      for (; j < whole; j += 4) {
        out[base + j]! += value * dense[other + j]!
        out[base + j + 1]! += value * dense[other + j + 1]!
        out[base + j + 2]! += value * dense[other + j + 2]!
        out[base + j + 3]! += value * dense[other + j + 3]!
      }
      for (; j < width; j++) out[base + j]! += value * dense[other + j]!
    }
  }
  return out
}
