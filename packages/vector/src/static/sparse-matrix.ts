import { addFourScaledRows, addScaledRow, addTwoScaledRows } from './dense-rows.js'

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
  multiplyDenseRows(matrix, dense, width, out, 0, matrix.size)
  return out
}

/** {@link multiplyDense} of the rows `from .. to - 1` only (the other rows of `out` are not touched). */
export function multiplyDenseRows(matrix: Pick<SparseMatrix, 'rowStart' | 'columns' | 'values'>, dense: Float64Array, width: number, out: Float64Array, from: number, to: number): void {
  out.fill(0, from * width, to * width)
  const { rowStart, columns, values } = matrix
  // Two entries of a row at a time, each output adding them in entry order (results unchanged).
  for (let row = from; row < to; row++) {
    const base = row * width
    const end = rowStart[row + 1]!
    let e = rowStart[row]!
    for (; e + 4 <= end; e += 4) {
      addFourScaledRows(out, base, dense, values[e]!, columns[e]! * width, values[e + 1]!, columns[e + 1]! * width, values[e + 2]!, columns[e + 2]! * width, values[e + 3]!, columns[e + 3]! * width, width)
    }
    for (; e + 2 <= end; e += 2) addTwoScaledRows(out, base, values[e]!, dense, columns[e]! * width, values[e + 1]!, dense, columns[e + 1]! * width, width)
    if (e < end) addScaledRow(out, base, values[e]!, dense, columns[e]! * width, width)
  }
}
