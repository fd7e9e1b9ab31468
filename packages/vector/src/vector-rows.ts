import { LimitExceededError } from '@rag/core'

/** How a stream keeps its vectors: 4 bytes per dimension, or 1 byte plus one scale per vector. */
export type Quantization = 'float32' | 'int8'

/** The most vectors one buffer holds: the row index must stay a safe 32-bit offset per dimension. */
export const MAX_ROWS = 2 ** 24

/**
 * Unit-length vectors stored back to back in one contiguous typed array, so scoring a query is
 * one linear pass over memory. Rows are dense: removal moves the last row into the hole.
 * `int8` keeps each vector as `round(x / max|x| * 127)` plus that scale (`max|x| / 127`), a
 * quarter of the memory, with scores that differ from exact ones by well under 1 % of a unit
 * vector's range (measured in the tests and the bench).
 */
export interface VectorRows {
  readonly dimensions: number
  readonly quantization: Quantization
  /** Rows held. */
  readonly count: number
  /** Bytes of the typed arrays (capacity, not just the rows in use). */
  readonly bytes: number
  /** Makes room for `extra` more rows without reallocating during the next appends. */
  reserve(extra: number): void
  /** Appends `vector` (already unit length or zero) as row `count`. */
  append(vector: Float32Array): void
  /** Overwrites row `to` with row `from`. */
  move(from: number, to: number): void
  /** Drops every row at `count` and after. */
  truncate(count: number): void
  /** Writes `dot(query, row i)` to `out[i]` for every row. `query` is unit length. */
  scoreAll(query: Float32Array, out: Float32Array): void
  /** Row `row` as floats (dequantized for `int8`). */
  read(row: number): Float32Array
}

/** New empty rows of `dimensions` floats each. */
export function createVectorRows(dimensions: number, quantization: Quantization): VectorRows {
  return quantization === 'int8' ? new Int8Rows(dimensions) : new Float32Rows(dimensions)
}

/** The capacity to grow to: exact for the first batch, then by a quarter, so 50,000 rows of one batch never pay for 65,536. */
function grownCapacity(current: number, needed: number): number {
  if (needed > MAX_ROWS) {
    throw new LimitExceededError('vectors', MAX_ROWS, needed, `A vector stream holds at most ${MAX_ROWS} vectors; this call needs ${needed}.`)
  }
  if (needed <= current) return current
  return Math.min(MAX_ROWS, Math.max(needed, Math.ceil(current * 1.25)))
}

class Float32Rows implements VectorRows {
  readonly dimensions: number
  readonly quantization = 'float32' as const
  count = 0
  #data = new Float32Array(0)

  constructor(dimensions: number) {
    this.dimensions = dimensions
  }

  get bytes(): number {
    return this.#data.byteLength
  }

  reserve(extra: number): void {
    const capacity = this.#data.length / this.dimensions
    const next = grownCapacity(capacity, this.count + extra)
    if (next === capacity) return
    const data = new Float32Array(next * this.dimensions)
    data.set(this.#data.subarray(0, this.count * this.dimensions))
    this.#data = data
  }

  append(vector: Float32Array): void {
    this.reserve(1)
    this.#data.set(vector, this.count * this.dimensions)
    this.count++
  }

  move(from: number, to: number): void {
    const d = this.dimensions
    this.#data.copyWithin(to * d, from * d, from * d + d)
  }

  truncate(count: number): void {
    this.count = Math.min(this.count, count)
  }

  scoreAll(query: Float32Array, out: Float32Array): void {
    const data = this.#data
    const d = this.dimensions
    const d4 = d - (d % 4)
    const rows = this.count
    for (let row = 0, base = 0; row < rows; row++, base += d) {
      // Four accumulators break the dependency chain of one running sum.
      let s0 = 0
      let s1 = 0
      let s2 = 0
      let s3 = 0
      let i = 0
      for (; i < d4; i += 4) {
        s0 += query[i]! * data[base + i]!
        s1 += query[i + 1]! * data[base + i + 1]!
        s2 += query[i + 2]! * data[base + i + 2]!
        s3 += query[i + 3]! * data[base + i + 3]!
      }
      for (; i < d; i++) s0 += query[i]! * data[base + i]!
      out[row] = s0 + s1 + (s2 + s3)
    }
  }

  read(row: number): Float32Array {
    return this.#data.slice(row * this.dimensions, (row + 1) * this.dimensions)
  }
}

class Int8Rows implements VectorRows {
  readonly dimensions: number
  readonly quantization = 'int8' as const
  count = 0
  #data = new Int8Array(0)
  #scales = new Float32Array(0)

  constructor(dimensions: number) {
    this.dimensions = dimensions
  }

  get bytes(): number {
    return this.#data.byteLength + this.#scales.byteLength
  }

  reserve(extra: number): void {
    const capacity = this.#scales.length
    const next = grownCapacity(capacity, this.count + extra)
    if (next === capacity) return
    const data = new Int8Array(next * this.dimensions)
    data.set(this.#data.subarray(0, this.count * this.dimensions))
    const scales = new Float32Array(next)
    scales.set(this.#scales.subarray(0, this.count))
    this.#data = data
    this.#scales = scales
  }

  append(vector: Float32Array): void {
    this.reserve(1)
    const d = this.dimensions
    let max = 0
    for (let i = 0; i < d; i++) max = Math.max(max, Math.abs(vector[i]!))
    const base = this.count * d
    const factor = max === 0 ? 0 : 127 / max
    for (let i = 0; i < d; i++) this.#data[base + i] = Math.round(vector[i]! * factor)
    this.#scales[this.count] = max / 127
    this.count++
  }

  move(from: number, to: number): void {
    const d = this.dimensions
    this.#data.copyWithin(to * d, from * d, from * d + d)
    this.#scales[to] = this.#scales[from]!
  }

  truncate(count: number): void {
    this.count = Math.min(this.count, count)
  }

  scoreAll(query: Float32Array, out: Float32Array): void {
    const data = this.#data
    const scales = this.#scales
    const d = this.dimensions
    const d4 = d - (d % 4)
    const rows = this.count
    for (let row = 0, base = 0; row < rows; row++, base += d) {
      let s0 = 0
      let s1 = 0
      let s2 = 0
      let s3 = 0
      let i = 0
      for (; i < d4; i += 4) {
        s0 += query[i]! * data[base + i]!
        s1 += query[i + 1]! * data[base + i + 1]!
        s2 += query[i + 2]! * data[base + i + 2]!
        s3 += query[i + 3]! * data[base + i + 3]!
      }
      for (; i < d; i++) s0 += query[i]! * data[base + i]!
      out[row] = (s0 + s1 + (s2 + s3)) * scales[row]!
    }
  }

  read(row: number): Float32Array {
    const d = this.dimensions
    const out = new Float32Array(d)
    const scale = this.#scales[row]!
    for (let i = 0; i < d; i++) out[i] = this.#data[row * d + i]! * scale
    return out
  }
}
