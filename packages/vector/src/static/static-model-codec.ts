import { RagError } from '@rag/core'
import { contentId } from './model-id.js'
import type { StaticModel } from './static-model.js'

/** The first bytes of an encoded model. */
const MAGIC = 'RAGSTATIC1\n'

/** What the JSON header of an encoded model holds (the arrays follow it). */
interface Header {
  readonly version: 1
  readonly id: string
  readonly analyzer: string
  readonly dimensions: number
  readonly termFrequency: StaticModel['termFrequency']
  readonly unknownShare: number
  readonly trainedOn: StaticModel['trainedOn']
  readonly terms: readonly string[]
}

function corrupt(what: string): RagError {
  return new RagError('CORRUPT_STORE', `The encoded static model is not valid: ${what}.`)
}

/**
 * The model as bytes, to keep beside an index (a SQLite blob, a file): a magic line, a JSON header
 * with the vocabulary, then the weights and vectors as little-endian float32, 4-byte aligned.
 * {@link decodeStaticModel} gives back an equal model.
 */
export function encodeStaticModel(model: StaticModel): Uint8Array {
  const header: Header = {
    version: model.version,
    id: model.id,
    analyzer: model.analyzer,
    dimensions: model.dimensions,
    termFrequency: model.termFrequency,
    unknownShare: model.unknownShare,
    trainedOn: model.trainedOn,
    terms: model.terms,
  }
  const head = new TextEncoder().encode(MAGIC + JSON.stringify(header))
  const offset = Math.ceil((head.length + 4) / 4) * 4
  const bytes = new Uint8Array(offset + 4 * (model.weights.length + model.vectors.length))
  new DataView(bytes.buffer).setUint32(0, head.length, true)
  bytes.set(head, 4)
  const floats = new Float32Array(bytes.buffer, offset, model.weights.length + model.vectors.length)
  floats.set(model.weights)
  floats.set(model.vectors, model.weights.length)
  if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) {
    // Big-endian host: store little-endian anyway.
    const view = new DataView(bytes.buffer, offset)
    for (let i = 0; i < floats.length; i++) view.setFloat32(4 * i, floats[i]!, true)
  }
  return bytes
}

/**
 * The model `encodeStaticModel` wrote. Checks the magic, the header, the array lengths, finite
 * values and the content id, so a truncated or altered blob is refused rather than half-used.
 *
 * @throws RagError with code `CORRUPT_STORE` naming what is wrong.
 */
export function decodeStaticModel(bytes: Uint8Array): StaticModel {
  if (!(bytes instanceof Uint8Array) || bytes.length < 4 + MAGIC.length) throw corrupt('too short')
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const headLength = view.getUint32(0, true)
  if (4 + headLength > bytes.length) throw corrupt(`header length ${headLength} exceeds the ${bytes.length} bytes`)
  const text = new TextDecoder().decode(bytes.subarray(4, 4 + headLength))
  if (!text.startsWith(MAGIC)) throw corrupt('missing the RAGSTATIC1 magic line')
  let header: Header
  try {
    header = JSON.parse(text.slice(MAGIC.length)) as Header
  } catch (error) {
    throw new RagError('CORRUPT_STORE', 'The encoded static model is not valid: its header is not JSON.', { cause: error })
  }
  const { dimensions, terms } = header
  if (header.version !== 1 || !Number.isSafeInteger(dimensions) || dimensions < 1 || !Array.isArray(terms) || typeof header.analyzer !== 'string') {
    throw corrupt('the header lacks version 1, dimensions, analyzer or terms')
  }
  if (header.termFrequency !== 'linear' && header.termFrequency !== 'log') throw corrupt(`unknown termFrequency ${JSON.stringify(header.termFrequency)}`)
  const offset = Math.ceil((headLength + 4) / 4) * 4
  const count = terms.length * (1 + dimensions)
  if (bytes.length !== offset + 4 * count) throw corrupt(`expected ${offset + 4 * count} bytes for ${terms.length} terms of ${dimensions} dimensions; received ${bytes.length}`)
  const floats = new Float32Array(count)
  for (let i = 0; i < count; i++) {
    const value = view.getFloat32(offset + 4 * i, true)
    if (!Number.isFinite(value)) throw corrupt(`value ${i} is not finite`)
    floats[i] = value
  }
  const weights = floats.slice(0, terms.length)
  const vectors = floats.slice(terms.length)
  const id = contentId([header.analyzer, String(dimensions), header.termFrequency, terms.join('\n'), weights, vectors])
  if (id !== header.id) throw corrupt(`its content hashes to ${id}, not to the recorded id ${header.id}`)
  return {
    version: 1,
    id,
    analyzer: header.analyzer,
    dimensions,
    terms,
    weights,
    vectors,
    termFrequency: header.termFrequency,
    unknownShare: header.unknownShare,
    trainedOn: header.trainedOn,
  }
}
