import { join } from 'node:path'
import { CancelledError, InvalidArgumentError, isLayeredChunker, RagError, type Chunk, type Chunker, type FileLayers, type ProgressListener } from '@rag/core'
import { assertCloneable, DEFAULT_CHUNKER_SPEC, isChunkerSpec, loadChunker, type ChunkerSpec } from './chunker-spec.js'
import { DEFAULT_RACY_WINDOW_MS, pipelineContext, statProvesUnchanged } from './fingerprint.js'
import { stageGeneration, type GenerationCounts } from './generation.js'
import { assertIndexState, type FileRecord, type IndexState } from './index-state.js'
import { DEFAULT_LIMITS, limitError, type Limits } from './limits.js'
import { planSource, type IngestionPlan } from './plan.js'
import type { FileResult, FileTask } from './process-file.js'
import { defaultWorkerCount, runTasks } from './run-tasks.js'
import type { IgnoreCompileOptions, NegationMode } from './ignore/ignore-file.js'
import { assertRootUnchanged, assertWithin, compileSource, defaultIgnoreCase, resolveRoot, type SourceOptions } from './source-options.js'
import type { FailedFile, SkippedEntry } from './skips.js'
import { walk } from './walk.js'
import { walkWarnings, type IngestWarning } from './warnings.js'

export type { IngestWarning } from './warnings.js'

/** How ignore files are read. */
export interface IgnoreOptions {
  /**
   * What `!` means in `.gitignore` / `.tnsignore`: `git` follows git exactly (a `!` rule
   * re-includes, except under an excluded directory); `reject` keeps the seeds' rule, where any
   * `!` in a rule is a `ConfigError` naming file and line and nothing is indexed.
   * @default 'git'
   */
  readonly negation?: NegationMode
}
import { defaultWorkerScript, toScriptUrl } from './worker-pool.js'

/** Options of {@link FileIngestionService}. */
export interface FileIngestionServiceOptions {
  /**
   * Admission caps; pass the same object to the indexer that commits this service's runs (`@rag/session`'s `FileIndexer`).
   * @default DEFAULT_LIMITS
   */
  readonly limits?: Limits
  /**
   * The chunker: a {@link ChunkerSpec} (each worker thread builds its own from it) or a `Chunker`
   * instance (it cannot cross threads, so chunking then runs on the calling thread).
   * @default DEFAULT_CHUNKER_SPEC (`@rag/chunker`'s `createNormalizedDocumentChunker()`)
   */
  readonly chunker?: Chunker | ChunkerSpec
  /**
   * Worker threads for reading, hashing and chunking; 0 keeps everything on the calling thread.
   * @default os.availableParallelism()
   */
  readonly workers?: number
  /**
   * Runs with fewer bytes to read than this stay on the calling thread: starting a pool and
   * loading grammars costs more than it saves on a one-file edit.
   * @default 1_048_576 (1 MiB)
   */
  readonly workerThresholdBytes?: number
  /**
   * The built worker script. Only needed when running from sources (tests): the published
   * package finds `dist/chunk-worker.js` itself. Without a script, work stays on the calling
   * thread and the result carries a `NO_WORKER_SCRIPT` warning.
   * @default the `chunk-worker.js` next to this module
   */
  readonly workerScript?: string | URL
  /**
   * Match ignore rules and globs case-insensitively.
   * @default true on macOS and Windows, false elsewhere (git's `core.ignorecase`)
   */
  readonly ignoreCase?: boolean
  /**
   * How ignore files are read (`negation`).
   * @default { negation: 'git' }
   */
  readonly ignore?: IgnoreOptions
  /**
   * The "racy git" window of the stat fast path (see `statProvesUnchanged`).
   * @default 2000
   */
  readonly racyWindowMs?: number
}

