import {
  assertId,
  assertDocument,
  assertQuery,
  assertTopK,
  Mutex,
  type Document,
  type KnowledgeBase,
  type Metadata,
  type ProgressListener,
  type Replaceable,
  type SearchResult,
  type Stream,
  type EntrypointRecord,
  type SymbolRecord,
} from '@rag/core'
import { BM25Stream } from '@rag/bm25'
import { HybridRetriever } from '@rag/hybrid'
import type { IndexState, IngestionPlan, SourceOptions } from '@rag/ingest'
import { InMemoryKnowledgeBase, KnowledgeBaseStream } from '@rag/kb-tfidf'
import { renderContextPrompt, type ContextPromptRender } from '@rag/prompt'
import { assertDeclaresChatSource, createChatKnowledgeSource, type ChatKnowledgeSource } from './chat-binding.js'
import { CommitLatch } from './commit-latch.js'
import { isAddedDocumentId, newDocumentId, toDocumentInfo, type DocumentInfo } from './documents.js'
import type { IndexStateStore } from './index-state-store.js'
import { IndexTargets, type ReplaceableStream } from './index-targets.js'
import type { BuildContextPromptOptions, IndexDirectoryOptions, RagServiceOptions } from './rag-service-options.js'
import type { SearchFilter } from './search-filter.js'
import { filteredSearch } from './filtered-search.js'
import { FileIndexer, type IndexReport } from './file-indexer.js'
import { metadataOf } from './list-metadata.js'
import { lookupStreams, orNone } from './lookup-streams.js'
import { readOneGeneration } from './one-generation.js'
import { distinctContent } from './distinct-content.js'
import { contextKeys } from './context-keys.js'
import { searchPrior, type SearchOptions } from './search-priors.js'
import { createFileLocator, type FileLocation, type FileLocator, type LocateFilesOptions } from './locate-files.js'
import { holdWriteLock, type WriteAccess } from './write-access.js'
import { PRESETS } from './retrieval-presets.js'
import { SessionLayers } from './session-layers.js'
import type { DependencyOptions, DependencyStep, EntrypointQuery, SymbolOptions } from './layer-api.js'
import { SessionLayerQueries } from './layer-queries.js'
import type { SessionVectors } from './session-vectors.js'
import type { RagStatus } from './status.js'


function isReplaceable(stream: Stream): stream is Stream & ReplaceableStream {
  return typeof (stream as Partial<Replaceable>).replaceDocuments === 'function'
}

/**
 * One session's retrieval pipeline (SPEC §8, seeds 000/001): a knowledge base and a BM25 stream
 * fused by a `HybridRetriever` (0.6 / 0.4), fed by a `FileIndexer`. Index runs and `clear()` are
 * serialised by one mutex; searches never take it, and a short commit latch makes every search
 * see one generation in every store, never the new knowledge base with the old BM25 index.
 *
 * @example
 * const rag = new RagService()
 * await rag.indexDirectory('/project/src', (p) => console.log(`${p.indexedFiles}/${p.totalFiles} ${p.currentFile}`))
 * const hits = await rag.search('authentication middleware', 5, { path: 'src/auth/**' })
 * const prompt = await rag.buildContextPrompt('How does auth work?', 5)
 */
export class RagService {
  /** Name of the chat knowledge `attachChatTo` binds (seed 001). */
  static readonly CHAT_SOURCE = 'session-knowledge'
  /** Results per chat message of that binding (seed 001). */
  static readonly CHAT_TOP_K = 5

  /** The knowledge base chunks and added documents live in. */
  readonly knowledgeBase: KnowledgeBase
  /** The in-memory BM25 stream, or `undefined` when configured off. */
  readonly bm25: BM25Stream | undefined
  /** The retriever every search goes through (its results carry `explain`). */
  readonly retriever: HybridRetriever
  readonly #lock = new Mutex()
  readonly #latch = new CommitLatch()
  readonly #targets: IndexTargets
  readonly #indexer: FileIndexer
  readonly #layersOn: boolean
  readonly #layerQueries: SessionLayerQueries
  readonly #stateStore: IndexStateStore | undefined
  readonly #access: WriteAccess
  readonly #now: () => number
  readonly #locator: FileLocator
  readonly #vectors: SessionVectors | undefined
  /** Changes with every commit: this process's (the latch) and, with a counting store, another process's. */
  readonly #generation: () => Promise<string>
  #lastIndexedAt: Date | undefined
  #storedState: { generation: number | undefined; state: IndexState | undefined } | undefined

