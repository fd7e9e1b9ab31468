/**
 * The vectors a persistent store keeps beside the chunks (`@rag/store-sqlite`,
 * `@rag/store-postgres`): what a generation commits, what the reads return, and the check every
 * store applies before writing.
 */
import { InvalidArgumentError } from './errors.js'
import type { Document } from './document.js'
import type { JsonValue } from './json.js'
import { describeValue } from './validate.js'

/** The embedder a set of stored vectors comes from, as a commit records it. */
export interface VectorEmbedderRecord {
  /** `Embedder.name`: the model and everything else that changes vectors. Vectors of two names never mix. */
  readonly name: string
  /** Length of every vector. */
  readonly dimensions: number
  /** How to build the embedder again (kind, model, URL...): JSON, never a secret. */
  readonly spec: { readonly [key: string]: JsonValue }
  /** A trained model's bytes (the static embedder's term vectors). Omit to keep the stored one of the same name. */
  readonly model?: Uint8Array
  /** Small JSON the embedder keeps between runs (the static tier's vocabulary coverage since training). @default {} */
  readonly state?: { readonly [key: string]: JsonValue }
}

/** One document's vector, keyed by the hash of the text it was embedded from. */
export interface DocumentVector {
  /** A document stored after the commit (added by it, or already there). */
  readonly id: string
  /** Hash of the embedded text: another document with the same hash reuses the vector. */
  readonly contentHash: string
  readonly vector: Float32Array
}

/**
 * Vectors committed with a generation. When `embedder.name` differs from the stored embedder's,
 * every stored vector is deleted first (they belong to another model): a store never holds
 * vectors of two embedders.
 */
export interface VectorCommit {
  readonly embedder: VectorEmbedderRecord
  readonly vectors: readonly DocumentVector[]
}

/**
 * Vectors still being computed when a commit starts: a function the store calls once, inside the
 * commit's transaction after it wrote the documents, fingerprints, state and layers, and whose
 * result it checks and writes like a {@link VectorCommit}. It may block the thread until the
 * vectors are ready: the session trains a static model on another thread while the store writes.
 * What it throws rolls the whole commit back.
 */
export type DeferredVectorCommit = () => VectorCommit

/** The stored embedder and how many documents have a vector from it. */
export interface StoredVectorEmbedder {
  readonly name: string
  readonly dimensions: number
  readonly spec: { readonly [key: string]: JsonValue }
  readonly model: Uint8Array | undefined
  readonly state: { readonly [key: string]: JsonValue }
  /** Documents with a vector. */
  readonly vectorCount: number
}

/** Ids of stored documents and their vectors, in insertion order (the vectors may share one buffer). */
export interface StoredVectors {
  readonly ids: string[]
  readonly vectors: Float32Array[]
}

/** Stored documents with their vectors, in insertion order. */
export interface EmbeddedDocuments {
  readonly documents: Document[]
  readonly contentHashes: string[]
  readonly vectors: Float32Array[]
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Checks a vector commit before any transaction starts.
 *
 * @throws InvalidArgumentError naming the field.
 */
export function assertVectorCommit(commit: unknown): asserts commit is VectorCommit {
  if (!isObject(commit)) throw new InvalidArgumentError(`vectors must be { embedder, vectors }; received ${describeValue(commit)}.`)
  const { embedder, vectors } = commit
  if (!isObject(embedder)) throw new InvalidArgumentError(`vectors.embedder must be an object; received ${describeValue(embedder)}.`)
  const { name, dimensions, spec, model, state } = embedder
  if (typeof name !== 'string' || name === '') throw new InvalidArgumentError(`vectors.embedder.name must be a non-empty string; received ${describeValue(name)}.`)
  if (!Number.isSafeInteger(dimensions) || (dimensions as number) < 1) {
    throw new InvalidArgumentError(`vectors.embedder.dimensions must be a positive integer; received ${describeValue(dimensions)}.`)
  }
  if (!isObject(spec)) throw new InvalidArgumentError(`vectors.embedder.spec must be a JSON object; received ${describeValue(spec)}.`)
  if (model !== undefined && !(model instanceof Uint8Array)) throw new InvalidArgumentError(`vectors.embedder.model must be a Uint8Array; received ${describeValue(model)}.`)
  if (state !== undefined && !isObject(state)) throw new InvalidArgumentError(`vectors.embedder.state must be a JSON object; received ${describeValue(state)}.`)
  if (!Array.isArray(vectors)) throw new InvalidArgumentError(`vectors.vectors must be an array; received ${describeValue(vectors)}.`)
  vectors.forEach((entry: unknown, i) => {
    const at = `vectors.vectors[${i}]`
    if (!isObject(entry) || typeof entry['id'] !== 'string' || typeof entry['contentHash'] !== 'string' || entry['contentHash'] === '') {
      throw new InvalidArgumentError(`${at} must be { id, contentHash, vector }; received ${describeValue(entry)}.`)
    }
    const vector = entry['vector']
    if (!(vector instanceof Float32Array) || vector.length !== dimensions) {
      const got = vector instanceof Float32Array ? `length ${vector.length}` : describeValue(vector)
      throw new InvalidArgumentError(`${at}.vector must be a Float32Array of length ${String(dimensions)} (the embedder's dimensions); received ${got}.`)
    }
    for (let d = 0; d < vector.length; d++) {
      if (!Number.isFinite(vector[d])) throw new InvalidArgumentError(`${at}.vector[${d}] must be finite; received ${String(vector[d])}.`)
    }
  })
}

/**
 * The vectors a store writes for a commit's `vectors`: the commit itself, or what a deferred one
 * returns, checked. Call it inside the transaction, after the documents are written.
 *
 * @throws InvalidArgumentError naming the field; whatever a deferred commit throws.
 */
export function resolveVectorCommit(vectors: VectorCommit | DeferredVectorCommit): VectorCommit {
  const commit: unknown = typeof vectors === 'function' ? vectors() : vectors
  assertVectorCommit(commit)
  return commit
}
