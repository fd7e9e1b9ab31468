import { CancelledError, ConfigError, Mutex, RagError, type KnowledgeBase, type ProgressListener, type Replaceable } from '@rag/core'
import { commitGeneration } from './commit.js'
import { FileIngestionService, type FileIngestionServiceOptions, type IngestionResult } from './file-ingestion-service.js'
import { assertIndexState, trustState, withoutHashes, type FileRecord, type IndexState } from './index-state.js'
import { sameLimits } from './limits.js'
import type { IngestionPlan } from './plan.js'
import type { SourceOptions } from './source-options.js'
import { persistingSwap, type IndexStateStore } from './state-store.js'

/** Options of {@link FileIndexer}. */
export interface FileIndexerOptions extends FileIngestionServiceOptions {
  /** Where chunks go; swapped first. */
  readonly knowledgeBase: KnowledgeBase
  /**
   * Indexes kept in step with the knowledge base (seed 001: the `BM25Stream`), swapped after it,
   * in order. If one fails, every earlier swap is undone.
   * @default []
   */
  readonly streams?: readonly Replaceable[]
  /**
   * The ingestion service to use; built from the other options when absent. Passing both a
   * service and different `limits` is a `ConfigError`.
   */
  readonly service?: FileIngestionService
  /**
   * Source options for every run (each `index()` call may override them).
   * @default {}
   */
  readonly source?: SourceOptions
  /**
   * Where chunks and fingerprints persist together: when set, each run commits through
   * `stateStore.commit` instead of `knowledgeBase.replaceDocuments` (the knowledge base is still
   * read, e.g. for undo), and the first run starts from `stateStore.load()`.
   */
  readonly stateStore?: IndexStateStore
}

/** Options of one {@link FileIndexer.index} run. */
export interface IndexOptions {
  /** Replaces the indexer's source options for this run. */
  readonly source?: SourceOptions
  /** Progress after each file: `{ indexedFiles, totalFiles, currentFile }`. */
  readonly onProgress?: ProgressListener
  /** Cancels the run before it commits; the previous index stands. */
  readonly signal?: AbortSignal
}

/** What one committed run did. */
export type IndexReport = Omit<IngestionResult, 'addDocuments' | 'removeIds' | 'state'> & {
  /** Chunks added by this run. */
  readonly added: number
  /** Chunk ids removed by this run. */
  readonly removed: number
}

/**
 * The seed's `FileIndexer`: indexes a directory into a knowledge base and its streams, one
 * staged generation per run. Runs are serialised by a lock. A run that fails or is cancelled
 * leaves the previous index untouched; a run that commits replaces exactly the chunks of files
 * that changed, were removed or renamed.
 *
 * @example
 * const kb = new InMemoryKnowledgeBase()
 * const bm25 = new BM25Stream()
 * const indexer = new FileIndexer({ knowledgeBase: kb, streams: [bm25] })
 * const report = await indexer.index('/repo', { onProgress: (p) => console.log(`${p.indexedFiles}/${p.totalFiles}`) })
 */
export class FileIndexer {
  /** The service that stages each generation. */
  readonly service: FileIngestionService
  readonly #knowledgeBase: KnowledgeBase
  readonly #streams: readonly Replaceable[]
  readonly #source: SourceOptions
  readonly #stateStore: IndexStateStore | undefined
  readonly #lock = new Mutex()
  #state: IndexState | undefined
  #stateLoaded = false
  // Bumped by clearHashes(), so a run that was already staging does not bring the hashes back.
  #hashEpoch = 0

  constructor(options: FileIndexerOptions) {
    const { knowledgeBase, streams = [], service, source = {}, stateStore, ...serviceOptions } = options
    if (typeof knowledgeBase?.replaceDocuments !== 'function') {
      throw new ConfigError('knowledgeBase must implement KnowledgeBase (with replaceDocuments); it does not.')
    }
    streams.forEach((stream, i) => {
      if (typeof stream?.replaceDocuments !== 'function') throw new ConfigError(`streams[${i}] must implement Replaceable (replaceDocuments); it does not.`)
    })
    if (service && serviceOptions.limits && !sameLimits(service.limits, serviceOptions.limits)) {
      throw new ConfigError('limits differ from the given service\'s limits; pass the same Limits object to both.')
    }
    this.service = service ?? new FileIngestionService(serviceOptions)
    this.#knowledgeBase = knowledgeBase
    this.#streams = [...streams]
    this.#source = source
    this.#stateStore = stateStore
  }

