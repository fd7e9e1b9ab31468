/**
 * Row updates of the dense kernels (`target[t + j] += x * source[s + j]`), unrolled four a step.
 * Every entry of `target` still receives its additions one at a time, in the caller's order, so
 * results are the ones a plain loop gives, bit for bit (JavaScript never fuses a multiply-add).
 */

/** `target[t + j] += x * source[s + j]` for `j` in `0 .. count - 1`. */
export function addScaledRow(target: Float64Array, t: number, x: number, source: Float64Array, s: number, count: number): void {
  const whole = count - (count % 4)
  let j = 0
  for (; j < whole; j += 4) {
    target[t + j]! += x * source[s + j]!
    target[t + j + 1]! += x * source[s + j + 1]!
    target[t + j + 2]! += x * source[s + j + 2]!
    target[t + j + 3]! += x * source[s + j + 3]!
  }
  for (; j < count; j++) target[t + j]! += x * source[s + j]!
}

/**
 * `target[t + j] += x0 * first[f + j]`, then `+= x1 * second[s + j]`, for `j` in `0 .. count - 1`:
 * two {@link addScaledRow} calls in that order, with one read and one write of `target` per entry
 * instead of two (the kernels are bound by those reads and writes).
 */
export function addTwoScaledRows(
  target: Float64Array,
  t: number,
  x0: number,
  first: Float64Array,
  f: number,
  x1: number,
  second: Float64Array,
  s: number,
  count: number,
): void {
  const whole = count - (count % 4)
  let j = 0
  for (; j < whole; j += 4) {
    target[t + j] = target[t + j]! + x0 * first[f + j]! + x1 * second[s + j]!
    target[t + j + 1] = target[t + j + 1]! + x0 * first[f + j + 1]! + x1 * second[s + j + 1]!
    target[t + j + 2] = target[t + j + 2]! + x0 * first[f + j + 2]! + x1 * second[s + j + 2]!
    target[t + j + 3] = target[t + j + 3]! + x0 * first[f + j + 3]! + x1 * second[s + j + 3]!
  }
  for (; j < count; j++) target[t + j] = target[t + j]! + x0 * first[f + j]! + x1 * second[s + j]!
}

/**
 * {@link addTwoScaledRows} for four rows of one source: `target[t + j]` gains the `x0`, `x1`, `x2`
 * and `x3` terms in that order, with one read and one write of `target` per entry.
 */
export function addFourScaledRows(
  target: Float64Array,
  t: number,
  source: Float64Array,
  x0: number,
  s0: number,
  x1: number,
  s1: number,
  x2: number,
  s2: number,
  x3: number,
  s3: number,
  count: number,
): void {
  for (let j = 0; j < count; j++) target[t + j] = target[t + j]! + x0 * source[s0 + j]! + x1 * source[s1 + j]! + x2 * source[s2 + j]! + x3 * source[s3 + j]!
}

/**
 * `out += leftᵀ · right` for row-major `rows × width` matrices into the row-major `width × width`
 * `out`, two rows a pass; with `upperOnly`, only the entries `j >= i` (a Gram matrix's upper
 * triangle, `left` = `right`). Each entry still adds row `r` before row `r + 1` and skips a zero
 * factor, as one row at a time would: the same bits. `from` and `to` bound the rows of `out`
 * written (the sums of the others are not touched), so threads can share the work by rows of `out`
 * and still give the bits one thread does.
 */
export function addTransposedProduct(out: Float64Array, left: Float64Array, right: Float64Array, rows: number, width: number, upperOnly: boolean, from = 0, to = width): void {
  let r = 0
  for (; r + 2 <= rows; r += 2) {
    const b0 = r * width
    const b1 = b0 + width
    for (let i = from; i < to; i++) {
      const first = upperOnly ? i : 0
      const x0 = left[b0 + i]!
      const x1 = left[b1 + i]!
      const o = i * width + first
      if (x0 !== 0 && x1 !== 0) addTwoScaledRows(out, o, x0, right, b0 + first, x1, right, b1 + first, width - first)
      else if (x0 !== 0) addScaledRow(out, o, x0, right, b0 + first, width - first)
      else if (x1 !== 0) addScaledRow(out, o, x1, right, b1 + first, width - first)
    }
  }
  for (; r < rows; r++) {
    const base = r * width
    for (let i = from; i < to; i++) {
      const first = upperOnly ? i : 0
      const x = left[base + i]!
      if (x !== 0) addScaledRow(out, i * width + first, x, right, base + first, width - first)
    }
  }
}

/**
 * `out[at + c] = Σ_i row[base + i] * columns[c * width + i]` for `c < count`. Four sums at a time
 * (independent chains the processor overlaps); each sum still adds its terms in order `i = 0, 1, ...`,
 * so every result is the one a plain loop gives, bit for bit.
 */
export function multiplyRow(row: Float64Array, base: number, columns: Float64Array, count: number, width: number, out: Float64Array, at: number): void {
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

/**
 * Forward substitution of one row, `x R = a` in place (`rt` is `R` transposed). Four unknowns at a
 * time: their sums over the solved unknowns run side by side (independent chains), then the four
 * are solved in order. Each sum still subtracts its terms in order `k = 0, 1, ...`, so every result
 * is the one the one-at-a-time loop gives, bit for bit.
 */
export function substituteRow(matrix: Float64Array, base: number, rt: Float64Array, dead: Uint8Array, width: number): void {
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
