import { growUint32 } from '@rag/lexical'

/** Document slots must fit in the 24 high bits of a posting word. */
export const MAX_SLOTS = 1 << 24

/** A term frequency of this value or more is stored in the word after the posting. */
const TF_ESCAPE = 255

/** Offsets in a term's record. */
const HEAD = 0
const TAIL = 1
const TAIL_USED = 2
const STAGED_TAIL = 3
const STAGED_USED = 4
const ALLOCATED = 5
const STRIDE = 6

/** The largest block a term gets, in words; past it, blocks stop doubling. */
const MAX_BLOCK_WORDS = 4096

/**
 * The postings of every term, in one `Uint32Array` pool of linked blocks. A block is
 * `[next, capacity, word * capacity]`; offset 0 is the null block. A posting is one word,
 * `slot << 8 | tf`, or two words when `tf >= 255` (`slot << 8 | 255`, then `tf`); a zero word is
 * padding. A term's blocks double in size up to 4,096 words, so appends are amortized O(1), a term
 * seen once costs three words, and reading a term touches only its own blocks.
 *
 * Each term has a committed end (what readers see: they stop at the committed tail block and its
 * committed length) and a staged end, where {@link PostingsPool.append} writes. Staged postings are
 * invisible until {@link PostingsPool.publish} moves the committed end, or are dropped by
 * {@link PostingsPool.rollback}. Postings of removed documents stay until
 * {@link PostingsPool.rebuild}.
 */
export class PostingsPool {
  #pool = new Uint32Array(1 << 12)
  #used = 2
  /** Abandoned words (rolled-back stagings), counted towards a rebuild. */
  #garbage = 0
  /**
   * Per term, six words side by side (one cache line per term touched): first block, committed
   * tail block and words used in it, staged tail block and words used in it, words allocated so far.
   */
  #terms = new Uint32Array(0)

  /** The pool; read it between {@link PostingsPool.firstBlock} and {@link PostingsPool.blockEnd}. */
  get words(): Uint32Array<ArrayBuffer> {
    return this.#pool
  }

  /** Bytes held by the pool and the per-term arrays. */
  get byteLength(): number {
    return this.#pool.byteLength + this.#terms.byteLength
  }

  /** Words in use, including padding and garbage. */
  get usedWords(): number {
    return this.#used
  }

  /** Words abandoned by rolled-back stagings. */
  get garbageWords(): number {
    return this.#garbage
  }

