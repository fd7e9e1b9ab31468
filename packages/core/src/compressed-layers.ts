import type { FileLayers } from './file-layers.js'

/** The compressed text a store writes for decoded records, made where they were encoded, until a store takes it. */
const compressedFrom = new WeakMap<FileLayers, Uint8Array>()

/**
 * Keeps the deflate-compressed (raw deflate) JSON of records' compact form, made by the thread
 * that encoded them (a chunking worker, which compresses while the other cores are busy too), for
 * the store's first write of the records: the main thread then neither compresses them nor keeps
 * their text until the commit. The bytes must inflate to `compactLayersJson(layers)`.
 *
 * @example
 * attachCompressedLayers(layers, deflateRawSync(json, { level: 1 })) // on receipt of the worker's message
 * takeCompressedLayers(layers) ?? deflateRawSync(compactLayersJson(layers)) // the store's write
 */
export function attachCompressedLayers(layers: FileLayers, bytes: Uint8Array): void {
  compressedFrom.set(layers, bytes)
}

/**
 * The compressed text {@link attachCompressedLayers} kept for these records, once (it is forgotten
 * then), or `undefined`: the store compresses `compactLayersJson(layers)` itself.
 */
export function takeCompressedLayers(layers: FileLayers): Uint8Array | undefined {
  const bytes = compressedFrom.get(layers)
  if (bytes !== undefined) compressedFrom.delete(layers)
  return bytes
}

/** Forgets the compressed text kept for records no store took (a session calls it once a commit is done). */
export function releaseCompressedLayers(layers: FileLayers): void {
  compressedFrom.delete(layers)
}
