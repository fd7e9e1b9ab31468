import { nextEpoch, TermTable, tfidfTf } from '@rag/lexical'
import { growUint32 } from './grow.js'

/**
 * The vocabulary and the inverted index. Term ids are dense (`0 .. termCount - 1`). The postings
 * of term `t` (document slot and term frequency, in slot order) sit contiguously in two shared
 * pools at `start[t] .. start[t] + count[t]`, with room up to `cap[t]`. A term that outgrows its
 * room moves to the end of the pool with more room; the cells it left are garbage until
 * {@link TermPostings.compact}. Postings of removed documents stay (dead) until the term moves or
 * the index is compacted; `df` counts live documents only.
 */
export class TermPostings {
  #ids = new TermTable()
  /** Live document frequency per term. */
  #df = new Uint32Array(0)
  #start = new Uint32Array(0)
  #count = new Uint32Array(0)
  #cap = new Uint32Array(0)
  /** Posting pool: document slot. */
  #slots = new Uint32Array(0)
  /** Posting pool: term frequency, parallel to `#slots`. */
  #freqs = new Uint32Array(0)
  /** Terms with room in the per-term arrays; ids from here on are interned but not committed. */
  #committed = 0
  #end = 0
  #garbage = 0
  #dead = 0
  /** Scratch: postings each term receives from the batch being appended. */
  #pending = new Uint32Array(0)
  #epoch = nextEpoch()

  /** Changes whenever term ids change meaning (forgotten terms, compaction); ids remembered under an older epoch are stale. */
  get epoch(): number {
    return this.#epoch
  }

  /** Number of committed terms, including terms no live document holds any more. */
  get termCount(): number {
    return this.#committed
  }

  /** Pool cells in use or abandoned: the base the waste is measured against. */
  get poolUsed(): number {
    return this.#end
  }

  /** Abandoned cells plus postings of removed documents. */
  get waste(): number {
    return this.#garbage + this.#dead
  }

  /** Bytes held by the typed arrays (for memory reports). */
  get byteLength(): number {
    return (
      this.#df.byteLength + this.#start.byteLength + this.#count.byteLength + this.#cap.byteLength +
      this.#slots.byteLength + this.#freqs.byteLength + this.#pending.byteLength
    )
  }

  /** The id of `term`, or `undefined` if it is not in the vocabulary. */
  id(term: string): number | undefined {
    return this.#ids.id(term)
  }

  /** Live document frequency of term `t`. */
  df(t: number): number {
    return this.#df[t]!
  }

  /**
   * The id of `term`, adding it to the vocabulary if it is new. A new term holds no postings, so
   * searches ignore it, until {@link TermPostings.commitTerms} makes room for it and postings
   * arrive; {@link TermPostings.forgetTerms} takes it back out.
   */
  intern(term: string): number {
    return this.#ids.intern(term)
  }

  /** Makes room in the per-term arrays for every term {@link TermPostings.intern} added. */
  commitTerms(): void {
    const total = this.#ids.size
    const first = this.#committed
    this.#df = growUint32(this.#df, total, first)
    this.#start = growUint32(this.#start, total, first)
    this.#count = growUint32(this.#count, total, first)
    this.#cap = growUint32(this.#cap, total, first)
    this.#pending = growUint32(this.#pending, total, first)
    for (let t = first; t < total; t++) {
      this.#df[t] = 0
      this.#start[t] = 0
      this.#count[t] = 0
      this.#cap[t] = 0
      this.#pending[t] = 0
    }
    this.#committed = total
  }

  /** Removes the terms interned since the last {@link TermPostings.commitTerms}: the ids from `termCount` on. */
  forgetUncommitted(): void {
    this.#epoch = nextEpoch()
    this.#ids.truncate(this.#committed)
  }

