import type { GenerationCommit as StoreGenerationCommit, IndexStateJson } from '@rag/core'
import type { LayerCommit } from './layer-tables.js'
import type { VectorCommit } from './vector-table.js'

export type { FileFingerprint, FingerprintInput, IndexStateJson, JsonValue, StoredIndexState } from '@rag/core'

/**
 * @deprecated Renamed `IndexStateJson`: `IndexState` is `@rag/ingest`'s fingerprint state (the one
 * type of that name). This alias goes in the next minor release.
 */
export type IndexState = IndexStateJson

/**
 * One generation of an index run, committed by `SqliteKnowledgeBase.commitGeneration` in a single
 * transaction: chunks, fingerprints, state, and here also the code layers and vectors, change
 * together or not at all.
 */
export interface GenerationCommit extends StoreGenerationCommit {
  /** The generation's change to the code layers, written in the same transaction. Omit to keep them. */
  readonly layers?: LayerCommit
  /**
   * Vectors of documents added by this commit or already stored, written in the same
   * transaction; an embedder of another name than the stored one replaces it and deletes every
   * stored vector first. Vectors of removed documents go with them. Omit to leave vectors as they are.
   */
  readonly vectors?: VectorCommit
}
