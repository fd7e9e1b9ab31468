/** Spreads the bits of a pair key over the table (murmur3's finalizer). */
function mix(key: number): number {
  let h = Math.imul(key ^ (key >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return (h ^ (h >>> 16)) >>> 0
}

const INITIAL_SLOTS = 1 << 16

/**
 * Symmetric co-occurrence counts of term pairs `(a, b)`, `a < b`, in an open-addressing hash table
 * of one flat array (a `Map` of 10 million pairs would cost seconds and hundreds of megabytes).
 * Each slot is `[key + 1, count]` side by side, 32 bits each (8 bytes a slot, so a cache line holds
 * eight and a probe usually touches one); 0 marks an empty slot.
 */
export class PairCounts {
  #slots = new Uint32Array(2 * INITIAL_SLOTS)
  #mask = INITIAL_SLOTS - 1
  #size = 0
  #total = 0
  readonly #terms: number

  /** Pairs of ids below `terms`; `terms * terms` must stay below 2^31 (keys are 32-bit). */
  constructor(terms: number) {
    this.#terms = terms
  }

  /** Distinct pairs counted. */
  get size(): number {
    return this.#size
  }

  /** Co-occurrences counted (the sum of every pair's count). */
  get total(): number {
    return this.#total
  }

  /** Counts one more co-occurrence of the pair `(a, b)`, `a !== b`, in either order. */
  increment(a: number, b: number): void {
    const stored = (a < b ? a * this.#terms + b : b * this.#terms + a) + 1
    this.#total++
    const slots = this.#slots
    const mask = this.#mask
    for (let slot = mix(stored) & mask; ; slot = (slot + 1) & mask) {
      const key = slots[2 * slot]!
      if (key === stored) {
        slots[2 * slot + 1]!++
        return
      }
      if (key === 0) {
        slots[2 * slot] = stored
        slots[2 * slot + 1] = 1
        if (++this.#size * 2 > mask) this.#grow()
        return
      }
    }
  }

  /** Calls `visit(a, b, count)` for every pair, `a < b`, in table order. */
  forEach(visit: (a: number, b: number, count: number) => void): void {
    const slots = this.#slots
    for (let slot = 0; slot < slots.length; slot += 2) {
      const stored = slots[slot]!
      if (stored === 0) continue
      const key = stored - 1
      visit(Math.floor(key / this.#terms), key % this.#terms, slots[slot + 1]!)
    }
  }

  #grow(): void {
    const old = this.#slots
    const capacity = old.length // slots double: the array holds two numbers per slot
    const slots = new Uint32Array(2 * capacity)
    const mask = capacity - 1
    for (let i = 0; i < old.length; i += 2) {
      const stored = old[i]!
      if (stored === 0) continue
      let slot = mix(stored) & mask
      while (slots[2 * slot] !== 0) slot = (slot + 1) & mask
      slots[2 * slot] = stored
      slots[2 * slot + 1] = old[i + 1]!
    }
    this.#slots = slots
    this.#mask = mask
  }
}