/** Options of one {@link FileIngestionService.ingest} run. */
export interface IngestOptions {
  /** Selectors, skips and format. */
  readonly source?: SourceOptions
  /** The state of the last committed run; unchanged files keep their chunks. */
  readonly previous?: IndexState
  /** Called after each file with `{ indexedFiles, totalFiles, currentFile }`; first with 0 files once the walk is done. */
  readonly onProgress?: ProgressListener
  /** Cancels the run with a `CancelledError`; nothing is staged. */
  readonly signal?: AbortSignal
  /**
   * Trust the stat fast path (size, mtime, ctime, inode unchanged: not even read). `false` reads
   * and hashes every file, so content that changed behind unchanged stat numbers is found; files
   * whose hash is unchanged are still not re-chunked.
   * @default true
   */
  readonly trustStat?: boolean
  /**
   * Real directories (absolute, symlink-free) the root must lie in: where a server's confinement
   * checked the path it passes. The run resolves the root itself, so a path swapped for a symbolic
   * link after that check would lead elsewhere; the root must resolve inside one of these when the
   * run starts and, unchanged, once every file is read, else the run fails with a
   * `PathNotAllowedError` and nothing is staged.
   * @default undefined (anywhere)
   */
  readonly within?: readonly string[]
}

/** Figures of one run. */
export interface IngestStats extends GenerationCounts {
  /** Files admitted by the walk. */
  readonly files: number
  /** Chunks in the staged additions. */
  readonly chunks: number
  /** Decoded size of every admitted file (counted against `maxDecodedBytes`). */
  readonly decodedChars: number
  /** Worker threads used (0: the calling thread). */
  readonly workerThreads: number
  /** Time spent walking the tree (ignore files included). */
  readonly walkMs: number
  /** Time spent reading, hashing and chunking. */
  readonly processMs: number
  /** Time of the whole `ingest()` call (not the commit). */
  readonly totalMs: number
}

/**
 * A staged generation (seed 000: `FileIngestionService.IngestionResult`): nothing is committed
 * yet. `@rag/session`'s `FileIndexer` swaps it into the knowledge base and streams.
 */
export interface IngestionResult {
  /** Absolute, symlink-free root. */
  readonly root: string
  /** Chunk ids to remove (changed, gone, renamed, skipped files). */
  readonly removeIds: string[]
  /** Chunks to add (new and changed files). */
  readonly addDocuments: Chunk[]
  /** The state to keep once the generation is committed. */
  readonly state: IndexState
  /**
   * With a chunker that extracts code layers (`createLayeredChunker` of `@rag/chunker`, or any
   * `LayeredChunker`): the layers of every file chunked in this run (files not re-chunked keep
   * theirs). `undefined` when the chunker extracts none.
   */
  readonly layers?: FileLayers[]
  /** Path to fingerprint for every indexed file (the seed's `fingerprints` map). */
  readonly fingerprints: Map<string, string>
  /** Everything not indexed, and why, sorted by path. */
  readonly skipped: SkippedEntry[]
  /** Files that failed to read; they keep their previous chunks. */
  readonly failed: FailedFile[]
  /** Non-fatal findings (replaced bytes, legacy encodings, no worker script). */
  readonly warnings: IngestWarning[]
  /** Counts and timings of the run. */
  readonly stats: IngestStats
}

/**
 * Discovery, ignore files, default skips, admission caps, format detection, extraction,
 * fingerprints and chunking for one directory (SPEC §4, seed 000). It stages a generation and
 * never writes to a store: pair it with `@rag/session`'s `FileIndexer`, or commit the result yourself.
 *
 * @example
 * const service = new FileIngestionService({ limits: createLimits({ maxFiles: 10_000 }) })
 * const plan = await service.plan('/repo')
 * const staged = await service.ingest('/repo', { onProgress: (p) => console.log(p.indexedFiles, p.totalFiles) })
 */
export class FileIngestionService {
  /** The admission caps of every run. */
  readonly limits: Limits
  readonly #chunkerOption: Chunker | ChunkerSpec
  readonly #workers: number
  readonly #thresholdBytes: number
  readonly #script: URL | undefined
  readonly #ignoreCase: boolean
  readonly #ignore: IgnoreCompileOptions
  readonly #racyWindowMs: number
  #chunker: Promise<Chunker> | undefined

