import { deflateRawSync } from 'node:zlib'
import { attachCompressedLayers, compactLayersJson, fileLayersFromJson, releaseCompactLayersJson } from '@rag/core'
import type { FileResult } from './process-file.js'

/**
 * A {@link FileResult} as a chunking worker posts it: a chunked file's layer records travel as the
 * JSON of their compact form (`layersJson`), one string for the structured clone to copy. The
 * records themselves would cost the clone five times the bytes (every record repeats its file's
 * path, language and derived ids) and the main thread as many strings to keep until the commit.
 * With them comes that JSON deflate-compressed (`layersDeflated`), what a store writes: the worker
 * compresses while the other cores chunk, instead of the main thread in the commit, and the main
 * thread keeps a fifth of the bytes until then.
 */
export type WireFileResult =
  | Exclude<FileResult, { kind: 'chunked' }>
  | (Omit<Extract<FileResult, { kind: 'chunked' }>, 'layers'> & { readonly layersJson?: string; readonly layersDeflated?: Uint8Array })

/**
 * zlib's fastest level: what `@rag/store-sqlite` compresses layer records with (about half the CPU
 * of the default level for 15 % more bytes); every store inflates any level alike.
 */
const DEFLATE = { level: 1 } as const

/** The message a worker posts for `result`. */
export function toWire(result: FileResult): WireFileResult {
  if (result.kind !== 'chunked' || result.layers === undefined) return result
  const { layers, ...rest } = result
  const layersJson = compactLayersJson(layers)
  return { ...rest, layersJson, layersDeflated: deflateRawSync(layersJson, DEFLATE) }
}

/**
 * The result a worker's message stands for. The records keep their compressed text for the
 * store's write (`takeCompressedLayers`), or, from a worker that sent none, their JSON (see
 * `compactLayersJson`).
 */
export function fromWire(result: WireFileResult): FileResult {
  if (result.kind !== 'chunked' || result.layersJson === undefined) return result
  const { layersJson, layersDeflated, ...rest } = result
  const layers = fileLayersFromJson(layersJson)
  if (layersDeflated !== undefined) {
    releaseCompactLayersJson(layers)
    attachCompressedLayers(layers, layersDeflated)
  }
  return { ...rest, layers }
}