  /** @throws ConfigError / InvalidArgumentError for an invalid option (a bad weight, duplicate stream names, ...). */
  constructor(options: RagServiceOptions = {}) {
    const { knowledgeBase = new InMemoryKnowledgeBase(), bm25 = {}, weights = {}, streams = [], ingest = {} } = options
    const { stateStore, retriever = {}, knowledgeBaseStreamName = 'knowledge-base', now = Date.now, writer = 'rag', lockWait = {}, layers = false, vectors } = options
    this.knowledgeBase = knowledgeBase
    this.bm25 = bm25 === false ? undefined : new BM25Stream({ maxDocuments: Number.POSITIVE_INFINITY, ttlMs: Number.POSITIVE_INFINITY, ...bm25 })
    this.#stateStore = stateStore
    this.#now = now
    const builder = HybridRetriever.builder(retriever)
    if (this.bm25) builder.stream(this.bm25, weights.bm25 ?? PRESETS.seed.weights.bm25)
    builder.stream(new KnowledgeBaseStream(knowledgeBase, { name: knowledgeBaseStreamName }), weights.knowledgeBase ?? PRESETS.seed.weights.tfidf)
    for (const { stream, weight } of streams) builder.stream(stream, weight)
    if (vectors) builder.stream(vectors.stream, weights.vector ?? PRESETS.recommended.weights.vector)
    // This process's commits move the latch; another process's move the store's counter.
    this.#generation = async () => `${this.#latch.epoch}:${stateStore?.info ? (await stateStore.info()).generation : ''}`
    const sessionLayers = new SessionLayers(stateStore)
    this.#layersOn = layers
    this.#layerQueries = new SessionLayerQueries({ layers: sessionLayers, latch: this.#latch, stateStore, layersOn: layers, root: async () => (await this.#currentState())?.root })
    for (const { stream, weight } of lookupStreams(knowledgeBase, this.#generation, this.#layerQueries, weights)) builder.stream(stream, weight)
    this.#vectors = vectors
    this.retriever = builder.build()
    const replaceable: ReplaceableStream[] = [
      ...(this.bm25 ? [this.bm25] : []),
      ...streams.map(({ stream }) => stream).filter(isReplaceable),
    ]
    this.#targets = new IndexTargets({ knowledgeBase, streams: replaceable, stateStore, latch: this.#latch, vectors, analysis: options.commitAnalysis })
    this.#access = { command: writer, wait: lockWait.wait, onWait: lockWait.onWait }
    const { source = {}, ...serviceOptions } = ingest
    this.#indexer = new FileIndexer({ ...serviceOptions, knowledgeBase, source, targets: this.#targets, ...(stateStore ? { stateStore } : {}), layers, sessionLayers })
    this.#locator = createFileLocator({
      // The deep chunk list as the streams fuse it: `rankFiles` applies the path priors itself.
      search: (query, topK, filter) => this.#search(query, topK, filter, false),
      chunks: () => this.#latch.read(() => metadataOf(knowledgeBase)),
      generation: this.#generation,
      // The graph and route signals, when the index has code layers (loaded from the store when another process wrote them).
      layers: () => this.#layerQueries.rankingRecords(),
      symbols: (name) => orNone(() => this.#layerQueries.symbols(name, {})),
    })
  }

  /** `true` when index runs extract code layers (the `layers` option). */
  get layersEnabled(): boolean {
    return this.#layersOn
  }

  /** `true` while an index run or `clear()` runs or waits. */
  get indexing(): boolean {
    return this.#lock.locked
  }

  /**
   * Indexes `path` (only changed files are read and chunked) and swaps the new generation into
   * every store. Runs one at a time with `clear()`; searches go on meanwhile and see the old
   * generation until the swap.
   *
   * @throws ConfigError, LimitExceededError, CancelledError, InvalidArgumentError (missing root),
   *   PathNotAllowedError (a root outside `within`) or the error of a failed swap; in every case
   *   the previous index stands.
   */
  indexDirectory(path: string, onProgress?: ProgressListener, options: IndexDirectoryOptions = {}): Promise<IndexReport> {
    return this.#lock.runExclusive(async () => {
      const { signal, source, force, wait, onLockWait, verify, onEmbedProgress, within } = options
      const access: WriteAccess = { ...this.#access, ...(wait !== undefined ? { wait } : {}), ...(onLockWait ? { onWait: onLockWait } : {}), signal }
      const report = await this.#indexer.index(path, { onProgress, signal, source, force, access, verify, onEmbedProgress, within })
      this.#lastIndexedAt = new Date(this.#now())
      return report
    })
  }

