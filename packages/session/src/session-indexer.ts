import { RagError, type Document, type KnowledgeBase, type ProgressListener } from '@rag/core'
import type { FileIndexer, FileIngestionServiceOptions, IndexReport, IndexState, IngestionPlan, Limits, SourceOptions } from '@rag/ingest'
import type { IndexStateStore } from './index-state-store.js'
import type { IndexTargets } from './index-targets.js'

/** Ingest options of a session: admission limits, chunker, workers, and the default source. */
export interface RagIngestOptions extends Omit<FileIngestionServiceOptions, 'limits'> {
  /**
   * Admission caps: only the ones you change (`{ maxFiles: 20_000 }`); the rest keep
   * `@rag/ingest`'s defaults.
   * @default DEFAULT_LIMITS of `@rag/ingest` (4,096 files, 64 MiB decoded, ...)
   */
  readonly limits?: Partial<Limits>
  /**
   * Include/exclude globs, skip switches and format for every run (each run may override them).
   * @default {}
   */
  readonly source?: SourceOptions
}

/** Options of one {@link SessionIndexer.index} run. */
export interface SessionIndexOptions {
  readonly onProgress?: ProgressListener | undefined
  readonly signal?: AbortSignal | undefined
  readonly source?: SourceOptions | undefined
  /** Re-read and re-chunk every file (drops the fingerprints first). */
  readonly force?: boolean | undefined
}

/**
 * Builds a {@link SessionIndexer}. `@rag/ingest` (file walking, worker threads) is imported here,
 * on first use, so a process that only searches never loads it.
 */
export async function createSessionIndexer(
  knowledgeBase: KnowledgeBase,
  targets: IndexTargets,
  stateStore: IndexStateStore | undefined,
  ingest: RagIngestOptions,
): Promise<SessionIndexer> {
  const { FileIndexer, createLimits } = await import('@rag/ingest')
  const { source = {}, limits, ...serviceOptions } = ingest
  return new SessionIndexer(targets, stateStore, (committer) =>
    new FileIndexer({ ...serviceOptions, limits: createLimits(limits ?? {}), knowledgeBase, stateStore: committer, source }),
  )
}

/**
 * A `FileIndexer` bound to a session's stores. The indexer commits every generation through its
 * `stateStore` option, which here is the session's whole commit ({@link IndexTargets.swap}: the
 * knowledge base or the session's state store, then every stream, inside the commit latch, with
 * undo), so searches never see a mixed generation. With a state store, chunks and fingerprint
 * state commit in one transaction, and the state is loaded before the first run and reloaded
 * whenever another writer committed.
 *
 * Callers serialise `index`, `reset` and `plan` (the session's mutex).
 */
export class SessionIndexer {
  readonly #indexer: FileIndexer
  readonly #targets: IndexTargets
  readonly #stateStore: IndexStateStore | undefined
  #staged: IndexState | undefined
  #previous: IndexState | undefined
  #committed = false
  // Generation of the store when the state was last loaded or written here; undefined: never loaded.
  #seen: number | undefined
  #loaded = false

  /** Use {@link createSessionIndexer}. */
  constructor(
    targets: IndexTargets,
    stateStore: IndexStateStore | undefined,
    createIndexer: (committer: { commit: IndexStateStore['commit']; load: IndexStateStore['load'] }) => FileIndexer,
  ) {
    this.#targets = targets
    this.#stateStore = stateStore
    this.#indexer = createIndexer({
      commit: (removeIds, addDocuments, state) => this.#commit(removeIds, addDocuments, state),
      load: async () => (stateStore ? stateStore.load() : undefined),
    })
  }

  /** The fingerprint state as this process knows it (`undefined` before the first run or load). */
  state(): IndexState | undefined {
    return this.#indexer.exportState()
  }

  /**
   * Indexes `root` into the session's stores. With a state store, a run that finds its state
   * stale (another process committed the same chunks first) reloads it and runs once more.
   */
  async index(root: string, options: SessionIndexOptions = {}): Promise<IndexReport> {
    try {
      return await this.#run(root, options)
    } catch (error) {
      if (this.#stateStore === undefined || !(error instanceof RagError) || error.code !== 'DUPLICATE_ID') throw error
      this.#seen = undefined
      this.#loaded = false
      return this.#run(root, options)
    }
  }

  /** A dry run with the session's limits and source options. */
  plan(root: string, options: { readonly source?: SourceOptions; readonly signal?: AbortSignal } = {}): Promise<IngestionPlan> {
    return this.#indexer.plan(root, options)
  }

  /** Forgets the fingerprint state (after the stores were cleared). */
  async reset(): Promise<void> {
    await this.#indexer.restoreState(undefined)
    this.#loaded = true
    this.#seen = this.#stateStore?.info ? (await this.#stateStore.info()).generation : undefined
  }

  /** Loads the state from the state store when it changed since this process last saw it. */
  async sync(): Promise<void> {
    const store = this.#stateStore
    if (store === undefined) return
    const generation = store.info ? (await store.info()).generation : undefined
    if (this.#loaded && (generation === undefined || generation === this.#seen)) return
    const state = await store.load()
    try {
      await this.#indexer.restoreState(state)
    } catch (error) {
      throw new RagError('CORRUPT_STORE', `The stored index state is malformed (${(error as Error).message}); clear the index and index again.`, { cause: error })
    }
    this.#loaded = true
    this.#seen = generation
  }

  async #run(root: string, options: SessionIndexOptions): Promise<IndexReport> {
    await this.sync()
    if (this.#targets.inconsistent) await this.#repair()
    if (options.force) this.#indexer.clearHashes()
    this.#previous = this.#indexer.exportState()
    this.#staged = undefined
    this.#committed = false
    const report = await this.#indexer.index(root, {
      ...(options.source ? { source: options.source } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    })
    const store = this.#stateStore
    if (store !== undefined) {
      // Nothing to swap: still save the refreshed stat records and the run's time.
      const state = this.#indexer.exportState()
      if (!this.#committed && state !== undefined) await store.commit([], [], state)
      if (store.info) this.#seen = (await store.info()).generation
    }
    return report
  }

  #commit(removeIds: readonly string[], addDocuments: readonly Document[], next: IndexState): Promise<void> {
    this.#committed = true
    this.#staged = next
    const state = this.#stateStore !== undefined ? { next, previous: this.#previous } : undefined
    return this.#targets.swap(removeIds, addDocuments, state)
  }

  // After a failed undo the stores may hold parts of two generations: drop every chunk either
  // generation could own and forget the fingerprints, so this run re-adds every file.
  async #repair(): Promise<void> {
    const ids = new Set<string>()
    for (const file of this.#indexer.exportState()?.files ?? []) for (const id of file.chunkIds) ids.add(id)
    for (const id of this.#staged?.files.flatMap((f) => f.chunkIds) ?? []) ids.add(id)
    await this.#targets.swap([...ids], [])
    await this.#indexer.restoreState(undefined)
    this.#targets.inconsistent = false
  }
}
