// Growable typed arrays for the in-memory indexes (core's token scanner, @rag/bm25, @rag/kb-tfidf).
// One function per element type keeps every call site monomorphic in V8's hot loops.

/** The capacity after growing from `current`: `factor` times it, at least `minLength`, at least 16. */
function grown(current: number, minLength: number, factor: number): number {
  return Math.max(minLength, Math.ceil(current * factor), 16)
}

/**
 * `array` if it holds `minLength` elements, else a larger copy (`factor` times, at least
 * `minLength`) keeping its first `used` elements.
 */
export function growUint32(array: Uint32Array<ArrayBuffer>, minLength: number, used = array.length, factor = 2): Uint32Array<ArrayBuffer> {
  if (array.length >= minLength) return array
  const next = new Uint32Array(grown(array.length, minLength, factor))
  next.set(array.subarray(0, used))
  return next
}

/** {@link growUint32} for `Uint8Array`. */
export function growUint8(array: Uint8Array<ArrayBuffer>, minLength: number, used = array.length, factor = 2): Uint8Array<ArrayBuffer> {
  if (array.length >= minLength) return array
  const next = new Uint8Array(grown(array.length, minLength, factor))
  next.set(array.subarray(0, used))
  return next
}

/** {@link growUint32} for `Int32Array`. */
export function growInt32(array: Int32Array<ArrayBuffer>, minLength: number, used = array.length, factor = 2): Int32Array<ArrayBuffer> {
  if (array.length >= minLength) return array
  const next = new Int32Array(grown(array.length, minLength, factor))
  next.set(array.subarray(0, used))
  return next
}

/** {@link growUint32} for `Float64Array`. */
export function growFloat64(array: Float64Array<ArrayBuffer>, minLength: number, used = array.length, factor = 2): Float64Array<ArrayBuffer> {
  if (array.length >= minLength) return array
  const next = new Float64Array(grown(array.length, minLength, factor))
  next.set(array.subarray(0, used))
  return next
}