  /**
   * Indexes `root`: stages a generation (only changed files are read and chunked), then swaps it
   * into the knowledge base and each stream. Files that fail to read keep their chunks; files
   * gone, renamed, newly ignored or outside the root lose theirs.
   *
   * @throws ConfigError, LimitExceededError, CancelledError, or the error of a failed swap (after
   *   undoing the earlier swaps); in every case the previous index is untouched. When an undo
   *   itself fails, a RagError `INTERNAL` says so and the next run re-indexes everything.
   */
  index(root: string, options: IndexOptions = {}): Promise<IndexReport> {
    return this.#lock.runExclusive(async () => {
      const { signal, onProgress } = options
      await this.#loadState()
      const epoch = this.#hashEpoch
      const result = await this.service.ingest(root, {
        source: options.source ?? this.#source,
        ...(this.#state ? { previous: this.#state } : {}),
        ...(onProgress ? { onProgress } : {}),
        ...(signal ? { signal } : {}),
      })
      if (signal?.aborted) throw new CancelledError('The index run was cancelled before it committed; the previous index stands.')
      const first = this.#stateStore ? persistingSwap(this.#stateStore, result.state, this.#state) : this.#knowledgeBase
      const outcome = await commitGeneration(this.#knowledgeBase, this.#streams, result.removeIds, result.addDocuments, first)
      if (!outcome.ok) {
        if (outcome.consistent) throw outcome.error
        this.#state = poisoned(this.#state, result.state)
        throw new RagError(
          'INTERNAL',
          'A swap failed and undoing an earlier swap failed too; the stores may disagree until the next run, which re-indexes every file.',
          { cause: outcome.error },
        )
      }
      this.#state = epoch === this.#hashEpoch ? result.state : withoutHashes(result.state)
      const { removeIds, addDocuments, state: _state, ...rest } = result
      return { ...rest, added: addDocuments.length, removed: removeIds.length }
    })
  }

  /** A dry run of `root` with the indexer's limits and source options (see {@link FileIngestionService.plan}). */
  plan(root: string, options: { readonly source?: SourceOptions; readonly signal?: AbortSignal } = {}): Promise<IngestionPlan> {
    return this.service.plan(root, { source: options.source ?? this.#source, ...(options.signal ? { signal: options.signal } : {}) })
  }

  /**
   * Drops every fingerprint so the next run re-reads and re-chunks every file (the chunks it
   * owns are still known, so they are replaced, not duplicated).
   */
  clearHashes(): void {
    this.#hashEpoch++
    if (this.#state) this.#state = withoutHashes(this.#state)
  }

  /** Path to fingerprint of every indexed file (empty before the first run). */
  get fingerprints(): ReadonlyMap<string, string> {
    return new Map((this.#state?.files ?? []).filter((f) => f.binary === undefined).map((f) => [f.path, f.fingerprint]))
  }

  // The saved state of a persistent store, read once before the first run (restoreState wins).
  async #loadState(): Promise<void> {
    if (this.#stateLoaded || !this.#stateStore) return
    const saved = await this.#stateStore.load()
    if (saved !== undefined) assertIndexState(saved)
    if (!this.#stateLoaded) this.#state = saved && this.#hashEpoch > 0 ? withoutHashes(saved) : saved
    this.#stateLoaded = true
  }

  /** The fingerprint state, for a persistent store to save; `undefined` before the first run. */
  exportState(): IndexState | undefined {
    return this.#state
  }

  /**
   * Restores state saved by {@link FileIndexer.exportState}, for a knowledge base and streams that
   * already hold those chunks. `undefined` forgets everything.
   *
   * @throws InvalidArgumentError when the state is malformed.
   */
  async restoreState(state: IndexState | undefined): Promise<void> {
    if (state !== undefined) assertIndexState(state)
    return this.#lock.runExclusive(() => {
      this.#state = state
      this.#stateLoaded = true
    })
  }
}

// After a failed undo the stores may hold either generation: own every id of both and drop every
// fingerprint, so the next run removes all of them and re-adds every file.
function poisoned(before: IndexState | undefined, after: IndexState): IndexState {
  const files = new Map<string, FileRecord>()
  for (const file of [...(before?.files ?? []), ...after.files]) {
    const known = files.get(file.path)
    const chunkIds = known ? [...new Set([...known.chunkIds, ...file.chunkIds])] : file.chunkIds
    files.set(file.path, { ...file, chunkIds, fingerprint: '' })
  }
  return trustState({ ...after, files: [...files.values()].sort((a, b) => (a.path < b.path ? -1 : 1)) })
}