  /**
   * A dry run of `path` with the session's limits and source options: every file an index run
   * would take, every skipped path and why, counts per directory and format. Writes nothing.
   */
  planDirectory(path: string, options: { readonly source?: SourceOptions; readonly signal?: AbortSignal } = {}): Promise<IngestionPlan> {
    return this.#indexer.plan(path, options)
  }

  /**
   * The best `topK` chunks and added documents for `query`, fused from every stream (the
   * `definitions` stream adds the chunks defining a name the query is), at most three per file,
   * each fused score times its search prior (`searchPrior`: tests, docs and prose after source for
   * a question about code, a named definition first). `pathPriors: false` keeps the streams' fused
   * order, as the file ranking reads it. With a filter, the retriever is asked for more results
   * round by round until `topK` pass the filter or there are no more. Every round reads one
   * generation of the index, even while another process commits to the same store.
   *
   * @throws InvalidArgumentError for an empty query, a `topK` that is not a positive integer, or a malformed filter;
   *   RagError `CONFLICT` when another process committed during each of eight tries.
   */
  async search(query: string, topK: number, filter?: SearchFilter, options: SearchOptions = {}): Promise<SearchResult[]> {
    return this.#search(query, topK, filter, options.pathPriors !== false)
  }

  /** {@link RagService.search}, with the path priors applied or (for the file ranking, which applies them itself) not. */
  async #search(query: string, topK: number, filter: SearchFilter | undefined, priors: boolean): Promise<SearchResult[]> {
    assertQuery(query)
    assertTopK(topK)
    return filteredSearch((k, maxPerFile) => this.#retrieve(query, k, priors, maxPerFile), topK, filter)
  }

  /**
   * One fused retrieval from one generation: this process's commits wait for it (the latch), and a
   * run during which another process committed is run again (its streams read the store in
   * separate transactions). With `priors`, fused scores are multiplied by the search prior.
   */
  async #retrieve(query: string, topK: number, priors: boolean, maxPerFile?: number): Promise<SearchResult[]> {
    const prior = priors ? await searchPrior(query) : undefined
    return readOneGeneration(() => this.#latch.read(() => this.retriever.retrieve(query, topK, { prior, ...(maxPerFile === undefined ? {} : { maxPerFile }) })), this.#generation)
  }

  /**
   * The files a change for `query` most likely touches, best first: the query is routed
   * (`@rag/router`: intent, anchors, priors), the streams return a deep chunk list (300 chunks),
   * and `@rag/rank` ranks files from it with path priors, definition, file-name and folder matches,
   * and, when the index has code layers, the importers of the top files (C2) and named routes (C3)
   * (the bench localization suite's `rank: full`). Each file carries its score, the signals'
   * contributions and its best chunks' line ranges; the plan comes with them. The CLI's
   * `search --files`, the server's `/files` route and the MCP `locate_files` tool all call this.
   *
   * @throws InvalidArgumentError for an empty query, a `limit` that is not a positive integer, or a malformed filter.
   * @example
   * const { plan, files } = await rag.locateFiles('Fix retry when the token expires', { limit: 5 })
   * files[0] // { file: 'src/auth/retry.ts', rank: 1, score: 1.3, contributions: [...], chunks: [{ startLine: 12, endLine: 40, ... }] }
   */
  locateFiles(query: string, options: LocateFilesOptions = {}): Promise<FileLocation> {
    return this.#locator.locate(query, options)
  }

