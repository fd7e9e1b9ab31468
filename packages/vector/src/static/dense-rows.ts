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
 * factor, as one row at a time would: the same bits.
 */
export function addTransposedProduct(out: Float64Array, left: Float64Array, right: Float64Array, rows: number, width: number, upperOnly: boolean): void {
  let r = 0
  for (; r + 2 <= rows; r += 2) {
    const b0 = r * width
    const b1 = b0 + width
    for (let i = 0; i < width; i++) {
      const from = upperOnly ? i : 0
      const x0 = left[b0 + i]!
      const x1 = left[b1 + i]!
      const o = i * width + from
      if (x0 !== 0 && x1 !== 0) addTwoScaledRows(out, o, x0, right, b0 + from, x1, right, b1 + from, width - from)
      else if (x0 !== 0) addScaledRow(out, o, x0, right, b0 + from, width - from)
      else if (x1 !== 0) addScaledRow(out, o, x1, right, b1 + from, width - from)
    }
  }
  for (; r < rows; r++) {
    const base = r * width
    for (let i = 0; i < width; i++) {
      const from = upperOnly ? i : 0
      const x = left[base + i]!
      if (x !== 0) addScaledRow(out, i * width + from, x, right, base + from, width - from)
    }
  }
}
