import type { Vocabulary } from './stage-batch.js'

const BITS = 14
const SIZE = 1 << BITS

/**
 * A small direct-mapped cache in front of the vocabulary's hash map. Token frequencies in code are
 * steeply skewed (`self`, `return`, `const`, ...), so about nine tokens in ten hit this cache, which
 * stays in the CPU cache, instead of probing a map of hundreds of thousands of terms. Indexing
 * 50,000 chunks of code spends most of its time on these lookups.
 *
 * Ids are only valid while the vocabulary does not renumber, so call {@link TermCache.clear} at the
 * end of every batch; that also drops the cached token strings, which may be slices of whole
 * documents.
 */
export class TermCache implements Vocabulary {
  readonly #vocabulary: Vocabulary
  readonly #keys: (string | undefined)[] = new Array<string | undefined>(SIZE).fill(undefined)
  readonly #ids = new Int32Array(SIZE)

  constructor(vocabulary: Vocabulary) {
    this.#vocabulary = vocabulary
  }

  get termCount(): number {
    return this.#vocabulary.termCount
  }

  get epoch(): number {
    return this.#vocabulary.epoch
  }

  intern(term: string): number {
    const n = term.length
    // Mixes length, first, middle and last character: cheap, and spreads code tokens well.
    const slot =
      (Math.imul(n, 0x9e3779b1) ^
        Math.imul(term.charCodeAt(0), 0x85ebca6b) ^
        Math.imul(term.charCodeAt(n >> 1), 0x27d4eb2f) ^
        Math.imul(term.charCodeAt(n - 1), 0xc2b2ae35)) >>>
      (32 - BITS)
    if (this.#keys[slot] === term) return this.#ids[slot]!
    const id = this.#vocabulary.intern(term)
    this.#keys[slot] = term
    this.#ids[slot] = id
    return id
  }

  /** Forgets every cached entry. */
  clear(): void {
    this.#keys.fill(undefined)
  }
}
