import { compactLayersJson, fileLayersFromJson } from '@rag/core'
import type { FileResult } from './process-file.js'

/**
 * A {@link FileResult} as a chunking worker posts it: a chunked file's layer records travel as the
 * JSON of their compact form (`layersJson`), one string for the structured clone to copy. The
 * records themselves would cost the clone five times the bytes (every record repeats its file's
 * path, language and derived ids) and the main thread as many strings to keep until the commit.
 */
export type WireFileResult = Exclude<FileResult, { kind: 'chunked' }> | (Omit<Extract<FileResult, { kind: 'chunked' }>, 'layers'> & { readonly layersJson?: string })

/** The message a worker posts for `result`. */
export function toWire(result: FileResult): WireFileResult {
  if (result.kind !== 'chunked' || result.layers === undefined) return result
  const { layers, ...rest } = result
  return { ...rest, layersJson: compactLayersJson(layers) }
}

/** The result a worker's message stands for; the layers' JSON is kept for the store's write (see `compactLayersJson`). */
export function fromWire(result: WireFileResult): FileResult {
  if (result.kind !== 'chunked' || result.layersJson === undefined) return result
  const { layersJson, ...rest } = result
  return { ...rest, layers: fileLayersFromJson(layersJson) }
}
