/** The next capacity for a growing array: half again, or `minLength` if that is larger. */
export function nextCapacity(current: number, minLength: number): number {
  return Math.max(minLength, Math.ceil(current * 1.5), 16)
}

/**
 * Returns `array` if it holds at least `minLength` elements, else a larger copy of its first `used`
 * elements. Growing by half again keeps appends amortized O(1) with less than 50% slack.
 */
export function growUint32(array: Uint32Array<ArrayBuffer>, minLength: number, used: number): Uint32Array<ArrayBuffer> {
  if (array.length >= minLength) return array
  const next = new Uint32Array(nextCapacity(array.length, minLength))
  next.set(array.subarray(0, used))
  return next
}

/** {@link growUint32} for `Float64Array`. */
export function growFloat64(array: Float64Array<ArrayBuffer>, minLength: number, used: number): Float64Array<ArrayBuffer> {
  if (array.length >= minLength) return array
  const next = new Float64Array(nextCapacity(array.length, minLength))
  next.set(array.subarray(0, used))
  return next
}
