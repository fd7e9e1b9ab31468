import type { PairCounts } from './pair-counts.js'
import type { SparseMatrix } from './sparse-matrix.js'

/** Options of {@link ppmiMatrices}. */
export interface PpmiOptions {
  /** Vocabulary ids below this are the core terms (the most frequent), the SVD's rows and columns. */
  readonly core: number
  /** Context distribution smoothing: context frequencies are raised to this power (0.75 in word2vec). */
  readonly smoothing: number
  /** Each row keeps at most this many contexts (its highest PPMI values). */
  readonly maxContexts: number
}

/** The two PPMI matrices training needs. */
export interface PpmiMatrices {
  /** Core terms against core terms, symmetric (an entry kept by either row is kept in both). */
  readonly core: SparseMatrix
  /** Every other vocabulary term (row `t - core`) against the core terms (columns): folded in after the SVD. */
  readonly rest: SparseMatrix
}

/**
 * Positive pointwise mutual information of co-occurrence counts:
 * `max(0, ln(P(a, b) / (P(a) P~(b))))` with `P(a, b)` the share of pair counts, `P(a)` the share
 * of term occurrences and `P~` the same raised to `smoothing` and renormalised. Only pairs with a
 * core term are counted by the trainer, so that is all this sees.
 */
export function ppmiMatrices(pairs: PairCounts, frequency: ArrayLike<number>, terms: number, { core, smoothing, maxContexts }: PpmiOptions): PpmiMatrices {
  let tokens = 0
  let smoothedTotal = 0
  for (let t = 0; t < terms; t++) {
    tokens += frequency[t]!
    smoothedTotal += frequency[t]! ** smoothing
  }
  const pairTotal = pairs.total
  const logShare = new Float64Array(terms)
  const logSmoothed = new Float64Array(terms)
  for (let t = 0; t < terms; t++) {
    logShare[t] = Math.log(frequency[t]! / tokens)
    logSmoothed[t] = smoothing * Math.log(frequency[t]!) - Math.log(smoothedTotal)
  }
  // Symmetric PMI between two core terms: the mean of both directions.
  const pmi = (row: number, column: number, count: number): number => Math.log(count / pairTotal) - logShare[row]! - logSmoothed[column]!
  const coreBuilder = new RowBuilder(core)
  const restBuilder = new RowBuilder(terms - core)
  // Each pair's value is computed once, in the counting pass, and read back in the filling pass
  // (both visit the pairs in the same order).
  const kept = new Float64Array(pairs.size)
  let visited = 0
  pairs.forEach((a, b, count) => {
    const value = b < core ? (pmi(a, b, count) + pmi(b, a, count)) / 2 : pmi(b, a, count)
    kept[visited++] = value
    if (!(value > 0)) return
    if (b < core) coreBuilder.addPair(a, b, value)
    else restBuilder.count(b - core)
  })
  restBuilder.allocate()
  coreBuilder.allocate()
  visited = 0
  pairs.forEach((a, b) => {
    const value = kept[visited++]!
    if (!(value > 0)) return
    if (b < core) coreBuilder.fillPair(a, b, value)
    else restBuilder.fill(b - core, a, value)
  })
  return { core: coreBuilder.build(maxContexts), rest: restBuilder.build(maxContexts) }
}

/** Collects entries by row (count, allocate, fill: a counting sort), then keeps each row's strongest. */
class RowBuilder {
  readonly #rows: number
  readonly #degree: Uint32Array
  #fill = new Uint32Array(0)
  #columns = new Uint32Array(0)
  #values = new Float32Array(0)
  /** For symmetric pairs: the index of the entry's mirror; 0xffffffff for one-sided entries. */
  #mirror = new Uint32Array(0)

  constructor(rows: number) {
    this.#rows = rows
    this.#degree = new Uint32Array(rows + 1)
  }

  count(row: number): void {
    this.#degree[row + 1]!++
  }