  constructor(options: FileIngestionServiceOptions = {}) {
    const { limits = DEFAULT_LIMITS, chunker = DEFAULT_CHUNKER_SPEC, workers = defaultWorkerCount() } = options
    const { workerThresholdBytes = 1024 * 1024, racyWindowMs = DEFAULT_RACY_WINDOW_MS } = options
    if (!Number.isSafeInteger(workers) || workers < 0) throw new InvalidArgumentError(`workers must be an integer >= 0; received ${String(workers)}.`)
    if (!Number.isFinite(workerThresholdBytes) || workerThresholdBytes < 0) {
      throw new InvalidArgumentError(`workerThresholdBytes must be a number >= 0; received ${String(workerThresholdBytes)}.`)
    }
    if (!Number.isFinite(racyWindowMs) || racyWindowMs < 0) throw new InvalidArgumentError(`racyWindowMs must be a number >= 0; received ${String(racyWindowMs)}.`)
    if (isChunkerSpec(chunker)) assertCloneable(chunker)
    this.limits = limits
    this.#chunkerOption = chunker
    this.#workers = workers
    this.#thresholdBytes = workerThresholdBytes
    this.#script = options.workerScript === undefined ? defaultWorkerScript() : toScriptUrl(options.workerScript)
    this.#ignoreCase = options.ignoreCase ?? defaultIgnoreCase()
    const negation = options.ignore?.negation ?? 'git'
    if (negation !== 'git' && negation !== 'reject') {
      throw new InvalidArgumentError(`ignore.negation must be "git" or "reject"; received ${JSON.stringify(negation)}.`)
    }
    this.#ignore = { ignoreCase: this.#ignoreCase, negation }
    this.#racyWindowMs = racyWindowMs
  }

  /** The chunker on the calling thread (built from the spec on first use). */
  chunker(): Promise<Chunker> {
    const option = this.#chunkerOption
    this.#chunker ??= isChunkerSpec(option) ? loadChunker(option) : Promise.resolve(option)
    this.#chunker.catch(() => (this.#chunker = undefined))
    return this.#chunker
  }

