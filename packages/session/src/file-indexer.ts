import { CancelledError, ConfigError, Mutex, RagError, releaseCompactLayersJson, releaseCompressedLayers, type EmbedProgress, type KnowledgeBase, type ProgressListener } from '@rag/core'
import type { FileIngestionService, FileIngestionServiceOptions, IndexState, IngestionPlan, IngestionResult, Limits, SourceOptions } from '@rag/ingest'
import { CommitLatch } from './commit-latch.js'
import type { IndexStateStore } from './index-state-store.js'
import { IndexTargets, type ReplaceableStream } from './index-targets.js'
import { ADDED_DOCUMENT_PREFIX } from './documents.js'
import type { VectorReport } from './staged-vectors.js'
import { holdWriteLock, type WriteAccess } from './write-access.js'
import { SessionLayers, type LayerStep } from './session-layers.js'

/** Options of {@link FileIndexer}. */
export interface FileIndexerOptions extends Omit<FileIngestionServiceOptions, 'limits'> {
  /**
   * Admission caps: a whole `Limits` object, or only the ones you change; the rest keep
   * `@rag/ingest`'s defaults. Pass the same values as `service`'s when you pass both.
   * @default DEFAULT_LIMITS of `@rag/ingest`
   */
  readonly limits?: Partial<Limits> | undefined
  /**
   * Options of `@rag/chunker`'s default chunker (`maxChars`, `minChars`, `overlapChars`), when
   * `chunker` is not given: each worker thread builds its own from them.
   * @default {} (the chunker's defaults)
   */
  readonly chunkerOptions?: Readonly<Record<string, number>> | undefined
  /** Where chunks go; swapped first (or written through `stateStore`). */
  readonly knowledgeBase: KnowledgeBase
  /**
   * Indexes kept in step with the knowledge base (seed 001: the `BM25Stream`), swapped after it,
   * in order. If one fails, every earlier swap is undone.
   * @default []
   */
  readonly streams?: readonly ReplaceableStream[]
  /** The ingestion service that stages each run; built from the other options when absent. */
  readonly service?: FileIngestionService
  /**
   * Source options for every run (each `index()` call may override them).
   * @default {}
   */
  readonly source?: SourceOptions
  /**
   * Where chunks and fingerprints persist together: each run takes its write lock (when it has
   * one), loads the state when another writer committed since, stages against that generation,
   * and commits through `stateStore.commit` in one transaction.
   */
  readonly stateStore?: IndexStateStore
  /**
   * The writes of a `RagService`: its commit latch and targets, and the name it writes under.
   * Only `RagService` passes it; a standalone indexer makes its own.
   */
  readonly targets?: IndexTargets
  /**
   * Extract the code layers (symbols, dependency edges, entrypoints) while chunking: the default
   * chunker becomes `@rag/chunker`'s `createLayeredChunker` (with `chunkerOptions`). A `chunker`
   * of your own that extracts layers (a `LayeredChunker`) produces them either way.
   * @default false
   */
  readonly layers?: boolean | undefined
  /**
   * The session's code layers, kept in the same generation as the chunks. Only `RagService`
   * passes it; a standalone indexer keeps its own.
   */
  readonly sessionLayers?: SessionLayers
}

/** Options of one {@link FileIndexer.index} run. */
export interface IndexOptions {
  /** Replaces the indexer's source options for this run. */
  readonly source?: SourceOptions | undefined
  /** Progress after each file: `{ indexedFiles, totalFiles, currentFile }`. */
  readonly onProgress?: ProgressListener | undefined
  /** Cancels the run before it commits; the previous index stands. */
  readonly signal?: AbortSignal | undefined
  /** With an embedder: progress of the chunks sent to it, after the files are chunked. */
  readonly onEmbedProgress?: ((progress: EmbedProgress) => void) | undefined
  /** Re-read and re-chunk every file, ignoring the fingerprints. @default false */
  readonly force?: boolean | undefined
  /** The store's write lock: who writes, and whether to wait for another writer. */
  readonly access?: WriteAccess | undefined
  /**
   * Check the whole store against the tree: audit every stored chunk against the file records
   * (not only their counts) and read and hash every file (not trusting size and mtime); repair
   * what disagrees. @default false
   */
  readonly verify?: boolean | undefined
  /** Real directories the root must resolve inside, when the run starts and once it has read the files (`@rag/ingest`'s `within`). */
  readonly within?: readonly string[] | undefined
}

/** What a run found wrong in the store and put right. */
export interface IndexRepair {
  /** Files whose chunks were (partly) missing from the store: re-chunked. */
  readonly files: readonly string[]
  /** Chunk ids the file records named that the store did not hold. */
  readonly missingChunks: number
  /** Stored chunks no file record named: removed. */
  readonly orphanChunks: number
}

