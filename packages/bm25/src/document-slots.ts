import type { Document } from '@rag/core'
import { growFloat64, growInt32, growUint8, growUint32 } from '@rag/lexical'

/** No slot: the end of the access list. */
const NONE = -1

/**
 * The document table of the index: each document lives in a numbered slot (the number postings
 * refer to) with its length in terms and its last access time; live slots are linked in access
 * order, least recent first (a doubly-linked list in two typed arrays, so an access is O(1) and
 * allocates nothing). Slots are handed out in insertion order and never reused until
 * {@link DocumentSlots.compact} renumbers the live ones, keeping their order.
 */
export class DocumentSlots {
  #documents: (Document | undefined)[] = []
  #lengths = new Uint32Array(0)
  #alive = new Uint8Array(0)
  #lastAccess = new Float64Array(0)
  /** Per slot, the next less and more recently accessed live slot ({@link NONE} at the ends). */
  #older = new Int32Array(0)
  #newer = new Int32Array(0)
  /** Least and most recently accessed live slots. */
  #oldest = NONE
  #newest = NONE
  /** id -> slot of the live documents. */
  #byId = new Map<string, number>()
  #next = 0
  #dead = 0
  #totalLength = 0

  /** Live documents. */
  get size(): number {
    return this.#byId.size
  }

  /** Slots handed out since the last compaction, live and dead. */
  get count(): number {
    return this.#next
  }

  /** Slots whose document was removed since the last compaction. */
  get dead(): number {
    return this.#dead
  }

  /** Sum of the lengths of the live documents. */
  get totalLength(): number {
    return this.#totalLength
  }

  /** Length (in terms) per slot, for the query loop. Valid until the next change. */
  get lengths(): Uint32Array {
    return this.#lengths
  }

  /** 1 for a live slot, per slot, for the query loop. Valid until the next change. */
  get alive(): Uint8Array {
    return this.#alive
  }

  /** Room in the per-slot arrays: staged and future slots stay below it until it grows. */
  get capacity(): number {
    return this.#alive.length
  }

  /** The slot of a live document, or `undefined`. */
  slotOf(id: string): number | undefined {
    return this.#byId.get(id)
  }

  /** The document in a live slot. */
  document(slot: number): Document {
    return this.#documents[slot]!
  }

  /** When the document in `slot` was last accessed. */
  lastAccess(slot: number): number {
    return this.#lastAccess[slot]!
  }

  /** Live `[id, slot]` entries, least recently accessed first. */
  *byAccess(): IterableIterator<[string, number]> {
    for (let slot = this.#oldest; slot !== NONE; slot = this.#newer[slot]!) yield [this.#documents[slot]!.id, slot]
  }

  /** Marks the document in `slot` accessed at `now`: it moves to the most recent end. */
  touch(slot: number, now: number): void {
    if (slot !== this.#newest) {
      this.#unlink(slot)
      this.#link(slot)
    }
    this.#lastAccess[slot] = now
  }

  /** Makes room for `count` slots after the last one. */
  reserve(count: number): void {
    const needed = this.#next + count
    if (this.#alive.length >= needed) return
    this.#lengths = growUint32(this.#lengths, needed)
    this.#alive = growUint8(this.#alive, needed)
    this.#lastAccess = growFloat64(this.#lastAccess, needed)
    this.#older = growInt32(this.#older, needed)
    this.#newer = growInt32(this.#newer, needed)
  }

  /** Puts `document` in the slot `count + offset`, not yet live (readers skip it). */
  stage(offset: number, document: Document, length: number): void {
    this.#documents[this.#next + offset] = document
    this.#lengths[this.#next + offset] = length
  }

  /** Forgets the staged documents. */
  unstage(): void {
    this.#documents.length = Math.min(this.#documents.length, this.#next)
  }

  /** Makes the `count` staged documents live, accessed at `now`. */
  publish(count: number, now: number): void {
    for (let slot = this.#next; slot < this.#next + count; slot++) {
      this.#alive[slot] = 1
      this.#lastAccess[slot] = now
      this.#byId.set(this.#documents[slot]!.id, slot)
      this.#link(slot)
      this.#totalLength += this.#lengths[slot]!
    }
    this.#next += count
  }

  /** Removes the document in a live slot; the slot stays dead until a compaction. */
  kill(slot: number): void {
    this.#byId.delete(this.#documents[slot]!.id)
    this.#unlink(slot)
    this.#documents[slot] = undefined
    this.#alive[slot] = 0
    this.#totalLength -= this.#lengths[slot]!
    this.#dead++
  }

  /** Renumbers the live slots densely, order kept; returns old slot -> new slot (-1 for dead). */
  compact(): Int32Array {
    const slotMap = new Int32Array(this.#next).fill(-1)
    let live = 0
    for (let s = 0; s < this.#next; s++) if (this.#alive[s] === 1) slotMap[s] = live++
    const size = Math.max(16, live)
    const documents = new Array<Document | undefined>(live)
    const lengths = new Uint32Array(size)
    const alive = new Uint8Array(size)
    const lastAccess = new Float64Array(size)
    const older = new Int32Array(size)
    const newer = new Int32Array(size)
    for (let s = 0; s < this.#next; s++) {
      const to = slotMap[s]!
      if (to < 0) continue
      documents[to] = this.#documents[s]
      lengths[to] = this.#lengths[s]!
      alive[to] = 1
      lastAccess[to] = this.#lastAccess[s]!
    }
    for (const [id, slot] of this.#byId) this.#byId.set(id, slotMap[slot]!)
    // The access list, renumbered: same order.
    let previous = NONE
    for (let s = this.#oldest; s !== NONE; s = this.#newer[s]!) {
      const to = slotMap[s]!
      older[to] = previous
      if (previous !== NONE) newer[previous] = to
      previous = to
    }
    if (previous !== NONE) newer[previous] = NONE
    this.#oldest = this.#oldest === NONE ? NONE : slotMap[this.#oldest]!
    this.#newest = previous
    this.#documents = documents
    this.#lengths = lengths
    this.#alive = alive
    this.#lastAccess = lastAccess
    this.#older = older
    this.#newer = newer
    this.#next = live
    this.#dead = 0
    return slotMap
  }

  /** Forgets every document. */
  clear(): void {
    this.#documents = []
    this.#lengths = new Uint32Array(0)
    this.#alive = new Uint8Array(0)
    this.#lastAccess = new Float64Array(0)
    this.#older = new Int32Array(0)
    this.#newer = new Int32Array(0)
    this.#oldest = NONE
    this.#newest = NONE
    this.#byId = new Map()
    this.#next = 0
    this.#dead = 0
    this.#totalLength = 0
  }

  /** Appends a live slot at the most recent end of the access list. */
  #link(slot: number): void {
    this.#older[slot] = this.#newest
    this.#newer[slot] = NONE
    if (this.#newest === NONE) this.#oldest = slot
    else this.#newer[this.#newest] = slot
    this.#newest = slot
  }

  /** Takes a live slot out of the access list. */
  #unlink(slot: number): void {
    const older = this.#older[slot]!
    const newer = this.#newer[slot]!
    if (older === NONE) this.#oldest = newer
    else this.#newer[older] = newer
    if (newer === NONE) this.#newest = older
    else this.#older[newer] = older
  }
}
