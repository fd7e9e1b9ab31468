import { ConfigError, type Analyzer } from '@rag/core'
import { TermTable, Uint32List, type TermResolver } from '@rag/lexical'
import type { StaticModel } from './static-model.js'
import { appendTermIds, fixedResolver } from './term-ids.js'

/**
 * Turns texts into vectors with a {@link StaticModel}: the analyzer's terms, looked up in the
 * vocabulary (unknown terms are skipped), weighted by idf and term frequency, summed, scaled to
 * unit length. Holds reusable scratch space, so one encoder serves one thread.
 */
export class StaticEncoder {
  readonly model: StaticModel
  readonly #analyzer: Analyzer
  readonly #resolver: TermResolver
  readonly #unknown: number
  readonly #ids = new Uint32List()
  readonly #encoding: EncodingWeights
  readonly #scratch: EncodingScratch

  /** @throws ConfigError when `analyzer` is not the one the model was trained with. */
  constructor(model: StaticModel, analyzer: Analyzer) {
    if (analyzer.name !== model.analyzer) {
      throw new ConfigError(`The static model ${model.id} was trained with analyzer "${model.analyzer}"; received "${analyzer.name}".`)
    }
    const table = new TermTable()
    for (const term of model.terms) table.intern(term)
    this.model = model
    this.#analyzer = analyzer
    this.#unknown = model.terms.length
    this.#resolver = fixedResolver(table, this.#unknown)
    this.#encoding = { vectors: model.vectors, weights: model.weights, dimensions: model.dimensions, logTf: model.termFrequency === 'log' }
    this.#scratch = { counts: new Uint32Array(model.terms.length + 1), sum: new Float64Array(model.dimensions) }
  }

  /** The unit vector of `text` (zero when no term of it is in the vocabulary). */
  encode(text: string, query = false): Float32Array {
    return this.encodeInto(text, new Float32Array(this.model.dimensions), 0, query)
  }

