import { growUint32 } from './grow.js'

/**
 * A growable list of unsigned 32-bit integers (term ids, staged postings). The fields are public so
 * hot loops can write `items[length++]` after {@link Uint32List.reserve}.
 *
 * @example
 * const ids = new Uint32List()
 * ids.push(7)
 * ids.toArray() // Uint32Array [7]
 */
export class Uint32List {
  /** Backing store; items live at `0 .. length - 1`. */
  items = new Uint32Array(64)
  /** Number of items. */
  length = 0

  /** Empties the list, keeping its memory. */
  clear(): void {
    this.length = 0
  }

  /** Makes room for `extra` more items. */
  reserve(extra: number): void {
    if (this.length + extra > this.items.length) this.items = growUint32(this.items, this.length + extra, this.length)
  }

  /** Appends one item. */
  push(value: number): void {
    if (this.length === this.items.length) this.items = growUint32(this.items, this.length + 1, this.length)
    this.items[this.length++] = value
  }

  /** A copy of the items. */
  toArray(): Uint32Array<ArrayBuffer> {
    return this.items.slice(0, this.length)
  }
}

