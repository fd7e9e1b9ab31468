import { RagError, type AnalyzedDocuments, type Document, type FileLayers, type JsonValue, type KnowledgeBase, type LayerCounts, type MetadataValue } from '@rag/core'
import type { FileRecord, IndexState } from '@rag/ingest'
import type { LayerFileSelection, StoredLayerChange } from './session-layers.js'
import type { VectorCommitPayload } from './vector-persistence.js'
import type { ChunkAudit, IndexStateStore, IndexStateStoreInfo, WriteLockHolder, WriteLockOptions } from './index-state-store.js'

/** What a persistent store keeps per indexed file: the fingerprint, the chunk ids and the stat numbers. */
export interface StoredFileRecord {
  readonly fingerprint: string
  readonly chunkIds?: readonly string[]
  readonly [stat: string]: string | number | readonly string[] | undefined
}

/** One generation as a persistent store commits it, in one transaction. */
export interface StoredGeneration {
  readonly removeIds: readonly string[]
  readonly addDocuments: readonly Document[]
  /** Every indexed file after the commit (paths missing from it are forgotten). */
  readonly fingerprints: ReadonlyMap<string, StoredFileRecord>
  /** The session's summary of the index (JSON). */
  readonly state: { readonly [key: string]: JsonValue }
  /** Refuse with `CONFLICT` (writing nothing) unless the store is still at this generation. */
  readonly expectedGeneration?: number
  /** The change to the code layers, when the session keeps them (a store without `loadLayers` gets none). */
  readonly layers?: StoredLayerChange
  /** Vectors written in the same transaction (stores that keep vectors). */
  readonly vectors?: VectorCommitPayload
  /** Terms of added documents analysed already (the store reads them instead of analysing again). */
  readonly analyzed?: AnalyzedDocuments
}

/** Documents (and their vectors) changed in one transaction, file records and state unchanged. */
export interface StoredDocumentChange {
  readonly removeIds: readonly string[]
  readonly addDocuments: readonly Document[]
  readonly vectors?: VectorCommitPayload
  readonly analyzed?: AnalyzedDocuments
}

/**
 * The small interface a persistent store implements so the session can commit generations to it,
 * load them back, clear it, and serialise writers across processes. `SqliteKnowledgeBase` of
 * `@rag/store-sqlite` and `PostgresKnowledgeBase` of `@rag/store-postgres` implement it (with
 * `KnowledgeBase`, the layer reads and `VectorPersistence`); so can any store.
 */
export interface GenerationStore {
  /**
   * `true` when {@link commitGeneration} reads `analyzed.joinedTerms` while it writes (`AnalyzedDocuments`):
   * a session then analyses a large commit's added documents on its worker thread meanwhile.
   */
  readonly readsJoinedTerms?: boolean
  /** Removes, adds, and replaces the file records and the state (when given), atomically. */
  commitGeneration(generation: StoredGeneration | StoredDocumentChange): Promise<void>
  /** The file records of the last commit, by path. */
  loadFingerprints(): Promise<Map<string, StoredFileRecord>>
  /** The generation counter (bumped by every write of any process), last write time and state. */
  loadState(): Promise<{ readonly generation: number; readonly committedAt?: string | undefined; readonly state?: { readonly [key: string]: JsonValue | undefined } | undefined }>
  /** Takes the one-writer-at-a-time lock of the store. */
  acquireWriteLock(command: string, options?: WriteLockOptions): Promise<{ release(): Promise<void> }>
  /** The live holder of the write lock, if any. */
  writeLockHolder(): Promise<WriteLockHolder | undefined>
  /**
   * Whether the file records and the documents agree: every chunk id a record names is stored, and
   * every stored document outside `exceptPrefix` is named. `full: false` may answer from counts
   * and list nothing; `full: true` lists the ids on either side.
   */
  auditChunks(options: { readonly exceptPrefix: string; readonly full: boolean }): Promise<ChunkAudit>
  /**
   * Every stored file's code layer records. A store that has it keeps the layers: it commits
   * {@link StoredGeneration.layers} in the same transaction as the chunks and clears them with them.
   */
  loadLayers?(): Promise<FileLayers[]>
  /** The records of only the files that define a name (or a name with a prefix), or declare entrypoints; lets a lookup skip the rest. */
  loadLayersWhere?(selection: LayerFileSelection): Promise<FileLayers[]>
  /** `true` when the store holds any code layer records. */
  hasLayers?(): Promise<boolean>
  /** Every distinct (file, indexed file it depends on) pair of the resolved edges, read without the files' records (the file ranking's graph signal). */
  loadResolvedFileEdges?(): Promise<{ path: string; targetPath: string }[]>
  /** How many files, definitions, resolved edges and entrypoints the stored layers hold, counted by the store. */
  countLayers?(): Promise<LayerCounts>
}

/** A knowledge base that is also a {@link GenerationStore}: what `openRag` runs on. */
export type PersistentStore = KnowledgeBase & GenerationStore

/** What the session keeps in the store's state besides `@rag/ingest`'s own fields. */
interface SessionState {
  readonly version?: number
  readonly root?: string
  readonly context?: string
  readonly indexedAt?: string
  readonly fileCount?: number
  readonly chunkCount?: number
  /** Per path, the record fields that are not numbers (e.g. `binary`), which file records cannot hold. */
  readonly fileExtras?: Record<string, Record<string, MetadataValue>>
}

