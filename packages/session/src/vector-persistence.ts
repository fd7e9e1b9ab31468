import { hash } from 'node:crypto'
import type { DeferredVectorCommit, Document, Embedder, StoredVectorEmbedder, VectorCommit } from '@rag/core'
import { encodeStaticModel, type StaticModel, type VocabularyCoverage } from '@rag/vector'
import { storedSpec, type EmbedderSpec } from './embedder-spec.js'

/** The hash a stored vector is keyed by: SHA-256 of the embedded text (128 bits, hex). */
export function contentHash(text: string): string {
  // One-shot hash: no Hash object per text (a cold index hashes every chunk).
  return hash('sha256', text, 'hex').slice(0, 32)
}

/** The embedder stored vectors come from, as a store keeps it. */
export type StoredEmbedderRecord = StoredVectorEmbedder

/** Vectors committed with a generation, in the store's one transaction (deferred: computed while the store writes the chunks). */
export type VectorCommitPayload = VectorCommit | DeferredVectorCommit

/**
 * What a persistent store offers so a session keeps vectors with its chunks: `SqliteKnowledgeBase`
 * of `@rag/store-sqlite` and `PostgresKnowledgeBase` of `@rag/store-postgres` implement it. Writes go through the store's `commitGeneration` (its
 * `vectors` field), so vectors change in the same transaction as the chunks.
 */
export interface VectorPersistence {
  /** The stored embedder, or `undefined` when no vector was ever committed. */
  loadVectorEmbedder(): Promise<StoredEmbedderRecord | undefined>
  /** Stored vectors of `embedderName` by content hash (none for another embedder). */
  findVectors(embedderName: string, contentHashes: readonly string[]): Promise<Map<string, Float32Array>>
  /** The id and vector of every document with a vector of `embedderName` (no content: a search process starts fast). */
  loadVectors(embedderName: string): Promise<{ readonly ids: readonly string[]; readonly vectors: readonly Float32Array[] }>
  /** Every document without a vector of `embedderName`. */
  loadUnembedded(embedderName: string): Promise<Document[]>
}

/** `true` when `store` keeps vectors (has every {@link VectorPersistence} method). */
export function isVectorPersistence(store: object): store is VectorPersistence {
  const s = store as Partial<Record<keyof VectorPersistence, unknown>>
  return typeof s.loadVectorEmbedder === 'function' && typeof s.findVectors === 'function' && typeof s.loadVectors === 'function' && typeof s.loadUnembedded === 'function'
}

/** No vocabulary coverage recorded: a model just trained, or an embedder without a vocabulary. */
export const NO_COVERAGE: VocabularyCoverage = Object.freeze({ tokens: 0, unknownTokens: 0 })

/** The vocabulary coverage a stored embedder's state records, or {@link NO_COVERAGE}. */
export function coverageOf(state: StoredEmbedderRecord['state'] | undefined): VocabularyCoverage {
  const value = state?.['coverage'] as { tokens?: unknown; unknownTokens?: unknown } | undefined
  return typeof value?.tokens === 'number' && typeof value.unknownTokens === 'number' ? { tokens: value.tokens, unknownTokens: value.unknownTokens } : NO_COVERAGE
}

/** What a store commits for `documents` and their vectors: the embedder (its spec, a static model, the coverage so far) and each vector keyed by its text's hash. */
export function vectorCommit(
  spec: EmbedderSpec,
  embedder: Embedder,
  model: StaticModel | undefined,
  coverage: VocabularyCoverage | undefined,
  documents: readonly Document[],
  hashes: readonly string[],
  vectors: readonly Float32Array[],
): VectorCommit {
  return {
    embedder: {
      name: embedder.name,
      dimensions: embedder.dimensions,
      spec: storedSpec(spec),
      ...(model !== undefined ? { model: encodeStaticModel(model) } : {}),
      ...(coverage !== undefined ? { state: { coverage: { tokens: coverage.tokens, unknownTokens: coverage.unknownTokens } } } : {}),
    },
    vectors: documents.map((doc, i) => ({ id: doc.id, contentHash: hashes[i]!, vector: vectors[i]! })),
  }
}

/** The stored embedder a commit leaves, with `vectorCount` vectors (its model is not kept in memory). */
export function storedRecord(commit: VectorCommit | undefined, vectorCount: number): StoredEmbedderRecord | undefined {
  if (commit === undefined) return undefined
  const { name, dimensions, spec, state = {} } = commit.embedder
  return { name, dimensions, spec, model: undefined, state, vectorCount }
}
