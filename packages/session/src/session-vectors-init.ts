import type { Analyzer, EmbedProgress, Embedder, IndexedText, KnowledgeBase } from '@rag/core'
import type { EmbedderSpec } from './embedder-spec.js'
import type { StoredEmbedderRecord, VectorPersistence } from './vector-persistence.js'

/**
 * Chooses a session's embedder from the store's embedder record (`undefined` when the store holds
 * no vectors): called when the session first reads the store, and again whenever another process
 * committed since. The CLI passes its configuration merged with the record, so a session uses the
 * embedder the index was built with unless the configuration names another.
 */
export type EmbedderSpecResolver = (stored: StoredEmbedderRecord | undefined) => EmbedderSpec

/** Inputs of `SessionVectors`. */
export interface SessionVectorsInit {
  /** The embedder, or (with `persistence`) how to choose it from the store's record; a resolved `none` searches and stores no vectors. */
  readonly spec: EmbedderSpec | EmbedderSpecResolver
  /** The analyzer static and hash embedders read terms with (the session's BM25 analyzer). */
  readonly analyzer: Analyzer
  /** What is embedded for each document. */
  readonly indexedText: IndexedText
  /** Where every stored document is listed (a full re-embed) and where hits are read from (the stream loaded from a store keeps ids only). */
  readonly knowledgeBase: Pick<KnowledgeBase, 'list' | 'get'>
  /** The store that keeps vectors with the chunks, if any. */
  readonly persistence?: VectorPersistence | undefined
  /** The store's generation counter: a change made by another process triggers a reload. */
  readonly generation?: (() => Promise<number | undefined>) | undefined
  /** The embedder of a `hash`, `openai` or `ollama` spec, when the caller built it already. */
  readonly embedder?: Embedder | undefined
  /**
   * The worker script that trains a static model on another thread (while a store that keeps
   * vectors writes the chunks), or `false` to train on the calling thread. A session trains on the
   * calling thread anyway when its analyzer is not one of `ANALYZERS` (the worker rebuilds it by
   * name) or the texts exceed 64 M characters (the worker holds a copy of them).
   * @default the `static-training-worker.js` built next to this module (none when running from sources)
   */
  readonly trainingWorker?: URL | false | undefined
}

/** Options of one `SessionVectors.stage`. */
export interface StageOptions {
  readonly signal?: AbortSignal | undefined
  /** Also embed stored documents that have no vector yet (index runs do; single document changes do not). */
  readonly catchUp?: boolean | undefined
  /** Progress of the texts sent to the embedder (not of a static model's training). */
  readonly onProgress?: ((progress: EmbedProgress) => void) | undefined
}