  /**
   * Searches and renders the hits into a context prompt with `@rag/prompt` (the fenced format by
   * default), each text once (a hit with the same content as a better one is passed over for the
   * next), and without the index's own lookup metadata (`defines`, `symbols`, `chunkIndex`,
   * `overlap`) unless `provenanceKeys` names keys. With no results, or if rendering fails, the
   * query is returned unchanged.
   */
  async buildContextPrompt(query: string, topK: number, options: BuildContextPromptOptions = {}): Promise<string> {
    return (await this.renderContextPrompt(query, topK, options)).prompt
  }

  /**
   * Like {@link RagService.buildContextPrompt}, with the account of what went in: which hits were
   * rendered whole, which one was cut short, which were left out, and the token count (`@rag/prompt`'s
   * `renderContextPrompt`). `format: 'list'` renders the numbered hit list an agent's tool returns.
   */
  async renderContextPrompt(query: string, topK: number, options: BuildContextPromptOptions = {}): Promise<ContextPromptRender & { readonly results: SearchResult[] }> {
    const { filter, ...promptOptions } = options
    const results = await distinctContent((k) => this.search(query, k, filter), topK)
    return { ...renderContextPrompt(query, results, { ...promptOptions, provenanceKeys: promptOptions.provenanceKeys ?? contextKeys(results) }), results }
  }

  /** File count, chunk count, document count, last index time, indexed path, whether a run is in progress, and what the vectors and code layers hold. */
  async getStatus(): Promise<RagStatus> {
    const indexing = this.indexing
    // A store that records the counts with each commit answers without loading every file record.
    const info = this.#stateStore?.info ? await this.#stateStore.info() : undefined
    const layers = await this.#layerQueries.counts()
    if (info?.counts !== undefined) {
      const { root, fileCount, chunkCount } = info.counts
      const vectors = this.#vectors === undefined ? undefined : await this.#vectors.status()
      const lastIndexedAt = info.indexedAt !== undefined ? new Date(info.indexedAt) : this.#lastIndexedAt
      return { indexedPath: root, fileCount, chunkCount, documentCount: await this.knowledgeBase.size(), lastIndexedAt, indexing, ...(vectors ? { vectors } : {}), ...(layers ? { layers } : {}) }
    }
    const state = await this.#currentState()
    const files = state?.files ?? []
    let chunkCount = 0
    let fileCount = 0
    for (const file of files) {
      chunkCount += file.chunkIds.length
      if ((file as { binary?: string }).binary === undefined) fileCount++
    }
    const stored = this.#stateStore?.info ? (await this.#stateStore.info()).indexedAt : undefined
    const lastIndexedAt = stored !== undefined ? new Date(stored) : state === undefined ? undefined : this.#lastIndexedAt
    const vectors = this.#vectors === undefined ? undefined : await this.#vectors.status()
    return { indexedPath: state?.root, fileCount, chunkCount, documentCount: await this.knowledgeBase.size(), lastIndexedAt, indexing, ...(vectors ? { vectors } : {}), ...(layers ? { layers } : {}) }
  }

  /**
   * Adds a document of your own (seed 000: "custom knowledge") to every store, searchable with
   * the indexed chunks. Its id is `doc:` and a random UUID.
   *
   * @throws InvalidArgumentError when content is not a string or metadata is not flat.
   */
  async addDocument(content: string, metadata: Metadata = {}): Promise<string> {
    const document: Document = { id: newDocumentId(), content, metadata: { ...metadata } }
    assertDocument(document)
    await holdWriteLock(this.#stateStore, this.#access, () => this.#targets.swap([], [document]))
    return document.id
  }

  /** The documents added with `addDocument` (never indexed chunks), as `{ id, preview, contentLength, metadata }`. */
  async listDocuments(): Promise<DocumentInfo[]> {
    const state = await this.#currentState()
    const owned = new Set<string>()
    for (const file of state?.files ?? []) if (isAddedDocumentId(file.path)) for (const id of file.chunkIds) owned.add(id)
    const all = await this.knowledgeBase.list()
    return all.filter((doc) => isAddedDocumentId(doc.id) && !owned.has(doc.id)).map(toDocumentInfo)
  }

  /** Any document by id (an added document or a chunk), or `undefined`. */
  getDocument(id: string): Promise<Document | undefined> {
    assertId(id)
    return this.knowledgeBase.get(id)
  }

  /** Removes a document from every store; `true` if it was there. */
  async removeDocument(id: string): Promise<boolean> {
    assertId(id)
    return holdWriteLock(this.#stateStore, this.#access, async () => {
      if ((await this.knowledgeBase.get(id)) === undefined) return false
      await this.#targets.swap([id], [])
      return true
    })
  }

