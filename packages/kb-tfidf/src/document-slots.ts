import type { Document } from '@rag/core'
import { growFloat64, growUint32 } from './grow.js'

/**
 * The document side of the index. Every added document gets the next slot number, so slot order is
 * insertion order. A removed document leaves a dead slot until {@link DocumentSlots.compact}.
 *
 * Per slot it keeps the document (by reference), its length norm `1/√|d|`, and its unique term ids
 * (a forward index in CSR layout), which removal needs to decrement document frequencies.
 */
export class DocumentSlots {
  /** Document per slot; `undefined` marks a dead slot. */
  docs: (Document | undefined)[] = []
  /** `1/√|d|` per slot, `|d|` being the number of analysed terms (0 for a document without terms). */
  norms = new Float64Array(0)
  /** Slot `s` owns `terms[termStart[s] .. termStart[s + 1])`. */
  termStart = new Uint32Array(1)
  /** Unique term ids of every slot, concatenated in slot order. */
  terms = new Uint32Array(0)
  readonly #slotOf = new Map<string, number>()
  #dead = 0

  /** Number of live documents. */
  get size(): number {
    return this.#slotOf.size
  }

  /** Number of slots handed out, live or dead: the next slot number. */
  get slotCount(): number {
    return this.docs.length
  }

  /** Number of dead slots waiting for compaction. */
  get deadCount(): number {
    return this.#dead
  }

  has(id: string): boolean {
    return this.#slotOf.has(id)
  }

  get(id: string): Document | undefined {
    const slot = this.#slotOf.get(id)
    return slot === undefined ? undefined : this.docs[slot]
  }

  /** Live documents in insertion order. */
  list(): Document[] {
    const out: Document[] = []
    for (const doc of this.docs) if (doc !== undefined) out.push(doc)
    return out
  }

  /** Makes room for `extraSlots` more slots owning `extraTerms` more term ids in total. */
  #reserve(extraSlots: number, extraTerms: number): void {
    const slots = this.docs.length
    this.norms = growFloat64(this.norms, slots + extraSlots, slots)
    this.termStart = growUint32(this.termStart, slots + extraSlots + 1, slots + 1)
    const used = this.termStart[slots]!
    this.terms = growUint32(this.terms, used + extraTerms, used)
  }

  /**
   * Stores `documents` in the next slots, in order. Document `d` has length norm `norms[d]` and
   * unique term ids `termIds[offsets[d] .. offsets[d + 1])`; `offsets[0]` is 0. The term ids are
   * copied in one piece, as they already lie in slot order.
   */
  appendBatch(documents: readonly Document[], norms: Float64Array, termIds: Uint32Array, offsets: Uint32Array): void {
    const first = this.docs.length
    this.#reserve(documents.length, termIds.length)
    const base = this.termStart[first]!
    this.terms.set(termIds, base)
    for (let d = 0; d < documents.length; d++) {
      const doc = documents[d]!
      const slot = first + d
      this.docs.push(doc)
      this.#slotOf.set(doc.id, slot)
      this.norms[slot] = norms[d]!
      this.termStart[slot + 1] = base + offsets[d + 1]!
    }
  }

  /** Marks the document dead and returns its unique term ids, or `undefined` if it is not stored. */
  remove(id: string): Uint32Array | undefined {
    const slot = this.#slotOf.get(id)
    if (slot === undefined) return undefined
    this.#slotOf.delete(id)
    this.docs[slot] = undefined
    this.#dead++
    return this.terms.subarray(this.termStart[slot]!, this.termStart[slot + 1]!)
  }

  /**
   * Drops dead slots, renumbering the live ones in order (as {@link DocumentSlots.slotMap} says),
   * and rewrites the forward index's term ids through `termMap` (old id to new id).
   */
  compact(termMap: Int32Array): void {
    const oldDocs = this.docs
    const live = this.#slotOf.size
    const docs: Document[] = []
    const norms = new Float64Array(live)
    const termStart = new Uint32Array(live + 1)
    let termTotal = 0
    for (let s = 0; s < oldDocs.length; s++) {
      if (oldDocs[s] !== undefined) termTotal += this.termStart[s + 1]! - this.termStart[s]!
    }
    const terms = new Uint32Array(termTotal)
    let used = 0
    for (let s = 0; s < oldDocs.length; s++) {
      const doc = oldDocs[s]
      if (doc === undefined) continue
      const slot = docs.length
      docs.push(doc)
      this.#slotOf.set(doc.id, slot)
      norms[slot] = this.norms[s]!
      for (let i = this.termStart[s]!, end = this.termStart[s + 1]!; i < end; i++) {
        terms[used++] = termMap[this.terms[i]!]!
      }
      termStart[slot + 1] = used
    }
    this.docs = docs
    this.norms = norms
    this.termStart = termStart
    this.terms = terms
    this.#dead = 0
  }

  /** Old slot to new slot as {@link DocumentSlots.compact} will renumber them; `-1` for dead slots. */
  slotMap(): Int32Array {
    const map = new Int32Array(this.docs.length)
    let next = 0
    this.docs.forEach((doc, s) => {
      map[s] = doc === undefined ? -1 : next++
    })
    return map
  }
}
