/** `array` if it holds `minLength` elements, else a copy (doubling, at least 16) keeping its first `used` elements. */
export function growUint32(array: Uint32Array<ArrayBuffer>, minLength: number, used: number): Uint32Array<ArrayBuffer> {
  if (array.length >= minLength) return array
  const next = new Uint32Array(Math.max(minLength, array.length * 2, 16))
  next.set(array.subarray(0, used))
  return next
}

/** {@link growUint32} for `Uint8Array`. */
export function growUint8(array: Uint8Array<ArrayBuffer>, minLength: number, used: number): Uint8Array<ArrayBuffer> {
  if (array.length >= minLength) return array
  const next = new Uint8Array(Math.max(minLength, array.length * 2, 16))
  next.set(array.subarray(0, used))
  return next
}
