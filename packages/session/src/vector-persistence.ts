import { hash } from 'node:crypto'
import type { DeferredVectorCommit, Document, StoredVectorEmbedder, VectorCommit } from '@rag/core'

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
