import type { AnalyzedDocuments } from '@rag/core'
import type { EmbedderKind } from './embedder-spec.js'
import type { VectorCommitPayload } from './vector-persistence.js'

/** What one commit did to the vectors (part of `IndexReport`). */
export interface VectorReport {
  /** `Embedder.name` of the vectors now stored. */
  readonly embedder: string
  readonly dimensions: number
  /** Texts sent to the embedder by this commit. */
  readonly embedded: number
  /** Vectors taken from the store (the same text embedded before) instead of embedding again. */
  readonly reused: number
  /** Set when every document was embedded again, and why: the embedder changed, or the static model was (re)trained. */
  readonly rebuilt?: string
}

/** The vector side of `RagService.getStatus()`. */
export interface VectorStatus {
  readonly kind: EmbedderKind
  /** `Embedder.name` in use, or `undefined` before a static model was trained. */
  readonly embedder: string | undefined
  readonly dimensions: number | undefined
  /** Documents searchable by vector. */
  readonly embedded: number
}

/** Vectors staged for one commit: what goes into the store's transaction, and the in-memory swap after it. */
export interface StagedVectors {
  /** For the store's transaction; `undefined` without persistence. */
  readonly commit: VectorCommitPayload | undefined
  /** Terms of the added documents that staging analysed (a static model's training), for the store's full-text index. */
  readonly analyzed?: AnalyzedDocuments | undefined
  readonly report: VectorReport
  /** Swaps the new vectors into the searched stream (inside the commit latch, after the store committed). */
  apply(): Promise<void>
  /** After a failed commit: the next search reloads from the store, or the next stage embeds everything again. */
  undo(): void
}
