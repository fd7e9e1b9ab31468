import { describe, expect, it } from 'vitest'
import { addTransposedProduct, multiplyRow } from './dense-rows.js'
import { seededRandom } from './random.js'
import type { RowTask } from './row-tasks.js'
import { runSimdRowBlock } from './simd-kernels.js'
import { multiplyDenseRows } from './sparse-matrix.js'

// The WebAssembly kernels promise the JavaScript kernels' results bit for bit (the static model's
// id and every stored vector depend on it): odd widths (a scalar tail after the two-lane steps),
// zero and negative-zero factors (skipped by the transposed product), and blocks in any order.

const random = seededRandom(7)

/** Mostly ordinary numbers, with exact zeros, negative zeros and tiny values among them. */
function numbers(length: number): Float64Array {
  return Float64Array.from({ length }, () => {
    const pick = random()
    if (pick < 0.1) return 0
    if (pick < 0.15) return -0
    if (pick < 0.2) return (random() - 0.5) * 1e-300
    return (random() - 0.5) * 10
  })
}

/** Runs the task's rows in blocks of `size`, last block first. */
function inBlocks(task: RowTask, size: number): void {
  for (let from = Math.floor((task.rows - 1) / size) * size; from >= 0; from -= size) {
    expect(runSimdRowBlock(task, from, Math.min(task.rows, from + size))).toBe(true)
  }
}

const bits = (array: Float64Array): Buffer => Buffer.from(array.buffer, array.byteOffset, array.byteLength)

describe('the WebAssembly row kernels', () => {
  for (const width of [1, 2, 7, 138]) {
    it(`multiply a sparse matrix by dense rows as multiplyDenseRows does (width ${width})`, () => {
      const rows = 40
      const rowStart = new Uint32Array(rows + 1)
      for (let r = 0; r < rows; r++) rowStart[r + 1] = rowStart[r]! + Math.floor(random() * 9)
      const columns = Uint32Array.from({ length: rowStart[rows]! }, () => Math.floor(random() * 30))
      const values = Float32Array.from(numbers(rowStart[rows]!))
      const dense = numbers(30 * width)
      const expected = new Float64Array(rows * width).fill(5)
      multiplyDenseRows({ rowStart, columns, values }, dense, width, expected, 0, rows)
      const out = new Float64Array(rows * width).fill(5)
      inBlocks({ kind: 'sparse-dense', rows, rowStart, columns, values, dense, width, out }, 3)
      expect(bits(out).equals(bits(expected))).toBe(true)
    })

    for (const upperOnly of [false, true]) {
      it(`add a transposed product as addTransposedProduct does (width ${width}, upperOnly ${upperOnly})`, () => {
        const n = 25
        const left = numbers(n * width)
        // Column 0 of left is zeros only: skipped, they leave a negative-zero sum and an infinity alone.
        for (let r = 0; r < n; r++) left[r * width] = r % 2 === 0 ? 0 : -0
        const right = upperOnly ? left : numbers(n * width)
        right[width - 1] = Number.POSITIVE_INFINITY
        const start = numbers(width * width)
        start[width - 1] = -0
        const expected = start.slice()
        addTransposedProduct(expected, left, right, n, width, upperOnly)
        const out = start.slice()
        inBlocks({ kind: 'transposed-product', rows: width, left, right, n, width, upperOnly, out }, 2)
        expect(bits(out).equals(bits(expected))).toBe(true)
      })
    }

    it(`multiply rows by columns as multiplyRow does (width ${width})`, () => {
      const rows = 33
      const count = Math.max(1, width - 1)
      const stride = count + 2
      const range = numbers(rows * width)
      const columns = numbers(count * width)
      const expected = new Float64Array(rows * stride).fill(3)
      for (let r = 0; r < rows; r++) multiplyRow(range, r * width, columns, count, width, expected, r * stride)
      const out = new Float64Array(rows * stride).fill(3)
      inBlocks({ kind: 'multiply-rows', rows, range, columns, count, width, out, stride }, 4)
      expect(bits(out).equals(bits(expected))).toBe(true)
    })
  }

  it('leave the tasks they do not cover to the JavaScript kernels', () => {
    const task: RowTask = { kind: 'substitute', rows: 1, matrix: new Float64Array(1), rt: new Float64Array(1), dead: new Uint8Array(1), width: 1 }
    expect(runSimdRowBlock(task, 0, 1)).toBe(false)
  })
})
