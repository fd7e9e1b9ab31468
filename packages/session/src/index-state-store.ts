import type { AcquireWriteLockOptions, AnalyzedDocuments, Document, FileLayers, LayerCounts, WriteLockOwner } from '@rag/core'
import type { IndexState } from '@rag/ingest'
import type { LayerFileSelection, StoredLayerChange } from './session-layers.js'
import type { VectorCommitPayload } from './vector-persistence.js'

/** What {@link IndexStateStore.info} reports: enough to tell whether another process committed. */
export interface IndexStateStoreInfo {
  /** Changes with every commit, by any process (SQLite: the store's generation counter). */
  readonly generation: number
  /** ISO time the last index run committed, if the store records it. */
  readonly indexedAt?: string
  /**
   * What the last commit's state holds, counted when it was written (a store that records it):
   * status reads these instead of loading every file record.
   */
  readonly counts?: IndexStateCounts
}

/** Counts of a committed index state, as {@link IndexStateStoreInfo.counts} reports them. */
export interface IndexStateCounts {
  /** The indexed root. */
  readonly root: string
  /** File records, binary files left out. */
  readonly fileCount: number
  /** Chunk ids of all file records. */
  readonly chunkCount: number
}

/** Options of one {@link IndexStateStore.commit}. */
export interface IndexStateCommitOptions {
  /**
   * The generation ({@link IndexStateStoreInfo.generation}) the commit was staged against: a store
   * that moved on since must refuse with a RagError `CONFLICT` and write nothing.
   */
  readonly expectedGeneration?: number
  /** The generation's change to the code layers, committed in the same transaction (stores that keep layers). */
  readonly layers?: StoredLayerChange
  /** Vectors to write in the same transaction (a store that keeps vectors; see `VectorPersistence`). */
  readonly vectors?: VectorCommitPayload | undefined
  /** Terms of added documents analysed already (staging a static model's training reads them all). */
  readonly analyzed?: AnalyzedDocuments | undefined
}

/** The holder of a store's write lock, as a store reports it (`@rag/core`'s `WriteLockOwner`). */
export type WriteLockHolder = WriteLockOwner

/** Options of {@link IndexStateStore.acquireWriteLock} (`@rag/core`'s `AcquireWriteLockOptions`). */
export type WriteLockOptions = AcquireWriteLockOptions

/**
 * Where a session persists an index: the chunks and the indexer's fingerprint state, swapped in
 * one transaction, so a crash never leaves chunks without the state that owns them (or the
 * reverse). `createGenerationStateStore(store)` adapts a persistent store such as
 * `@rag/store-sqlite`'s; `openRag(store)` does it for you.
 *
 * With a state store, the session's `knowledgeBase` must be the knowledge base the store writes
 * (for SQLite: the same `SqliteKnowledgeBase`), since `commit` replaces its chunks.
 */
export interface IndexStateStore {
  /** Removes `removeIds`, adds `addDocuments` and saves `state`, as one atomic step. */
  commit(removeIds: readonly string[], addDocuments: readonly Document[], state: IndexState, options?: IndexStateCommitOptions): Promise<void>
  /** The state of the last commit, or `undefined` for an empty store. */
  load(): Promise<IndexState | undefined>
  /**
   * Removes and adds documents with their vectors in one transaction, the state unchanged (an
   * added or removed document of a session with vectors). When absent, such a change goes through
   * the knowledge base's `replaceDocuments`.
   */
  commitDocuments?(removeIds: readonly string[], addDocuments: readonly Document[], options: { readonly vectors?: VectorCommitPayload | undefined; readonly analyzed?: AnalyzedDocuments | undefined }): Promise<void>
  /**
   * The generation counter and last index time. When present, the session reloads the state
   * before a run only when another writer committed since it last looked, and stages each commit
   * against the generation it read; when absent, it loads the state once.
   */
  info?(): Promise<IndexStateStoreInfo>
  /** Every stored file's code layer records (stores that keep layers). */
  loadLayers?(): Promise<FileLayers[]>
  /** The code layer records of only the files a selection names (stores that can select them). */
  loadLayersWhere?(selection: LayerFileSelection): Promise<FileLayers[]>
  /** `true` when the store holds any code layer records. */
  hasLayers?(): Promise<boolean>
  /** Every distinct (file, indexed file it depends on) pair of the resolved edges (stores that index edges). */
  loadResolvedFileEdges?(): Promise<{ path: string; targetPath: string }[]>
  /** How many files, definitions, resolved edges and entrypoints the stored layers hold (stores that count them). */
  countLayers?(): Promise<LayerCounts>
  /** Forgets the state (called by `RagService.clear()` after the knowledge base is cleared). */
  clear?(): Promise<void>
  /**
   * Takes the store's one-writer-at-a-time lock (across processes); the session holds it around
   * every index run, clear and document change. When absent, writers are serialised only within
   * one process.
   */
  acquireWriteLock?(command: string, options?: WriteLockOptions): Promise<{ release(): Promise<void> }>
  /**
   * Checks that the stored chunks are exactly the ones the stored file records name (documents
   * whose id starts with `exceptPrefix`, added by hand, aside). When present, every index run
   * checks it cheaply (`full: false`) under the write lock and repairs what disagrees.
   */
  auditChunks?(options: { readonly exceptPrefix: string; readonly full: boolean }): Promise<ChunkAudit>
}

/** Whether a store's file records and documents agree, and where they do not. */
export interface ChunkAudit {
  /** `true` when every named chunk is stored and every stored chunk is named. */
  readonly consistent: boolean
  /** Chunk ids a file record names that no document has (listed by a full audit only). */
  readonly missing: readonly string[]
  /** Stored documents no file record names, other than added documents (listed by a full audit only). */
  readonly orphans: readonly string[]
}
