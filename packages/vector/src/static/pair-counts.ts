/** Spreads the bits of a pair key over the table (murmur3's finalizer). */
function mix(key: number): number {
  let h = Math.imul(key ^ (key >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return (h ^ (h >>> 16)) >>> 0
}

/**
 * Symmetric co-occurrence counts of term pairs `(a, b)`, `a < b`, in an open-addressing hash table
 * of flat typed arrays (a `Map` of 10 million pairs would cost seconds and hundreds of megabytes).
 */
export class PairCounts {
  #keys = new Int32Array(1 << 16).fill(-1)
  #values = new Float32Array(1 << 16)
  #mask = (1 << 16) - 1
  #size = 0
  readonly #terms: number

  /** Pairs of ids below `terms`; `terms * terms` must stay below 2^31. */
  constructor(terms: number) {
    this.#terms = terms
  }

  /** Distinct pairs counted. */
  get size(): number {
    return this.#size
  }

  /** Adds `weight` to the pair `(a, b)`, `a !== b`, in either order. */
  add(a: number, b: number, weight: number): void {
    const key = a < b ? a * this.#terms + b : b * this.#terms + a
    const mask = this.#mask
    const keys = this.#keys
    for (let slot = mix(key) & mask; ; slot = (slot + 1) & mask) {
      const stored = keys[slot]!
      if (stored === key) {
        this.#values[slot]! += weight
        return
      }
      if (stored === -1) {
        keys[slot] = key
        this.#values[slot] = weight
        if (++this.#size * 2 > mask) this.#grow()
        return
      }
    }
  }

  /** Calls `visit(a, b, count)` for every pair, `a < b`, in table order. */
  forEach(visit: (a: number, b: number, count: number) => void): void {
    const keys = this.#keys
    for (let slot = 0; slot < keys.length; slot++) {
      const key = keys[slot]!
      if (key === -1) continue
      visit(Math.floor(key / this.#terms), key % this.#terms, this.#values[slot]!)
    }
  }

  #grow(): void {
    const oldKeys = this.#keys
    const oldValues = this.#values
    const capacity = oldKeys.length * 2
    this.#keys = new Int32Array(capacity).fill(-1)
    this.#values = new Float32Array(capacity)
    this.#mask = capacity - 1
    for (let i = 0; i < oldKeys.length; i++) {
      const key = oldKeys[i]!
      if (key === -1) continue
      let slot = mix(key) & this.#mask
      while (this.#keys[slot] !== -1) slot = (slot + 1) & this.#mask
      this.#keys[slot] = key
      this.#values[slot] = oldValues[i]!
    }
  }
}