  /**
   * A dry run: what an index run of `root` would take and skip, and why, with counts per
   * directory and format. Reads files (to sniff binaries and count decoded size) but chunks
   * nothing and writes nothing. Configuration and limit problems are returned in `errors`
   * rather than thrown, so one plan shows all of them.
   */
  async plan(root: string, options: { readonly source?: SourceOptions; readonly signal?: AbortSignal } = {}): Promise<IngestionPlan> {
    const real = await resolveRoot(root)
    return planSource(real, compileSource(options.source ?? {}, this.#ignoreCase), this.limits, this.#ignore, options.signal)
  }

  /**
   * Stages the next generation of `root`: walks, reads what changed (on worker threads for large
   * runs), chunks what changed, and returns the removals, additions and new state. Nothing is
   * written anywhere.
   *
   * @throws ConfigError for a bad glob or, with `ignore.negation: 'reject'`, a `!` rule; LimitExceededError for an exceeded cap;
   *   CancelledError when `signal` aborts; RagError `INTERNAL` when the chunker throws;
   *   InvalidArgumentError for a missing root or malformed `previous` state.
   */
  async ingest(root: string, options: IngestOptions = {}): Promise<IngestionResult> {
    const runStartedMs = Date.now()
    const { previous, onProgress, signal, trustStat = true } = options
    if (previous !== undefined) assertIndexState(previous)
    const real = await resolveRoot(root)
    const { within } = options
    if (within !== undefined) assertWithin(root, real, within)
    const source = compileSource(options.source ?? {}, this.#ignoreCase)
    const chunker = await this.chunker()
    const context = pipelineContext(chunker.id, source.selectors.key, source.format)
    const walked = await walk({ root: real, limits: this.limits, ...source, ignore: this.#ignore, onError: 'throw', ...(signal ? { signal } : {}) })
    const walkMs = Date.now() - runStartedMs

    const total = walked.files.length
    let done = 0
    const progress = (currentFile: string): void => {
      if (!onProgress) return
      try {
        onProgress({ indexedFiles: done, totalFiles: total, currentFile })
      } catch {
        // A listener must not break the run (core's ProgressListener contract).
      }
    }
    progress('')

    const sameContext = previous?.root === real && previous.context === context
    const before = new Map<string, FileRecord>(previous?.root === real ? previous.files.map((f) => [f.path, f]) : [])
    const statReused = new Map<string, FileRecord>()
    const tasks: FileTask[] = []
    const sizes: number[] = []
    let decodedChars = 0
    const checkBudget = (): void => {
      if (decodedChars > this.limits.maxDecodedBytes) {
        throw limitError('maxDecodedBytes', this.limits.maxDecodedBytes, decodedChars, `The decoded text of ${real} is larger than allowed`)
      }
    }
    for (const file of walked.files) {
      const record = before.get(file.path)
      if (trustStat && sameContext && record && statProvesUnchanged(record, file.stat, this.#racyWindowMs)) {
        statReused.set(file.path, record)
        decodedChars += record.chars
        done++
        progress(file.path)
        continue
      }
      tasks.push({
        path: file.path,
        absolutePath: join(real, file.path),
        ...(record && record.fingerprint !== '' && record.binary === undefined ? { previousFingerprint: record.fingerprint } : {}),
        maxFileBytes: this.limits.maxFileBytes,
        format: source.format,
        context,
      })
      sizes.push(file.stat.size)
    }
    checkBudget()

    const results = new Map<string, FileResult>()
    const warnings: IngestWarning[] = walkWarnings(walked)
    const option = this.#chunkerOption
    const spec = isChunkerSpec(option) ? option : undefined
    if (spec && this.#workers > 0 && !this.#script) {
      warnings.push({ code: 'NO_WORKER_SCRIPT', message: 'The built chunk-worker.js was not found, so this run used one thread.' })
    }
    const processStarted = Date.now()
    const workerThreads = await runTasks(
      tasks,
      sizes,
      { chunker, spec, script: this.#script, workers: this.#workers, thresholdBytes: this.#thresholdBytes },
      (result) => {
        if (result.kind === 'chunker-error') {
          throw new RagError('INTERNAL', `The chunker ${chunker.id} failed on ${result.path}: ${result.message}; nothing was committed.`)
        }
        results.set(result.path, result)
        // A file that fails to read keeps its previous chunks, so its text stays in the budget.
        if (result.kind === 'failed') decodedChars += before.get(result.path)?.chars ?? 0
        if (result.kind === 'chunked' || result.kind === 'unchanged') {
          decodedChars += result.chars
          checkBudget()
          if (result.replaced > 0) {
            warnings.push({ code: 'INVALID_UTF8', path: result.path, message: `${result.replaced} invalid UTF-8 sequence(s) in ${result.path} were replaced by U+FFFD.` })
          } else if (result.encoding === 'windows-1252') {
            warnings.push({ code: 'LEGACY_ENCODING', path: result.path, message: `${result.path} is not UTF-8 and was decoded as windows-1252.` })
          }
        }
        done++
        progress(result.path)
      },
      signal,
    )
    const processMs = Date.now() - processStarted
    if (signal?.aborted) throw new CancelledError('The index run was cancelled; nothing was committed.')
    // Every file is read: the root must still be the directory that was checked, not a link swapped in meanwhile.
    if (within !== undefined) await assertRootUnchanged(root, real)

    const staged = stageGeneration({
      root: real,
      context,
      runStartedMs,
      previous,
      admitted: walked.files.map((f) => f.path),
      statReused,
      results,
      unreadableDirectories: walked.unreadableDirectories,
    })
    const skipped = [...walked.skipped, ...staged.skipped].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    return {
      root: real,
      removeIds: staged.removeIds,
      addDocuments: staged.addDocuments,
      state: staged.state,
      ...(staged.layers !== undefined && isLayeredChunker(chunker) ? { layers: staged.layers } : {}),
      fingerprints: new Map(staged.state.files.filter((f) => f.binary === undefined).map((f) => [f.path, f.fingerprint])),
      skipped,
      failed: staged.failed,
      warnings: warnings.sort((a, b) => ((a.path ?? '') < (b.path ?? '') ? -1 : 1)),
      stats: {
        ...staged.counts,
        files: total,
        chunks: staged.addDocuments.length,
        decodedChars,
        workerThreads,
        walkMs,
        processMs,
        totalMs: Date.now() - runStartedMs,
      },
    }
  }
}
