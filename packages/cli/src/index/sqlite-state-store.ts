import { RagError, type Document, type MetadataValue } from '@rag/core'
import type { FileRecord, IndexState } from '@rag/ingest'
import type { IndexStateStore, IndexStateStoreInfo } from '@rag/session'
import type { FileFingerprint, JsonValue, SqliteKnowledgeBase } from '@rag/store-sqlite'

/** What the adapter keeps in the store's index state besides `@rag/ingest`'s own fields. */
interface StoredState {
  readonly version?: number
  readonly root?: string
  readonly context?: string
  readonly indexedAt?: string
  readonly fileCount?: number
  readonly chunkCount?: number
  /** Per path, the record fields that are not numbers (e.g. `binary`), which fingerprint rows cannot hold. */
  readonly fileExtras?: Record<string, Record<string, JsonValue>>
}

/** The subset of `SqliteKnowledgeBase` the adapter uses. */
export type StateStoreBackend = Pick<SqliteKnowledgeBase, 'commitGeneration' | 'loadFingerprints' | 'loadState' | 'clear'>

function splitRecord({ path, fingerprint, chunkIds, ...rest }: FileRecord): { path: string; row: FileFingerprint; extras: Record<string, JsonValue> } {
  const numbers: Record<string, number> = {}
  const extras: Record<string, JsonValue> = {}
  for (const [key, value] of Object.entries(rest) as [string, MetadataValue | undefined][]) {
    if (value === undefined) continue
    if (typeof value === 'number') numbers[key] = value
    else extras[key] = value
  }
  return { path, row: { fingerprint, chunkIds: [...chunkIds], ...numbers }, extras }
}

/**
 * Adapts a `SqliteKnowledgeBase` to `@rag/session`'s `IndexStateStore` (the same shape as
 * `@rag/ingest`'s `FileIndexerOptions.stateStore`): `commit` swaps chunks, writes the fingerprint
 * rows (only changed ones) and the index state in one transaction; `load` rebuilds the
 * `IndexState` from them. The state also records `indexedAt`, `fileCount` and `chunkCount`, which
 * `rag status` shows.
 *
 * @example
 * const store = await openSqliteKnowledgeBase('/repo/.rag/index.db', { analyzer: codeAwareAnalyzer })
 * const rag = new RagService({ knowledgeBase: store, stateStore: createSqliteStateStore(store), bm25: false })
 */
export function createSqliteStateStore(store: StateStoreBackend, now: () => number = Date.now): IndexStateStore {
  return {
    async commit(removeIds: readonly string[], addDocuments: readonly Document[], state: IndexState): Promise<void> {
      const fingerprints = new Map<string, FileFingerprint>()
      const fileExtras: Record<string, Record<string, JsonValue>> = {}
      let chunkCount = 0
      let fileCount = 0
      for (const file of state.files) {
        const { path, row, extras } = splitRecord(file)
        fingerprints.set(path, row)
        if (Object.keys(extras).length > 0) fileExtras[path] = extras
        if (extras['binary'] === undefined) fileCount++
        chunkCount += file.chunkIds.length
      }
      const stored: StoredState = {
        version: state.version,
        root: state.root,
        context: state.context,
        indexedAt: new Date(now()).toISOString(),
        fileCount,
        chunkCount,
        fileExtras,
      }
      await store.commitGeneration({ removeIds, addDocuments, fingerprints, state: stored as Record<string, JsonValue> })
    },

    async load(): Promise<IndexState | undefined> {
      const { state } = await store.loadState()
      const stored = state as StoredState | undefined
      if (stored?.version === undefined || typeof stored.root !== 'string' || typeof stored.context !== 'string') return undefined
      if (stored.version !== 1) {
        throw new RagError('INCOMPATIBLE_STORE', `The index state has version ${String(stored.version)}; this rag understands version 1. Run \`rag clear\` and index again.`)
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
      const indexedAt = (state as StoredState | undefined)?.indexedAt
      return { generation, ...(typeof indexedAt === 'string' ? { indexedAt } : {}) }
    },

    async clear(): Promise<void> {
      await store.clear()
    },
  }
}