/** What one committed run did. */
export type IndexReport = Omit<IngestionResult, 'addDocuments' | 'removeIds' | 'state'> & {
  /** Chunks added by this run. */
  readonly added: number
  /** Chunk ids removed by this run. */
  readonly removed: number
  /** Set when the store disagreed with its own file records and the run repaired it. */
  readonly repaired?: IndexRepair
  /** `true` when the run checked the whole store and every file's content (`verify`). */
  readonly verified?: boolean
  /** Files whose code layers this run extracted (set when the chunker extracts layers). */
  readonly layeredFiles?: number
  /** What the run embedded, when the session has an embedder: reused and new vectors, and why everything was embedded again, if it was. */
  readonly vectors?: VectorReport
  /** Wall milliseconds of the whole run, the commit included (`stats.totalMs` is the staging alone). */
  readonly elapsedMs: number
  /** Wall milliseconds of the commit: layer resolution, embedding, and the stores' writes. */
  readonly commitMs: number
}

function validate(options: FileIndexerOptions): void {
  const { knowledgeBase, streams = [], service, limits } = options
  if (typeof knowledgeBase?.replaceDocuments !== 'function') {
    throw new ConfigError('knowledgeBase must implement KnowledgeBase (with replaceDocuments); it does not.')
  }
  streams.forEach((stream, i) => {
    if (typeof stream?.replaceDocuments !== 'function') throw new ConfigError(`streams[${i}] must implement Replaceable (replaceDocuments); it does not.`)
  })
  if (service && limits && Object.entries(limits).some(([key, value]) => value !== undefined && service.limits[key as keyof Limits] !== value)) {
    throw new ConfigError("limits differ from the given service's limits; pass the same Limits object to both.")
  }
}

/**
 * The seed's `FileIndexer`: indexes a directory into a knowledge base and its streams, one staged
 * generation per run. `@rag/ingest` stages the run (walk, read, chunk, fingerprints) and writes
 * nothing; this class commits it, through the session's one swap-with-undo. Runs are serialised
 * by a lock (and, with a state store that has one, by the store's write lock across processes). A
 * run that fails or is cancelled leaves the previous index untouched; a run that commits replaces
 * exactly the chunks of files that changed, were removed or renamed.
 *
 * `@rag/ingest` is imported on the first run or plan, so a process that only searches never
 * loads it.
 *
 * @example
 * const kb = new InMemoryKnowledgeBase()
 * const bm25 = new BM25Stream()
 * const indexer = new FileIndexer({ knowledgeBase: kb, streams: [bm25] })
 * const report = await indexer.index('/repo', { onProgress: (p) => console.log(`${p.indexedFiles}/${p.totalFiles}`) })
 */
export class FileIndexer {
  readonly #options: FileIndexerOptions
  readonly #targets: IndexTargets
  readonly #stateStore: IndexStateStore | undefined
  readonly #layers: SessionLayers
  readonly #lock = new Mutex()
  #service: Promise<FileIngestionService> | undefined
  #state: IndexState | undefined
  // The store's generation when the state was last loaded or written here; undefined: never loaded.
  #seen: number | undefined
  #loaded = false
  // Bumped by clearHashes(), so a run that was already staging does not bring the hashes back.
  #hashEpoch = 0
  // clearHashes() before the stored state was first loaded: drop the hashes of what is loaded.
  #clearOnLoad = false
  #staged: IndexState | undefined

  /** @throws ConfigError for a knowledge base or stream without `replaceDocuments`, or limits that differ from `service`'s. */
  constructor(options: FileIndexerOptions) {
    validate(options)
    this.#options = options
    this.#stateStore = options.stateStore
    this.#targets =
      options.targets ??
      new IndexTargets({ knowledgeBase: options.knowledgeBase, streams: options.streams ?? [], stateStore: options.stateStore, latch: new CommitLatch() })
    this.#layers = options.sessionLayers ?? new SessionLayers(options.stateStore)
    if (options.service) this.#service = Promise.resolve(options.service)
  }

  /** The code layers of the index (empty unless the chunker extracts them). */
  get layers(): SessionLayers {
    return this.#layers
  }

