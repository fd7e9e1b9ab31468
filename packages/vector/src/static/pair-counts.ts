/**
 * Bits of a pair key sorted in one pass of the radix sort: two passes cover the keys of the
 * default vocabulary (16,384 terms, keys below 2^28), a third the largest (keys below 2^31).
 */
const DIGIT_BITS = 14
const DIGIT_MASK = (1 << DIGIT_BITS) - 1
const INITIAL_KEYS = 1 << 16
/** Longest key array made up front (128 MB: the default 8 M training characters need ~24 MB); beyond it the array grows as counts come. */
const MAX_PRESIZED_KEYS = 1 << 25

/**
 * Symmetric co-occurrence counts of term pairs `(a, b)`, `a < b`. Each count is appended as the
 * pair's 32-bit key to one flat array; the first read sorts the keys (an LSD radix sort: a few
 * sequential passes) and counts the runs. A hash table of the pairs did the same with a random
 * memory access per count: on 8 MB of code, millions of counts into a table of tens of megabytes,
 * most of them cache misses.
 */
export class PairCounts {
  #keys: Uint32Array
  #length = 0
  #sorted: { readonly keys: Uint32Array; readonly counts: Uint32Array } | undefined
  readonly #terms: number

  /**
   * Pairs of ids below `terms`; `terms * terms` must stay below 2^31 (keys are 32-bit). With
   * `atMost`, the most increments to come (an upper bound), the key array is that long from the
   * start: no growth and its copies, and pages never written are never touched (fresh memory costs
   * page faults, ~3 ms per megabyte on the bench's virtual machine).
   */
  constructor(terms: number, atMost = INITIAL_KEYS) {
    this.#terms = terms
    this.#keys = new Uint32Array(Math.max(1, Math.min(atMost, MAX_PRESIZED_KEYS)))
  }

  /** Distinct pairs counted. */
  get size(): number {
    return this.#runs().keys.length
  }

  /** Co-occurrences counted (the sum of every pair's count). */
  get total(): number {
    return this.#length
  }

  /** Counts one more co-occurrence of the pair `(a, b)`, `a !== b`, in either order. */
  increment(a: number, b: number): void {
    if (this.#length === this.#keys.length) {
      const grown = new Uint32Array(2 * this.#keys.length)
      grown.set(this.#keys)
      this.#keys = grown
    }
    this.#keys[this.#length++] = a < b ? a * this.#terms + b : b * this.#terms + a
    this.#sorted = undefined
  }

  /** Calls `visit(a, b, count)` for every pair, `a < b`, in ascending order of `(a, b)`. */
  forEach(visit: (a: number, b: number, count: number) => void): void {
    const { keys, counts } = this.#runs()
    const terms = this.#terms
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!
      visit(Math.floor(key / terms), key % terms, counts[i]!)
    }
  }

  /** The distinct keys in ascending order, each with its count (computed once after the last increment). */
  #runs(): { readonly keys: Uint32Array; readonly counts: Uint32Array } {
    if (this.#sorted !== undefined) return this.#sorted
    const sorted = sortKeys(this.#keys, this.#length)
    let distinct = 0
    for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) distinct++
    const keys = new Uint32Array(distinct)
    const counts = new Uint32Array(distinct)
    let run = -1
    for (let i = 0; i < sorted.length; i++) {
      if (i === 0 || sorted[i] !== sorted[i - 1]) keys[++run] = sorted[i]!
      counts[run]!++
    }
    this.#sorted = { keys, counts }
    return this.#sorted
  }
}

/**
 * `keys[0 .. length)` sorted ascending (LSD radix sort; a pass whose digit is the same for every
 * key is skipped). Sorts in place where it can: the result is `keys` itself or a new array, and
 * `keys[0 .. length)` holds the same keys either way, in some order.
 */
function sortKeys(keys: Uint32Array, length: number): Uint32Array {
  let from: Uint32Array = keys.subarray(0, length)
  let to: Uint32Array = new Uint32Array(length)
  const offsets = new Uint32Array(DIGIT_MASK + 1)
  for (let shift = 0; shift < 32; shift += DIGIT_BITS) {
    offsets.fill(0)
    for (let i = 0; i < length; i++) offsets[(from[i]! >>> shift) & DIGIT_MASK]!++
    if (length === 0 || offsets[(from[0]! >>> shift) & DIGIT_MASK] === length) continue
    let start = 0
    for (let d = 0; d <= DIGIT_MASK; d++) {
      const count = offsets[d]!
      offsets[d] = start
      start += count
    }
    for (let i = 0; i < length; i++) {
      const key = from[i]!
      to[offsets[(key >>> shift) & DIGIT_MASK]!++] = key
    }
    const swap = from
    from = to
    to = swap
  }
  return from
}
