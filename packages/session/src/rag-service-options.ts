import type { KnowledgeBase, Stream } from '@rag/core'
import type { BM25StreamOptions } from '@rag/bm25'
import type { HybridRetrieverOptions } from '@rag/hybrid'
import type { IndexStateStore, WriteLockHolder } from './index-state-store.js'
import type { CommitAnalysisInit } from './commit-analysis.js'
import type { SessionVectors } from './session-vectors.js'
import type { FileIngestionServiceOptions, Limits, SourceOptions } from '@rag/ingest'
import type { ContextPromptOptions } from '@rag/prompt'
import type { IndexOptions } from './file-indexer.js'
import type { SearchFilter } from './search-filter.js'
import type { WriteAccess } from './write-access.js'

/**
 * A stream fused with the session's own, with its RRF weight. A stream that also has
 * `replaceDocuments` (and optionally `clear`) is kept in step with the index: every generation,
 * added document and `clear()` reaches it inside the same commit as the knowledge base.
 */
export interface WeightedStream {
  readonly stream: Stream
  /** A finite number greater than 0; weights need not sum to 1. */
  readonly weight: number
}

/** RRF weights of the session's built-in streams. */
export interface RagWeights {
  /** @default 0.6 (seed 000/001: `PRESETS.seed.weights.bm25`) */
  readonly bm25?: number
  /** @default 0.4 (seed 000/001: `PRESETS.seed.weights.tfidf`) */
  readonly knowledgeBase?: number
  /** Of the vector stream, when `vectors` is set. @default 0.1 (`PRESETS.recommended.weights.vector`) */
  readonly vector?: number
  /** Of the definitions stream (the chunks defining the name a query is; nothing for other queries). @default 1.5 */
  readonly definitions?: number
  /** Of the routes stream (the code serving the HTTP routes a query names, from the entrypoints layer; nothing for other queries or without layers). @default 1.5 */
  readonly routes?: number
}

/** Ingest options of a session: admission limits, chunker, workers, and the default source. */
export interface RagIngestOptions extends Omit<FileIngestionServiceOptions, 'limits'> {
  /**
   * Admission caps: only the ones you change (`{ maxFiles: 20_000 }`); the rest keep
   * `@rag/ingest`'s defaults.
   * @default DEFAULT_LIMITS of `@rag/ingest` (4,096 files, 64 MiB decoded, ...)
   */
  readonly limits?: Partial<Limits>
  /**
   * Options of `@rag/chunker`'s default chunker (`maxChars`, `minChars`, `overlapChars`), when
   * `chunker` is not given.
   * @default {} (the chunker's defaults)
   */
  readonly chunkerOptions?: Readonly<Record<string, number>>
  /**
   * Include/exclude globs, skip switches and format for every run (each run may override them).
   * @default {}
   */
  readonly source?: SourceOptions
}

