/**
 * V8 may return a token as a slice of the whole text it came from; a stored slice would keep that
 * whole text alive. Long strings get a copy of their own.
 */
export function detach(term: string): string {
  return term.length < 13 ? term : (' ' + term).slice(1)
}

const MIN_SLOTS = 1 << 10

/**
 * A vocabulary: terms to dense ids handed out in sequence (0, 1, 2, ...), in an open-addressing
 * table of the terms' hashes. Adding a new term costs about half what a `Map` costs (no entry
 * objects, one probe of a flat array); the strings are kept once, detached from their text.
 *
 * @example
 * const terms = new TermTable()
 * terms.intern('alpha') // 0
 * terms.id('alpha') // 0
 * terms.term(0) // 'alpha'
 */
export class TermTable {
  /** Per slot: `[hash, id + 1]`; 0 in the second word marks an empty slot. */
  #slots = new Int32Array(2 * MIN_SLOTS)
  #mask = MIN_SLOTS - 1
  #terms: string[] = []

  /** Number of terms; the next new term gets this id. */
  get size(): number {
    return this.#terms.length
  }

  /** The term with id `id` (`0 <= id < size`). */
  term(id: number): string {
    return this.#terms[id]!
  }

  /** The id of `term`, or `undefined`. */
  id(term: string): number | undefined {
    const hash = hashOf(term)
    const slots = this.#slots
    const mask = this.#mask
    for (let s = hash & mask; ; s = (s + 1) & mask) {
      const stored = slots[2 * s + 1]!
      if (stored === 0) return undefined
      if (slots[2 * s] === hash && this.#terms[stored - 1] === term) return stored - 1
    }
  }

  /** The id of `term`, adding it (as the next id) if it is new. */
  intern(term: string): number {
    const hash = hashOf(term)
    const slots = this.#slots
    const mask = this.#mask
    let s = hash & mask
    for (; ; s = (s + 1) & mask) {
      const stored = slots[2 * s + 1]!
      if (stored === 0) break
      if (slots[2 * s] === hash && this.#terms[stored - 1] === term) return stored - 1
    }
    const id = this.#terms.length
    this.#terms.push(detach(term))
    slots[2 * s] = hash
    slots[2 * s + 1] = id + 1
    if (2 * this.#terms.length > mask + 1) this.#rebuild(2 * (mask + 1))
    return id
  }

  /** Forgets the terms with ids `size` and above. */
  truncate(size: number): void {
    if (size >= this.#terms.length) return
    this.#terms.length = size
    this.#rebuild(this.#mask + 1)
  }

  /** Moves every entry with an id below `size` (all after a growth) into a table of `slots` slots (a power of two). */
  #rebuild(slots: number): void {
    const old = this.#slots
    const table = new Int32Array(2 * slots)
    const mask = slots - 1
    const limit = this.#terms.length
    // From the stored hashes, so no term is read or hashed again.
    for (let i = 0; i < old.length; i += 2) {
      const stored = old[i + 1]!
      if (stored === 0 || stored > limit) continue
      let s = old[i]! & mask
      while (table[2 * s + 1] !== 0) s = (s + 1) & mask
      table[2 * s] = old[i]!
      table[2 * s + 1] = stored
    }
    this.#slots = table
    this.#mask = mask
  }
}

/** FNV-1a over the UTF-16 units, then the murmur3 finalizer so the low bits pick slots well. */
function hashOf(term: string): number {
  let h = 0x811c9dc5 | 0
  for (let i = 0; i < term.length; i++) h = Math.imul(h ^ term.charCodeAt(i), 0x01000193)
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return h ^ (h >>> 16)
}
