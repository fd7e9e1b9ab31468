import { addTransposedProduct, multiplyRow, substituteRow } from './dense-rows.js'
import { multiplyDenseRows } from './sparse-matrix.js'
import { runSimdRowBlock } from './simd-kernels.js'
import { embedRows } from './static-encoder.js'

/**
 * One of the static training's heavy kernels (the randomized SVD's products, its Cholesky QR, the
 * folding of the other terms and the embedding of the sampled texts), cut by rows of its output:
 * any split of `0 .. rows - 1` into blocks, run in any order on any thread ({@link runRowBlock}),
 * writes the very bits one pass does, because every output number is still summed by one thread
 * in the one order. Its arrays are plain data, so a task can be posted to another thread (backed
 * by `SharedArrayBuffer`s, see {@link RowRunner.float64}).
 */
export type RowTask =
  /** `out = matrix * dense` (see `multiplyDense`): `rows` = the sparse matrix's rows. */
  | {
      readonly kind: 'sparse-dense'
      readonly rows: number
      readonly rowStart: Uint32Array
      readonly columns: Uint32Array
      readonly values: Float32Array
      readonly dense: Float64Array
      readonly width: number
      readonly out: Float64Array
    }
  /** `out += leftᵀ right` (see `addTransposedProduct`): `rows` = `width`, the rows of `out`; `n` = the rows of `left` and `right`. */
  | {
      readonly kind: 'transposed-product'
      readonly rows: number
      readonly left: Float64Array
      readonly right: Float64Array
      readonly n: number
      readonly width: number
      readonly upperOnly: boolean
      readonly out: Float64Array
    }
  /** Forward substitution `x R = a` of every row of `matrix` in place (`rt` = `R` transposed). */
  | { readonly kind: 'substitute'; readonly rows: number; readonly matrix: Float64Array; readonly rt: Float64Array; readonly dead: Uint8Array; readonly width: number }
  /** `out[r] = range[r] · columnsᵀ`: row `r` of `out` (`stride` apart) gets `count` sums of `width` products. */
  | {
      readonly kind: 'multiply-rows'
      readonly rows: number
      readonly range: Float64Array
      readonly columns: Float64Array
      readonly count: number
      readonly width: number
      readonly out: Float64Array
      readonly stride: number
    }
  /**
   * Row `targets[r]` of `out` (`dimensions` wide) = the unit vector of sampled text `r`, whose
   * vocabulary ids are `ids[starts[r] .. starts[r + 1])` (`weights.length` for an unknown term;
   * see `StaticEncoder.encodeIds`).
   */
  | {
      readonly kind: 'embed'
      readonly rows: number
      readonly ids: Uint32Array
      readonly starts: Uint32Array
      readonly targets: Uint32Array
      readonly vectors: Float32Array
      readonly weights: Float32Array
      readonly dimensions: number
      readonly logTf: boolean
      readonly out: Float32Array
    }

/** Runs rows `from .. to - 1` of a task. */
export function runRowBlock(task: RowTask, from: number, to: number): void {
  if (runSimdRowBlock(task, from, to)) return
  switch (task.kind) {
    case 'sparse-dense':
      multiplyDenseRows(task, task.dense, task.width, task.out, from, to)
      return
    case 'transposed-product':
      addTransposedProduct(task.out, task.left, task.right, task.n, task.width, task.upperOnly, from, to)
      return
    case 'substitute':
      for (let r = from; r < to; r++) substituteRow(task.matrix, r * task.width, task.rt, task.dead, task.width)
      return
    case 'multiply-rows':
      for (let r = from; r < to; r++) multiplyRow(task.range, r * task.width, task.columns, task.count, task.width, task.out, r * task.stride)
      return
    case 'embed':
      embedRows(task, from, to)
      return
  }
}

/**
 * Runs the static training's {@link RowTask}s: on the calling thread ({@link SERIAL_ROWS}, the
 * default), or shared with another thread (the session's training thread shares them with the
 * main thread while that one waits for the model). Whatever runs them, the model is the same, bit
 * for bit.
 */
export interface RowRunner {
  /** Runs every row of `task` before it returns. */
  run(task: RowTask): void
  /** A zeroed array for a task's operand (a runner that shares tasks gives one in shared memory). */
  float64(length: number): Float64Array
  /** As {@link RowRunner.float64}. */
  uint8(length: number): Uint8Array
  /** As {@link RowRunner.float64}; without it, the `embed` task's output is an ordinary array (run where it is made). */
  float32?(length: number): Float32Array
}

/** Runs every task on the calling thread. */
export const SERIAL_ROWS: RowRunner = Object.freeze({
  run: (task: RowTask) => runRowBlock(task, 0, task.rows),
  float64: (length: number) => new Float64Array(length),
  uint8: (length: number) => new Uint8Array(length),
  float32: (length: number) => new Float32Array(length),
})