  /** Makes room for term ids below `count`. */
  ensureTerms(count: number): void {
    if (this.#terms.length < STRIDE * count) this.#terms = growUint32(this.#terms, STRIDE * count)
  }

  /** Forgets terms `first` and above, which hold no committed postings: their ids will be reused. */
  truncateTerms(first: number): void {
    this.#terms.fill(0, STRIDE * first)
  }

  /** Stages the posting `(slot, tf)` at the end of `term`; `tf >= 1`, `slot < MAX_SLOTS`. */
  append(term: number, slot: number, tf: number): void {
    const need = tf >= TF_ESCAPE ? 2 : 1
    const terms = this.#terms
    const at = STRIDE * term
    let tail = terms[at + STAGED_TAIL]!
    if (tail === 0 || terms[at + STAGED_USED]! + need > this.#pool[tail + 1]!) {
      const capacity = Math.max(need, Math.min(MAX_BLOCK_WORDS, terms[at + ALLOCATED]!))
      const block = this.#allocate(capacity)
      if (tail === 0) terms[at + HEAD] = block
      else this.#pool[tail] = block
      terms[at + STAGED_TAIL] = tail = block
      terms[at + STAGED_USED] = 0
      terms[at + ALLOCATED]! += capacity
    }
    const pool = this.#pool
    const word = tail + 2 + terms[at + STAGED_USED]!
    if (need === 1) {
      pool[word] = ((slot << 8) | tf) >>> 0
    } else {
      pool[word] = ((slot << 8) | TF_ESCAPE) >>> 0
      pool[word + 1] = tf
    }
    terms[at + STAGED_USED]! += need
  }

  /** Makes the staged postings of `terms[0 .. count)` visible to readers. */
  publish(terms: Uint32Array, count: number): void {
    const state = this.#terms
    for (let k = 0; k < count; k++) {
      const at = STRIDE * terms[k]!
      state[at + TAIL] = state[at + STAGED_TAIL]!
      state[at + TAIL_USED] = state[at + STAGED_USED]!
    }
  }

  /** Drops the staged postings of `terms[0 .. count)`; their blocks become garbage. */
  rollback(terms: Uint32Array, count: number): void {
    const state = this.#terms
    const pool = this.#pool
    for (let k = 0; k < count; k++) {
      const at = STRIDE * terms[k]!
      const tail = state[at + TAIL]!
      if (state[at + STAGED_TAIL] !== tail) {
        // Unlink the staged blocks: they start at the committed tail's next pointer (or the head).
        let block = tail === 0 ? state[at + HEAD]! : pool[tail]!
        while (block !== 0) {
          this.#garbage += 2 + pool[block + 1]!
          block = pool[block]!
        }
        if (tail === 0) state[at + HEAD] = 0
        else pool[tail] = 0
      }
      // Zero staged words left in the committed tail block, so they read as padding later.
      if (tail !== 0) pool.fill(0, tail + 2 + state[at + TAIL_USED]!, tail + 2 + pool[tail + 1]!)
      state[at + STAGED_TAIL] = tail
      state[at + STAGED_USED] = state[at + TAIL_USED]!
    }
  }

  /** Offset of the first block of `term`, or 0 if it has none. */
  firstBlock(term: number): number {
    const at = STRIDE * term
    return this.#terms[at + TAIL] === 0 ? 0 : this.#terms[at + HEAD]!
  }

  /** Offset of the block after `block` of `term` that readers may see, or 0 after the committed tail. */
  nextBlock(term: number, block: number): number {
    return block === this.#terms[STRIDE * term + TAIL] ? 0 : this.#pool[block]!
  }

  /** End (exclusive) of the readable words of `block`, which belongs to `term`; its words start at `block + 2`. */
  blockEnd(term: number, block: number): number {
    const at = STRIDE * term
    return block + 2 + (block === this.#terms[at + TAIL] ? this.#terms[at + TAIL_USED]! : this.#pool[block + 1]!)
  }

  /**
   * Calls `visit(slot, tf)` for every committed posting of `term`, dead documents included, in
   * slot order. For tests and rebuilds; the query loop reads {@link PostingsPool.words} directly.
   */
  forEach(term: number, visit: (slot: number, tf: number) => void): void {
    const pool = this.#pool
    for (let block = this.firstBlock(term); block !== 0; block = this.nextBlock(term, block)) {
      const end = this.blockEnd(term, block)
      for (let i = block + 2; i < end; i++) {
        const word = pool[i]!
        if (word === 0) continue
        let tf = word & 0xff
        if (tf === TF_ESCAPE) tf = pool[++i]!
        visit(word >>> 8, tf)
      }
    }
  }

  /**
   * Rewrites the pool keeping only live committed postings: term `t` becomes `termMap[t]` (dropped
   * if -1), slot `s` becomes `slotMap[s]` (dropped if -1). Each kept term gets one exact-size
   * block. Nothing may be staged.
   */
  rebuild(termCount: number, termMap: Int32Array, newTermCount: number, slotMap: Int32Array): void {
    const state = new Uint32Array(STRIDE * Math.max(16, newTermCount))
    let pool = new Uint32Array(Math.max(1 << 12, this.#used - this.#garbage))
    let used = 2
    for (let t = 0; t < termCount; t++) {
      const to = termMap[t]!
      if (to < 0) continue
      const block = used
      let at = block + 2
      this.forEach(t, (slot, tf) => {
        const mapped = slotMap[slot]!
        if (mapped < 0) return
        if (pool.length < at + 2) pool = growUint32(pool, at + 2, at)
        if (tf < TF_ESCAPE) {
          pool[at++] = ((mapped << 8) | tf) >>> 0
        } else {
          pool[at++] = ((mapped << 8) | TF_ESCAPE) >>> 0
          pool[at++] = tf
        }
      })
      const capacity = at - block - 2
      if (capacity === 0) continue
      pool[block] = 0
      pool[block + 1] = capacity
      used = at
      const record = STRIDE * to
      state[record + HEAD] = block
      state[record + TAIL] = state[record + STAGED_TAIL] = block
      state[record + TAIL_USED] = state[record + STAGED_USED] = capacity
      state[record + ALLOCATED] = capacity
    }
    this.#pool = pool
    this.#used = used
    this.#garbage = 0
    this.#terms = state
  }

  /** Forgets every posting. */
  clear(): void {
    this.#pool = new Uint32Array(1 << 12)
    this.#used = 2
    this.#garbage = 0
    this.#terms = new Uint32Array(0)
  }

  #allocate(capacity: number): number {
    const block = this.#used
    if (this.#pool.length < block + 2 + capacity) this.#pool = growUint32(this.#pool, block + 2 + capacity, block)
    this.#pool[block] = 0
    this.#pool[block + 1] = capacity
    this.#used = block + 2 + capacity
    return block
  }
}