  addPair(a: number, b: number, _value: number): void {
    this.#degree[a + 1]!++
    this.#degree[b + 1]!++
  }

  allocate(): void {
    for (let r = 0; r < this.#rows; r++) this.#degree[r + 1]! += this.#degree[r]!
    const entries = this.#degree[this.#rows]!
    this.#fill = this.#degree.slice(0, this.#rows)
    this.#columns = new Uint32Array(entries)
    this.#values = new Float32Array(entries)
    this.#mirror = new Uint32Array(entries).fill(0xffffffff)
  }

  fill(row: number, column: number, value: number): number {
    const at = this.#fill[row]!++
    this.#columns[at] = column
    this.#values[at] = value
    return at
  }

  fillPair(a: number, b: number, value: number): void {
    const atA = this.fill(a, b, value)
    const atB = this.fill(b, a, value)
    this.#mirror[atA] = atB
    this.#mirror[atB] = atA
  }

  build(maxContexts: number): SparseMatrix {
    const degree = this.#degree
    const values = this.#values
    const kept = new Uint8Array(values.length)
    let scratch = new Float32Array(0)
    for (let row = 0; row < this.#rows; row++) {
      const start = degree[row]!
      const end = degree[row + 1]!
      if (end - start <= maxContexts) {
        kept.fill(1, start, end)
        continue
      }
      if (scratch.length < end - start) scratch = new Float32Array(Math.max(end - start, 2 * scratch.length))
      scratch.set(values.subarray(start, end))
      const threshold = selectLargest(scratch, end - start, maxContexts)
      let room = maxContexts
      // Strictly above the threshold first, then ties in entry order, so exactly maxContexts stay.
      for (let e = start; e < end; e++) {
        if (values[e]! > threshold) {
          kept[e] = 1
          room--
        }
      }
      for (let e = start; e < end && room > 0; e++) {
        if (values[e] === threshold) {
          kept[e] = 1
          room--
        }
      }
    }
    const mirror = this.#mirror
    const keep = (e: number): boolean => kept[e] === 1 || (mirror[e] !== 0xffffffff && kept[mirror[e]!] === 1)
    const rowStart = new Uint32Array(this.#rows + 1)
    for (let row = 0; row < this.#rows; row++) {
      let n = 0
      for (let e = degree[row]!; e < degree[row + 1]!; e++) if (keep(e)) n++
      rowStart[row + 1] = rowStart[row]! + n
    }
    const columns = new Uint32Array(rowStart[this.#rows]!)
    const out = new Float32Array(rowStart[this.#rows]!)
    for (let row = 0, at = 0; row < this.#rows; row++) {
      for (let e = degree[row]!; e < degree[row + 1]!; e++) {
        if (!keep(e)) continue
        columns[at] = this.#columns[e]!
        out[at++] = values[e]!
      }
    }
    return { size: this.#rows, rowStart, columns, values: out }
  }
}

/**
 * The `k`-th largest of `values[0 .. length)` (what sorting and taking `sorted[length - k]` gives),
 * by quickselect in linear expected time; reorders `values`. Deterministic: the pivot is the
 * median of three fixed positions.
 */
export function selectLargest(values: Float32Array, length: number, k: number): number {
  // The (length - k)-th smallest, 0-based.
  const target = length - k
  let lo = 0
  let hi = length - 1
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    const a = values[lo]!
    const b = values[mid]!
    const c = values[hi]!
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b
    // Hoare partition around the pivot value.
    let i = lo
    let j = hi
    while (i <= j) {
      while (values[i]! < pivot) i++
      while (values[j]! > pivot) j--
      if (i <= j) {
        const t = values[i]!
        values[i] = values[j]!
        values[j] = t
        i++
        j--
      }
    }
    if (target <= j) hi = j
    else if (target >= i) lo = i
    else return values[target]!
  }
  return values[target]!
}