/** Options of {@link RagService}. All are optional. */
export interface RagServiceOptions {
  /**
   * Where chunks and added documents live; searched as the knowledge-base stream.
   * @default new InMemoryKnowledgeBase() (TF-IDF, from `@rag/kb-tfidf`)
   */
  readonly knowledgeBase?: KnowledgeBase
  /**
   * Options of the in-memory `BM25Stream` (analyzer, k1, b, ...), or `false` for none (when the
   * knowledge base already ranks by BM25, as `SqliteKnowledgeBase` does). The session holds a
   * whole repository, so capacity and expiry default to unbounded (see the README): the seed's
   * 10,000 documents / one hour would silently drop chunks the knowledge base still holds.
   * @default { maxDocuments: Infinity, ttlMs: Infinity }
   */
  readonly bm25?: BM25StreamOptions | false
  /** @default { bm25: 0.6, knowledgeBase: 0.4 } */
  readonly weights?: RagWeights
  /**
   * More streams to fuse (a vector stream, say). Names must differ from `bm25` and the
   * knowledge-base stream's name.
   * @default []
   */
  readonly streams?: readonly WeightedStream[]
  /**
   * The session's vectors (`createRag` / `openRag` build them from an `embedder` spec): their
   * stream is fused at `weights.vector`, and every commit embeds what it adds, with the chunks.
   * @default undefined (no vector stream)
   */
  readonly vectors?: SessionVectors
  /**
   * With a `stateStore` whose store reads joined terms while it writes (`readsJoinedTerms`, as
   * `SqliteKnowledgeBase` does): the store's analyzer and indexed text, so that a large commit's
   * added documents are analysed on the session's worker thread while the commit writes
   * (`openRag` sets it).
   * @default undefined (the store analyses on the calling thread)
   */
  readonly commitAnalysis?: CommitAnalysisInit
  /**
   * Ingest options: `limits` (only the caps you change), `chunker` (a spec or an instance),
   * `workers`, `source` (include/exclude globs, skip names, format), ... `@rag/ingest` is imported
   * on the first index run or plan, so a process that only searches never loads it.
   * @default {}
   */
  readonly ingest?: RagIngestOptions
  /**
   * Persists chunks and fingerprint state together (e.g. `createSqliteStateStore` of
   * `@rag/cli`). Its knowledge base must be `knowledgeBase`.
   * @default undefined (state lives in memory)
   */
  readonly stateStore?: IndexStateStore
  /**
   * Fusion options of the `HybridRetriever`: `maxPerFile`, `k`, `candidateMultiplier`,
   * `minCandidates`, `maxCandidates`, `logger`.
   * @default {} (RRF k 60, every stream read at least 50 deep and 2 × topK for a larger topK, deeper up to 10,000 when the per-file cap starves other files, 3 results per file, console)
   */
  readonly retriever?: Omit<HybridRetrieverOptions, 'name'>
  /**
   * Name of the knowledge-base stream in explanations.
   * @default 'knowledge-base'
   */
  readonly knowledgeBaseStreamName?: string
  /**
   * The clock for `getStatus().lastIndexedAt`, in milliseconds.
   * @default Date.now
   */
  readonly now?: () => number
  /**
   * The name this session writes under, as other writers see it while they wait for the state
   * store's write lock: `rag index`, `rag serve`, ...
   * @default 'rag'
   */
  readonly writer?: string
  /**
   * How every write of this session meets another writer holding the state store's write lock:
   * wait for it (calling `onWait` once with the holder), or fail at once with `LOCKED`
   * (`wait: false`). `indexDirectory` options may override it per run.
   * @default { wait: true }
   */
  readonly lockWait?: { readonly wait?: boolean; readonly onWait?: (holder: WriteLockHolder) => void }
  /**
   * Extract the code layers (seed 003: symbols, dependency edges, entrypoints) while chunking, in
   * the same parse, and keep them in the same generation as the chunks (with a store that keeps
   * layers, in the same transaction), for `symbols()`, `dependencies()` and `entrypoints()`. The
   * default chunker becomes `@rag/chunker`'s `createLayeredChunker`. Off by default: extraction
   * adds about a quarter to a third to the chunking time. Turning it on or off re-chunks every file.
   * @default false
   */
  readonly layers?: boolean
}

/** Options of one {@link RagService.indexDirectory} run. */
export interface IndexDirectoryOptions {
  /** Cancels the run before it commits; the previous index stands (`CancelledError`). */
  readonly signal?: AbortSignal
  /** Replaces the session's source options (include/exclude, skips, format) for this run. */
  readonly source?: SourceOptions
  /** Re-read and re-chunk every file, ignoring the fingerprints. @default false */
  readonly force?: boolean
  /** With an embedder: progress of the chunks sent to it, after the files are chunked. */
  readonly onEmbedProgress?: IndexOptions['onEmbedProgress']
  /**
   * With a store that has a write lock: `false` fails at once with `LOCKED` when another writer
   * holds it, instead of waiting. @default true
   */
  readonly wait?: boolean
  /** Called once when another writer holds the store's write lock and this run starts waiting. */
  readonly onLockWait?: WriteAccess['onWait']
  /**
   * Check the whole store against the tree (every stored chunk against the file records, every
   * file's content hashed) and repair what disagrees; the report says what was fixed. @default false
   */
  readonly verify?: boolean
  /**
   * Real directories (absolute, symlink-free) the path must resolve inside, when the run starts
   * and still once every file is read: what a server passes with a path its confinement checked,
   * so that a directory swapped for a symbolic link meanwhile is not followed out of them
   * (`PathNotAllowedError`; the previous index stands).
   */
  readonly within?: readonly string[]
}

/** Options of {@link RagService.buildContextPrompt}: `@rag/prompt`'s options plus a search filter. */
export interface BuildContextPromptOptions extends ContextPromptOptions {
  /** Narrows the search that feeds the prompt. */
  readonly filter?: SearchFilter
}
