import type { Document } from '@rag/core'
import type { IndexStateStore as IngestStateStore, IndexState } from '@rag/ingest'

/** What {@link IndexStateStore.info} reports: enough to tell whether another process committed. */
export interface IndexStateStoreInfo {
  /** Changes with every commit, by any process (SQLite: the store's generation counter). */
  readonly generation: number
  /** ISO time the last index run committed, if the store records it. */
  readonly indexedAt?: string
}

/**
 * Where a session persists an index: the chunks and the indexer's fingerprint state, swapped in
 * one transaction, so a crash never leaves chunks without the state that owns them (or the
 * reverse). `@rag/cli`'s `createSqliteStateStore(store)` adapts `@rag/store-sqlite`. It is
 * `@rag/ingest`'s `IndexStateStore` (`FileIndexerOptions.stateStore`) plus two optional members.
 *
 * With a state store, the session's `knowledgeBase` must be the knowledge base the store writes
 * (for SQLite: the same `SqliteKnowledgeBase`), since `commit` replaces its chunks.
 */
export interface IndexStateStore extends IngestStateStore {
  /** Removes `removeIds`, adds `addDocuments` and saves `state`, as one atomic step. */
  commit(removeIds: readonly string[], addDocuments: readonly Document[], state: IndexState): Promise<void>
  /** The state of the last commit, or `undefined` for an empty store. */
  load(): Promise<IndexState | undefined>
  /**
   * The generation counter and last index time. When present, the session reloads the state
   * before a run only when another writer committed since it last looked; when absent, it loads
   * the state once.
   */
  info?(): Promise<IndexStateStoreInfo>
  /** Forgets the state (called by `RagService.clear()` after the knowledge base is cleared). */
  clear?(): Promise<void>
}