  /**
   * Empties the knowledge base, the BM25 index, every kept-in-step stream and the fingerprints,
   * and resets the status. Waits for a running index run; searches then see all or nothing.
   */
  clear(): Promise<void> {
    return this.#lock.runExclusive(() =>
      holdWriteLock(this.#stateStore, this.#access, async () => {
        await this.#targets.clear()
        await this.#indexer.reset()
        this.#lastIndexedAt = undefined
        this.#storedState = undefined
      }),
    )
  }

  /**
   * Binds the live corpus to `agent` as its `session-knowledge` chat knowledge, searching the top
   * {@link RagService.CHAT_TOP_K}. The source searches this session at call time, so documents
   * indexed later are found without binding again. While the corpus is empty it does nothing and
   * returns `undefined`.
   *
   * @throws ChatBindingError when the agent does not declare MEMORY chat knowledge named `session-knowledge` (topK 5).
   */
  async attachChatTo(agent: unknown): Promise<ChatKnowledgeSource | undefined> {
    assertDeclaresChatSource(agent, RagService.CHAT_SOURCE, RagService.CHAT_TOP_K)
    if ((await this.knowledgeBase.size()) === 0) return undefined
    const source = createChatKnowledgeSource(RagService.CHAT_SOURCE, RagService.CHAT_TOP_K, (query, topK) => distinctContent((k) => this.search(query, k), topK))
    agent.bindChatKnowledge(source)
    return source
  }

  /**
   * Definitions (seed 003's C1 symbol catalog) by name, qualified name (`FileStore.read`) or glob
   * (`parse*`, `*Handler`; in any case, those in the glob's case first), optionally of one kind or
   * language: exact matches first, then exported ones, then by path and line. A name nothing is
   * written as is looked up in any case. Reads the generation the last commit left.
   *
   * @throws InvalidArgumentError for an empty name or a bad option; ConfigError when the index has
   *   no code layers (index with `layers: true`).
   * @example
   * await rag.symbols('parse*', { kind: 'function' })
   */
  symbols(name: string, options: SymbolOptions = {}): Promise<SymbolRecord[]> {
    return this.#layerQueries.symbols(name, options)
  }

  /**
   * The dependency graph (C2) around a file (path relative to the indexed root, or absolute inside
   * it) or a symbol (id, qualified or plain name): its imports, calls and heritage, or with
   * `reverse` its importers and callers, breadth first to `depth` edges away.
   *
   * @throws InvalidArgumentError for an empty target, a path outside the root or a bad option;
   *   RagError `NOT_FOUND` when the target is not an indexed file or directory, nor a known symbol;
   *   ConfigError when the index has no code layers.
   * @example
   * await rag.dependencies('src/store.ts', { reverse: true, depth: 2 })
   */
  dependencies(target: string, options: DependencyOptions = {}): Promise<DependencyStep[]> {
    return this.#layerQueries.dependencies(target, options)
  }

  /**
   * Entrypoints (C3): HTTP routes, CLI commands, `main` functions, scheduled and queue jobs, filtered by
   * kind, method (`*` routes match any), route or command (exact, a glob, or a path a route
   * template serves: `/orders/42` finds `/orders/:id`) and framework.
   *
   * @throws InvalidArgumentError for a bad filter; ConfigError when the index has no code layers.
   * @example
   * await rag.entrypoints({ kind: 'http-route', method: 'POST', route: '/orders/*' })
   */
  entrypoints(filter: EntrypointQuery = {}): Promise<EntrypointRecord[]> {
    return this.#layerQueries.entrypoints(filter)
  }

  // The fingerprint state for status and listings: the state store's (cached per generation) or this process's.
  async #currentState(): Promise<IndexState | undefined> {
    const store = this.#stateStore
    if (store === undefined) return this.#indexer.exportState()
    const generation = store.info ? (await store.info()).generation : undefined
    if (this.#storedState === undefined || generation === undefined || this.#storedState.generation !== generation) {
      this.#storedState = { generation, state: await store.load() }
    }
    return this.#storedState.state
  }
}
