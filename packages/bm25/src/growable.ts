/** The next capacity for a growing array: double, at least `minLength`, at least 16. */
export function nextCapacity(current: number, minLength: number): number {
  return Math.max(minLength, current * 2, 16)
}

/** `array` if it holds `minLength` elements, else a doubled copy keeping its first `used` elements. */
export function growUint32(array: Uint32Array<ArrayBuffer>, minLength: number, used = array.length): Uint32Array<ArrayBuffer> {
  if (array.length >= minLength) return array
  const next = new Uint32Array(nextCapacity(array.length, minLength))
  next.set(array.subarray(0, used))
  return next
}

/** {@link growUint32} for `Float64Array`. */
export function growFloat64(array: Float64Array<ArrayBuffer>, minLength: number, used = array.length): Float64Array<ArrayBuffer> {
  if (array.length >= minLength) return array
  const next = new Float64Array(nextCapacity(array.length, minLength))
  next.set(array.subarray(0, used))
  return next
}

/** {@link growUint32} for `Int32Array`. */
export function growInt32(array: Int32Array<ArrayBuffer>, minLength: number, used = array.length): Int32Array<ArrayBuffer> {
  if (array.length >= minLength) return array
  const next = new Int32Array(nextCapacity(array.length, minLength))
  next.set(array.subarray(0, used))
  return next
}

/** {@link growUint32} for `Uint8Array`. */
export function growUint8(array: Uint8Array<ArrayBuffer>, minLength: number, used = array.length): Uint8Array<ArrayBuffer> {
  if (array.length >= minLength) return array
  const next = new Uint8Array(nextCapacity(array.length, minLength))
  next.set(array.subarray(0, used))
  return next
}

/**
 * A growable list of unsigned 32-bit integers (term ids, staged postings). The fields are public so
 * hot loops can write `items[length++]` after {@link Uint32List.reserve}.
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