  /**
   * Indexes `root`: stages a generation (only changed files are read and chunked), then swaps it
   * into the knowledge base and each stream. Files that fail to read keep their chunks; files
   * gone, renamed, newly ignored or outside the root lose theirs.
   *
   * @throws ConfigError, LimitExceededError, CancelledError, RagError `LOCKED` (another writer
   *   holds the store, with `wait: false`), or the error of a failed swap (after undoing the
   *   earlier swaps); in every case the previous index is untouched.
   */
  index(root: string, options: IndexOptions = {}): Promise<IndexReport> {
    return this.#lock.runExclusive(() =>
      holdWriteLock(this.#stateStore, options.access, async () => {
        try {
          return await this.#run(root, options)
        } catch (error) {
          // Another writer committed the same chunks first (a store without a write lock): reload, once.
          if (this.#stateStore === undefined || !(error instanceof RagError) || (error.code !== 'DUPLICATE_ID' && error.code !== 'CONFLICT')) throw error
          this.#seen = undefined
          this.#loaded = false
          return this.#run(root, options)
        }
      }),
    )
  }

  /** A dry run of `root` with the indexer's limits and source options; writes nothing. */
  async plan(root: string, options: { readonly source?: SourceOptions; readonly signal?: AbortSignal } = {}): Promise<IngestionPlan> {
    const service = await this.#serviceReady()
    return service.plan(root, { source: options.source ?? this.#options.source ?? {}, ...(options.signal ? { signal: options.signal } : {}) })
  }

  /**
   * Drops every fingerprint so the next run re-reads and re-chunks every file (the chunks it
   * owns are still known, so they are replaced, not duplicated).
   */
  clearHashes(): void {
    this.#hashEpoch++
    if (this.#state) this.#state = withoutHashes(this.#state)
    if (!this.#loaded) this.#clearOnLoad = true
  }

  /** Path to fingerprint of every indexed file (empty before the first run). */
  get fingerprints(): ReadonlyMap<string, string> {
    return new Map((this.#state?.files ?? []).filter((f) => f.binary === undefined).map((f) => [f.path, f.fingerprint]))
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
    if (state !== undefined) (await stateChecker())(state)
    return this.#lock.runExclusive(() => {
      this.#state = state
      this.#loaded = true
    })
  }

  /** Forgets the state after the stores were cleared (the store's generation is read again). */
  async reset(): Promise<void> {
    const store = this.#stateStore
    this.#state = undefined
    this.#loaded = true
    this.#seen = store?.info ? (await store.info()).generation : undefined
    this.#layers.reset()
  }

  /** Loads the state from the state store when another writer committed since it was last read. */
  async sync(): Promise<void> {
    const store = this.#stateStore
    if (store === undefined) return
    const generation = store.info ? (await store.info()).generation : undefined
    if (this.#loaded && (generation === undefined || generation === this.#seen)) return
    const state = await store.load()
    // Loaded first: a module that fails to load (an install changed under a running server) is no malformed index.
    const check = state === undefined ? undefined : await stateChecker()
    try {
      if (state !== undefined) check?.(state)
    } catch (error) {
      throw new RagError('CORRUPT_STORE', `The stored index state is malformed (${(error as Error).message}); clear the index and index again.`, { cause: error })
    }
    this.#state = state !== undefined && this.#clearOnLoad ? withoutHashes(state) : state
    this.#clearOnLoad = false
    this.#loaded = true
    this.#seen = generation
  }

  async #run(root: string, options: IndexOptions): Promise<IndexReport> {
    const startedMs = performance.now()
    const { signal, onProgress } = options
    await this.sync()
    if (this.#targets.inconsistent) await this.#repair()
    // Force reads every file again for this run only: a run cancelled before its commit leaves the
    // fingerprints as they were, so the next run still skips the unchanged files.
    const known = options.force && this.#state !== undefined ? withoutHashes(this.#state) : this.#state
    const verify = options.verify === true
    const audit = await this.#audit(verify)
    const epoch = this.#hashEpoch
    const previous = audit === undefined ? known : damaged(known, audit.files)
    const service = await this.#serviceReady()
    await this.#targets.warm({ cold: previous === undefined })
    const result = await service.ingest(root, {
      source: options.source ?? this.#options.source ?? {},
      ...(previous ? { previous } : {}),
      ...(onProgress ? { onProgress } : {}),
      ...(signal ? { signal } : {}),
      ...(verify ? { trustStat: false } : {}),
      ...(options.within ? { within: options.within } : {}),
    })
    if (signal?.aborted) throw new CancelledError('The index run was cancelled before it committed; the previous index stands.')
    const stagedMs = performance.now()
    const store = this.#stateStore
    const removeIds = audit === undefined ? result.removeIds : [...result.removeIds, ...audit.orphans]
    const base = this.#seen
    let layers: LayerStep | undefined
    if (await this.#layers.needed(result.layers, previous, result.state)) {
      await this.#layers.sync(this.#seen)
      layers = this.#layers.stage(result.layers, result.state)
    }
    let vectors: VectorReport | undefined
    if (removeIds.length > 0 || result.addDocuments.length > 0 || store !== undefined || layers !== undefined) {
      // With a store, a run that changed nothing still saves the refreshed stat records and its time.
      this.#staged = result.state
      const state = store !== undefined ? { next: result.state, previous, expectedGeneration: this.#seen } : undefined
      vectors = await this.#targets.swap(removeIds, result.addDocuments, state, layers, { signal, catchUp: true, onProgress: options.onEmbedProgress })
    }
    // The store wrote the records' text from the workers, or keeps no layers: either way the text goes.
    for (const file of result.layers ?? []) {
      releaseCompactLayersJson(file)
      releaseCompressedLayers(file)
    }
    this.#state = epoch === this.#hashEpoch ? result.state : withoutHashes(result.state)
    if (store?.info) this.#seen = (await store.info()).generation
    this.#layers.committed(base, this.#seen)
    const { removeIds: _removed, addDocuments, state: _state, layers: staged, ...rest } = result
    const endedMs = performance.now()
    return {
      ...rest,
      added: addDocuments.length,
      removed: removeIds.length,
      ...(audit !== undefined ? { repaired: { files: audit.files, missingChunks: audit.missing, orphanChunks: audit.orphans.length } } : {}),
      ...(verify ? { verified: true } : {}),
      ...(staged !== undefined ? { layeredFiles: staged.length } : {}),
      ...(vectors !== undefined ? { vectors } : {}),
      elapsedMs: Math.round(endedMs - startedMs),
      commitMs: Math.round(endedMs - stagedMs),
    }
  }

  // Under the write lock, before staging: does the store hold exactly the chunks its file records
  // name? A count check every run (milliseconds); the full lists when it fails or on `verify`.
  // Returns what to repair, or undefined when the store is sound (or cannot be audited).
  async #audit(full: boolean): Promise<{ files: string[]; missing: number; orphans: readonly string[] } | undefined> {
    const store = this.#stateStore
    if (store?.auditChunks === undefined) return undefined
    let audit = await store.auditChunks({ exceptPrefix: ADDED_DOCUMENT_PREFIX, full })
    if (!audit.consistent && !full) audit = await store.auditChunks({ exceptPrefix: ADDED_DOCUMENT_PREFIX, full: true })
    if (audit.consistent) return undefined
    const missing = new Set(audit.missing)
    const files = (this.#state?.files ?? []).filter((file) => file.chunkIds.some((id) => missing.has(id))).map((file) => file.path)
    return { files, missing: missing.size, orphans: audit.orphans }
  }

  #serviceReady(): Promise<FileIngestionService> {
    this.#service ??= import('@rag/ingest').then(({ FileIngestionService, createLimits, DEFAULT_CHUNKER_SPEC, LAYERED_CHUNKER_SPEC }) => {
      const { knowledgeBase: _kb, streams: _streams, service: _service, source: _source, stateStore: _store, targets: _targets, sessionLayers: _layers, limits, chunkerOptions, layers, ...serviceOptions } = this.#options
      const base = layers === true ? LAYERED_CHUNKER_SPEC : DEFAULT_CHUNKER_SPEC
      const chunker = serviceOptions.chunker ?? (chunkerOptions === undefined && layers !== true ? undefined : { ...base, options: { ...chunkerOptions } })
      return new FileIngestionService({ ...serviceOptions, ...(chunker ? { chunker } : {}), limits: createLimits(limits ?? {}) })
    })
    this.#service.catch(() => (this.#service = undefined))
    return this.#service
  }

  // After a failed undo the stores may hold parts of two generations: drop every chunk either
  // generation could own and forget the fingerprints, so this run re-adds every file.
  async #repair(): Promise<void> {
    const ids = new Set<string>()
    for (const file of this.#state?.files ?? []) for (const id of file.chunkIds) ids.add(id)
    for (const id of this.#staged?.files.flatMap((f) => f.chunkIds) ?? []) ids.add(id)
    await this.#targets.swap([...ids], [])
    this.#state = undefined
    this.#targets.inconsistent = false
  }
}

/** `@rag/ingest`'s `assertIndexState`, loaded on first use. */
async function stateChecker(): Promise<(value: unknown) => void> {
  return (await import('@rag/ingest')).assertIndexState
}

/** The state with the fingerprints of `paths` dropped, so the run re-reads and re-chunks exactly those files. */
function damaged(state: IndexState | undefined, paths: readonly string[]): IndexState | undefined {
  if (state === undefined || paths.length === 0) return state
  const set = new Set(paths)
  return { ...state, files: state.files.map((file) => (set.has(file.path) ? { ...file, fingerprint: '' } : file)) }
}

/** The state with every fingerprint dropped, so the next run re-reads and re-chunks every file. */
function withoutHashes(state: IndexState): IndexState {
  return { ...state, files: state.files.map((file) => ({ ...file, fingerprint: '' })) }
}
