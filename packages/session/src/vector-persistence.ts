import type { Document, JsonValue } from '@rag/core'

/** The embedder stored vectors come from, as a store keeps it (`StoredVectorEmbedder` of `@rag/core`). */
export interface StoredEmbedderRecord {
  readonly name: string
  readonly dimensions: number
  readonly spec: { readonly [key: string]: JsonValue }
  readonly model: Uint8Array | undefined
  readonly state: { readonly [key: string]: JsonValue }
  /** Documents with a vector from it. */
  readonly vectorCount: number
}

/** Vectors committed with a generation, in the store's one transaction (`VectorCommit` of `@rag/core`). */
export interface VectorCommitPayload {
  readonly embedder: {
    readonly name: string
    readonly dimensions: number
    readonly spec: { readonly [key: string]: JsonValue }
    /** A trained model; omitted: the store keeps the one it has for the same name. */
    readonly model?: Uint8Array
    readonly state?: { readonly [key: string]: JsonValue }
  }
  readonly vectors: readonly { readonly id: string; readonly contentHash: string; readonly vector: Float32Array }[]
}

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
