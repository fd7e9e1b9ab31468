import { decodeFileLayers, encodeFileLayers, isCompactFileLayers } from './compact-file-layers.js'
import { InvalidArgumentError } from './errors.js'
import type { FileLayers } from './file-layers.js'

/** The JSON each decoded `FileLayers` came from, until a store takes it. */
const decodedFrom = new WeakMap<FileLayers, string>()

/**
 * The JSON of a file's layer records in the compact form ({@link encodeFileLayers}): what a
 * chunking worker sends its main thread (one string to copy, where a structured clone of the
 * records copies every repeated string once per record, five times the bytes) and what a store
 * writes. For records that {@link fileLayersFromJson} decoded, it hands back the text they came
 * from without encoding again, once: the text is forgotten then, so it does not live on with the
 * records. Otherwise it encodes.
 *
 * @example
 * const json = compactLayersJson(layers) // in the worker
 * const received = fileLayersFromJson(json) // on the main thread: records equal to `layers`
 * compactLayersJson(received) === json // the store's write: no second encoding
 */
export function compactLayersJson(layers: FileLayers): string {
  const known = decodedFrom.get(layers)
  if (known === undefined) return JSON.stringify(encodeFileLayers(layers))
  decodedFrom.delete(layers)
  return known
}

/**
 * Forgets the text that records decoded by {@link fileLayersFromJson} came from, when no store
 * took it: a session calls it once a commit is done, so records kept in memory (by a session
 * without a store, or one that keeps no layers) do not keep their text alive too.
 */
export function releaseCompactLayersJson(layers: FileLayers): void {
  decodedFrom.delete(layers)
}

/**
 * Decodes the text of {@link compactLayersJson} into records equal, field for field, to the
 * encoded ones, and remembers the text for the records' first write.
 *
 * @throws InvalidArgumentError when the text is not the JSON of the compact form.
 */
export function fileLayersFromJson(json: string): FileLayers {
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch (error) {
    throw new InvalidArgumentError(`Layer records must be the JSON of their compact form; parsing failed: ${(error as Error).message}`, { cause: error })
  }
  if (!isCompactFileLayers(value)) throw new InvalidArgumentError('Layer records must be the JSON of their compact form (an array starting with version 2); they are not.')
  const layers = decodeFileLayers(value)
  decodedFrom.set(layers, json)
  return layers
}

/**
 * Reads the stored text of one file's records: the JSON of the compact form, or the `FileLayers`
 * JSON itself, which the stores wrote before the compact form. Both stores read their rows with it.
 */
export function fileLayersFromStoredJson(json: string): FileLayers {
  const value: unknown = JSON.parse(json)
  return isCompactFileLayers(value) ? decodeFileLayers(value) : (value as FileLayers)
}