  /** {@link encode}, written to `out[offset .. offset + dimensions)` (a row of a caller's contiguous buffer); returns `out`. */
  encodeInto(text: string, out: Float32Array, offset: number, query = false): Float32Array {
    const ids = this.#ids
    ids.clear()
    appendTermIds(this.#analyzer, text, this.#resolver, ids, query)
    return this.encodeIdsInto(ids.items, ids.length, out, offset)
  }

  /**
   * The unit vector of a text given as vocabulary ids `ids[0 .. length)`, where
   * `model.terms.length` stands for an unknown term: what {@link encode} computes after analysis.
   */
  encodeIds(ids: Uint32Array, length: number): Float32Array {
    return this.encodeIdsInto(ids, length, new Float32Array(this.model.dimensions), 0)
  }

  /** {@link encodeIds}, written to `out[offset .. offset + dimensions)`; returns `out`. */
  encodeIdsInto(ids: Uint32Array, length: number, out: Float32Array, offset: number): Float32Array {
    encodeVocabularyIds(this.#encoding, this.#scratch, ids, 0, length, out, offset)
    return out
  }

  /** Term occurrences of `text` (as a document) and how many of them the vocabulary lacks. */
  coverage(text: string): { tokens: number; unknown: number } {
    const ids = this.#ids
    ids.clear()
    appendTermIds(this.#analyzer, text, this.#resolver, ids)
    let unknown = 0
    for (let i = 0; i < ids.length; i++) if (ids.items[i] === this.#unknown) unknown++
    return { tokens: ids.length, unknown }
  }
}

/** What {@link encodeVocabularyIds} reads of a model. */
export interface EncodingWeights {
  /** Term vectors, row-major (`dimensions` a row); the vocabulary is `weights.length` terms. */
  readonly vectors: Float32Array
  /** Each term's idf. */
  readonly weights: Float32Array
  readonly dimensions: number
  /** Term frequency enters as `1 + ln tf` (else as `tf`). */
  readonly logTf: boolean
}

/** Scratch space of {@link encodeVocabularyIds}: `counts` one slot per vocabulary term plus one (all zero between calls), `sum` one per dimension. */
export interface EncodingScratch {
  readonly counts: Uint32Array
  readonly sum: Float64Array
}

/**
 * Writes the unit vector of a text given as vocabulary ids `ids[start .. start + length)` (the
 * vocabulary size stands for an unknown term) to `out[offset .. offset + dimensions)`: each
 * distinct known term's vector once, weighted by idf and term frequency, summed in order of first
 * occurrence, scaled to unit length (zero when no term is known). `StaticEncoder` and the training's
 * `embed` row task both encode with it, so their vectors agree bit for bit.
 */
export function encodeVocabularyIds(model: EncodingWeights, scratch: EncodingScratch, ids: Uint32Array, start: number, length: number, out: Float32Array, offset: number): void {
  const { dimensions, vectors, weights, logTf } = model
  const unknown = weights.length
  const counts = scratch.counts
  const sum = scratch.sum.fill(0)
  const end = start + length
  // Count each distinct known term once, then add its vector once with its total weight.
  for (let i = start; i < end; i++) counts[ids[i]!]!++
  // Terms are added two at a time (sum[d] + w0 v0[d] + w1 v1[d], left to right): one read and
  // one write of each sum per pair, and each sum still adds the terms in first-occurrence order,
  // so vectors are the ones one term at a time gives, bit for bit.
  let pendingBase = -1
  let pendingWeight = 0
  for (let i = start; i < end; i++) {
    const id = ids[i]!
    const tf = counts[id]!
    if (tf === 0 || id === unknown) continue
    counts[id] = 0
    const weight = weights[id]! * (logTf ? 1 + Math.log(tf) : tf)
    if (pendingBase < 0) {
      pendingBase = id * dimensions
      pendingWeight = weight
      continue
    }
    addTwoWeightedRows(sum, pendingWeight, vectors, pendingBase, weight, id * dimensions, dimensions)
    pendingBase = -1
  }
  if (pendingBase >= 0) addWeightedRow(sum, pendingWeight, vectors, pendingBase, dimensions)
  counts[unknown] = 0
  let norm = 0
  for (let d = 0; d < dimensions; d++) norm += sum[d]! * sum[d]!
  if (norm > 0) {
    const scale = 1 / Math.sqrt(norm)
    for (let d = 0; d < dimensions; d++) out[offset + d] = sum[d]! * scale
  } else out.fill(0, offset, offset + dimensions)
}

/**
 * Encodes rows `from .. to - 1` of an `embed` row task: sampled text `r` has the vocabulary ids
 * `ids[starts[r] .. starts[r + 1])` and its vector goes to row `targets[r]` of `out`.
 */
export function embedRows(
  task: EncodingWeights & { readonly ids: Uint32Array; readonly starts: Uint32Array; readonly targets: Uint32Array; readonly out: Float32Array },
  from: number,
  to: number,
): void {
  const scratch = { counts: new Uint32Array(task.weights.length + 1), sum: new Float64Array(task.dimensions) }
  for (let r = from; r < to; r++) {
    const start = task.starts[r]!
    encodeVocabularyIds(task, scratch, task.ids, start, task.starts[r + 1]! - start, task.out, task.targets[r]! * task.dimensions)
  }
}

/** `sum[d] += weight * vectors[base + d]` for every dimension, four a step (each sum in order). */
function addWeightedRow(sum: Float64Array, weight: number, vectors: Float32Array, base: number, dimensions: number): void {
  const whole = dimensions - (dimensions % 4)
  let d = 0
  for (; d < whole; d += 4) {
    sum[d]! += weight * vectors[base + d]!
    sum[d + 1]! += weight * vectors[base + d + 1]!
    sum[d + 2]! += weight * vectors[base + d + 2]!
    sum[d + 3]! += weight * vectors[base + d + 3]!
  }
  for (; d < dimensions; d++) sum[d]! += weight * vectors[base + d]!
}

/** {@link addWeightedRow} of `(w0, b0)` then of `(w1, b1)`, with one read and one write of each sum. */
function addTwoWeightedRows(sum: Float64Array, w0: number, vectors: Float32Array, b0: number, w1: number, b1: number, dimensions: number): void {
  const whole = dimensions - (dimensions % 4)
  let d = 0
  for (; d < whole; d += 4) {
    sum[d] = sum[d]! + w0 * vectors[b0 + d]! + w1 * vectors[b1 + d]!
    sum[d + 1] = sum[d + 1]! + w0 * vectors[b0 + d + 1]! + w1 * vectors[b1 + d + 1]!
    sum[d + 2] = sum[d + 2]! + w0 * vectors[b0 + d + 2]! + w1 * vectors[b1 + d + 2]!
    sum[d + 3] = sum[d + 3]! + w0 * vectors[b0 + d + 3]! + w1 * vectors[b1 + d + 3]!
  }
  for (; d < dimensions; d++) sum[d] = sum[d]! + w0 * vectors[b0 + d]! + w1 * vectors[b1 + d]!
}