  /**
   * Appends the postings of a batch of documents stored in consecutive slots from `firstSlot`.
   * Document `d` of the batch holds terms `termIds[offsets[d] .. offsets[d + 1]]` with frequencies
   * `freqs[...]` at the same positions. `isLive(slot)` tells which postings a moving term may drop.
   */
  append(
    termIds: Uint32Array,
    freqs: Uint32Array,
    offsets: Uint32Array,
    firstSlot: number,
    isLive: (slot: number) => boolean,
  ): void {
    const pending = this.#pending
    const touched: number[] = []
    for (let i = 0; i < termIds.length; i++) {
      const t = termIds[i]!
      if (pending[t]!++ === 0) touched.push(t)
    }
    // Indexed loops: this runs once per batch, so unoptimized, where for-of allocates per step.
    let need = 0
    for (let k = 0; k < touched.length; k++) {
      const t = touched[k]!
      if (this.#count[t]! + pending[t]! > this.#cap[t]!) need += this.#grownCap(t)
    }
    this.#slots = growUint32(this.#slots, this.#end + need, this.#end)
    this.#freqs = growUint32(this.#freqs, this.#end + need, this.#end)
    for (let k = 0; k < touched.length; k++) {
      const t = touched[k]!
      if (this.#count[t]! + pending[t]! > this.#cap[t]!) this.#move(t, this.#grownCap(t), isLive)
      pending[t] = 0
    }
    const docs = offsets.length - 1
    const start = this.#start
    const count = this.#count
    const df = this.#df
    const slots = this.#slots
    const poolFreqs = this.#freqs
    for (let d = 0; d < docs; d++) {
      const slot = firstSlot + d
      for (let i = offsets[d]!, end = offsets[d + 1]!; i < end; i++) {
        const t = termIds[i]!
        const at = start[t]! + count[t]!
        slots[at] = slot
        poolFreqs[at] = freqs[i]!
        count[t]!++
        df[t]!++
      }
    }
  }

  /** Room for term `t` after it receives its pending postings: exact for a new term, else half again. */
  #grownCap(t: number): number {
    const count = this.#count[t]!
    const wanted = count + this.#pending[t]!
    return count === 0 ? wanted : Math.max(wanted, Math.ceil(this.#cap[t]! * 1.5))
  }

  /** Moves term `t` to the end of the pool with room for `cap` postings, dropping dead ones. */
  #move(t: number, cap: number, isLive: (slot: number) => boolean): void {
    const from = this.#start[t]!
    const count = this.#count[t]!
    const to = this.#end
    let kept = 0
    for (let i = from; i < from + count; i++) {
      const slot = this.#slots[i]!
      if (!isLive(slot)) continue
      this.#slots[to + kept] = slot
      this.#freqs[to + kept] = this.#freqs[i]!
      kept++
    }
    this.#dead -= count - kept
    this.#garbage += this.#cap[t]!
    this.#start[t] = to
    this.#count[t] = kept
    this.#cap[t] = cap
    this.#end += cap
  }

  /** Records that a document holding `termIds` (unique) was removed. */
  release(termIds: Uint32Array): void {
    for (let i = 0; i < termIds.length; i++) this.#df[termIds[i]!]!--
    this.#dead += termIds.length
  }

  /**
   * Adds `weight · (1 + ln tf)` for every live posting of term `t` into `acc[slot]`, and lists each
   * slot it touches for the first time in `touched`. Returns the new number of touched slots.
   * Relies on every added amount being positive, so `acc[slot] === 0` means "not touched yet".
   */
  accumulate(
    t: number,
    weight: number,
    acc: Float64Array,
    touched: Uint32Array,
    touchedCount: number,
    docs: readonly unknown[],
  ): number {
    const slots = this.#slots
    const freqs = this.#freqs
    for (let i = this.#start[t]!, end = i + this.#count[t]!; i < end; i++) {
      const slot = slots[i]!
      if (docs[slot] === undefined) continue
      if (acc[slot] === 0) touched[touchedCount++] = slot
      acc[slot]! += tfidfTf(freqs[i]!) * weight
    }
    return touchedCount
  }

  /**
   * Rewrites the pools tightly: drops garbage, dead postings and terms no live document holds,
   * renumbers slots through `slotMap` (old to new, `-1` for dead) and terms in id order.
   * Returns the term map (old id to new id, `-1` for a dropped term).
   */
  compact(slotMap: Int32Array): Int32Array {
    const termMap = new Int32Array(this.#ids.size).fill(-1)
    let liveTerms = 0
    let livePostings = 0
    for (let t = 0; t < this.#ids.size; t++) {
      if (this.#df[t]! > 0) {
        liveTerms++
        livePostings += this.#df[t]!
      }
    }
    const ids = new TermTable()
    const df = new Uint32Array(liveTerms)
    const start = new Uint32Array(liveTerms)
    const count = new Uint32Array(liveTerms)
    const slots = new Uint32Array(livePostings)
    const freqs = new Uint32Array(livePostings)
    let end = 0
    for (let old = 0; old < this.#ids.size; old++) {
      if (this.#df[old]! === 0) continue
      const t = ids.intern(this.#ids.term(old))
      termMap[old] = t
      start[t] = end
      for (let i = this.#start[old]!, stop = i + this.#count[old]!; i < stop; i++) {
        const slot = slotMap[this.#slots[i]!]!
        if (slot < 0) continue
        slots[end] = slot
        freqs[end] = this.#freqs[i]!
        end++
      }
      count[t] = end - start[t]!
      df[t] = count[t]!
    }
    this.#ids = ids
    this.#epoch = nextEpoch()
    this.#df = df
    this.#start = start
    this.#count = count
    this.#cap = count.slice()
    this.#slots = slots
    this.#freqs = freqs
    this.#pending = new Uint32Array(liveTerms)
    this.#committed = liveTerms
    this.#end = end
    this.#garbage = 0
    this.#dead = 0
    return termMap
  }
}