function splitRecord({ path, fingerprint, chunkIds, ...rest }: FileRecord): { path: string; row: StoredFileRecord; extras: Record<string, MetadataValue> } {
  const numbers: Record<string, number> = {}
  const extras: Record<string, MetadataValue> = {}
  for (const [key, value] of Object.entries(rest) as [string, MetadataValue | undefined][]) {
    if (value === undefined) continue
    if (typeof value === 'number') numbers[key] = value
    else extras[key] = value
  }
  return { path, row: { fingerprint, chunkIds: [...chunkIds], ...numbers }, extras }
}

/**
 * Adapts a {@link GenerationStore} to the session's {@link IndexStateStore}: `commit` swaps chunks,
 * writes the file records (stores write only changed rows) and the state in one transaction;
 * `load` rebuilds the `IndexState` from them. The state also records `indexedAt`, `fileCount` and
 * `chunkCount`, which status reports show.
 *
 * @example
 * const store = await openSqliteKnowledgeBase('/repo/.rag/index.db', { analyzer: codeAwareAnalyzer })
 * const rag = new RagService({ knowledgeBase: store, stateStore: createGenerationStateStore(store), bm25: false })
 */
export function createGenerationStateStore(store: GenerationStore & Pick<KnowledgeBase, 'clear'>, now: () => number = Date.now): IndexStateStore & { info(): Promise<IndexStateStoreInfo> } {
  return {
    async commit(removeIds, addDocuments, state, options = {}) {
      const fingerprints = new Map<string, StoredFileRecord>()
      const fileExtras: Record<string, Record<string, MetadataValue>> = {}
      let chunkCount = 0
      let fileCount = 0
      for (const file of state.files) {
        const { path, row, extras } = splitRecord(file)
        fingerprints.set(path, row)
        if (Object.keys(extras).length > 0) fileExtras[path] = extras
        if (extras['binary'] === undefined) fileCount++
        chunkCount += file.chunkIds.length
      }
      const stored: SessionState = {
        version: state.version,
        root: state.root,
        context: state.context,
        indexedAt: new Date(now()).toISOString(),
        fileCount,
        chunkCount,
        fileExtras,
      }
      await store.commitGeneration({
        removeIds,
        addDocuments,
        fingerprints,
        state: stored as unknown as { readonly [key: string]: JsonValue },
        ...(options.expectedGeneration === undefined ? {} : { expectedGeneration: options.expectedGeneration }),
        ...(options.layers !== undefined && store.loadLayers !== undefined ? { layers: options.layers } : {}),
        ...(options.vectors === undefined ? {} : { vectors: options.vectors }),
        ...(options.analyzed === undefined ? {} : { analyzed: options.analyzed }),
      })
    },

    ...(store.loadLayers !== undefined ? { loadLayers: () => (store.loadLayers as () => Promise<FileLayers[]>).call(store) } : {}),
    ...(store.loadLayersWhere !== undefined ? { loadLayersWhere: (selection: LayerFileSelection) => (store.loadLayersWhere as NonNullable<GenerationStore['loadLayersWhere']>).call(store, selection) } : {}),
    ...(store.hasLayers !== undefined ? { hasLayers: () => (store.hasLayers as () => Promise<boolean>).call(store) } : {}),
    ...(store.loadResolvedFileEdges !== undefined ? { loadResolvedFileEdges: () => (store.loadResolvedFileEdges as NonNullable<GenerationStore['loadResolvedFileEdges']>).call(store) } : {}),
    ...(store.countLayers !== undefined ? { countLayers: () => (store.countLayers as NonNullable<GenerationStore['countLayers']>).call(store) } : {}),

    async commitDocuments(removeIds, addDocuments, { vectors, analyzed }) {
      await store.commitGeneration({ removeIds, addDocuments, ...(vectors === undefined ? {} : { vectors }), ...(analyzed === undefined ? {} : { analyzed }) })
    },

    async load(): Promise<IndexState | undefined> {
      const { state } = await store.loadState()
      const stored = state as SessionState | undefined
      if (stored?.version === undefined || typeof stored.root !== 'string' || typeof stored.context !== 'string') return undefined
      if (stored.version !== 1) {
        throw new RagError('INCOMPATIBLE_STORE', `The index state has version ${String(stored.version)}; this release understands version 1. Clear the index and index again.`)
      }
      const fingerprints = await store.loadFingerprints()
      const files: FileRecord[] = []
      for (const [path, { fingerprint, chunkIds = [], ...numbers }] of fingerprints) {
        files.push({ ...(numbers as Record<string, number>), ...(stored.fileExtras?.[path] ?? {}), path, fingerprint, chunkIds } as unknown as FileRecord)
      }
      files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
      return { version: 1, root: stored.root, context: stored.context, files }
    },

    async info(): Promise<IndexStateStoreInfo> {
      const { generation, state } = await store.loadState()
      const stored = state as SessionState | undefined
      const indexedAt = stored?.indexedAt
      // The counts written with the state (every commit writes them), when `load` would accept it.
      const counted = stored?.version === 1 && typeof stored.root === 'string' && typeof stored.context === 'string' && typeof stored.fileCount === 'number' && typeof stored.chunkCount === 'number'
      return {
        generation,
        ...(typeof indexedAt === 'string' ? { indexedAt } : {}),
        ...(counted ? { counts: { root: stored.root!, fileCount: stored.fileCount!, chunkCount: stored.chunkCount! } } : {}),
      }
    },

    async clear(): Promise<void> {
      await store.clear()
    },

    acquireWriteLock: (command, options) => store.acquireWriteLock(command, options),

    auditChunks: (options) => store.auditChunks(options),
  }
}
