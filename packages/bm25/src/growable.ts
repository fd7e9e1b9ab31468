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

