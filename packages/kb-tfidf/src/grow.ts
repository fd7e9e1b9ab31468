import { growFloat64 as growFloat64By, growUint32 as growUint32By } from '@rag/lexical'

// The knowledge base grows its arrays by half again rather than doubling: appends stay amortized
// O(1) with less than 50 % slack, and memory is what this index is measured on.
const GROWTH = 1.5

/** Core's `growUint32` at this package's growth factor. */
export function growUint32(array: Uint32Array<ArrayBuffer>, minLength: number, used: number): Uint32Array<ArrayBuffer> {
  return growUint32By(array, minLength, used, GROWTH)
}

/** Core's `growFloat64` at this package's growth factor. */
export function growFloat64(array: Float64Array<ArrayBuffer>, minLength: number, used: number): Float64Array<ArrayBuffer> {
  return growFloat64By(array, minLength, used, GROWTH)
}
