import { ConfigError, type Analyzer, type Embedder, type IndexedText, type KnowledgeBase, type SearchResult } from '@rag/core'
import { InMemoryKnowledgeBase } from '@rag/kb-tfidf'
import { createGenerationStateStore, type PersistentStore } from './generation-store.js'
import { RagService } from './rag-service.js'
import type { RagIngestOptions, RagServiceOptions, WeightedStream } from './rag-service-options.js'
import { ANALYZERS, INDEXED_TEXTS, resolveRetrieval, type PresetName, type RetrievalOverrides, type RetrievalSettings } from './retrieval-presets.js'
import { assertEmbedderSpec, type EmbedderSpec } from './embedder-spec.js'
import { SessionVectors } from './session-vectors.js'
import type { EmbedderSpecResolver } from './session-vectors-init.js'
import { isVectorPersistence, type VectorPersistence } from './vector-persistence.js'

/** Options shared by {@link createRag} and {@link openRag}. */
export interface RagPipelineOptions {
  /**
   * The named ranking to start from.
   * @default 'recommended'
   */
  readonly preset?: PresetName
  /** Settings that differ from the preset's (analyzer, indexed text, weights, per-file cap). */
  readonly retrieval?: RetrievalOverrides
  /** Ingest options: limits, chunker, workers, source. @default {} */
  readonly ingest?: RagIngestOptions
  /** More streams to fuse (a vector stream, say). @default [] */
  readonly streams?: readonly WeightedStream[]
  /** The name this session writes under, as other writers see it. @default 'rag' */
  readonly writer?: string
  /** Where the retriever reports a stream it skipped. @default console */
  readonly logger?: { warn(message: string): void }
  /** Wait for another writer holding the store (calling `onWait` once), or fail with `LOCKED`. @default { wait: true } */
  readonly lockWait?: RagServiceOptions['lockWait']
  /**
   * Extract the code layers while indexing, for `symbols()`, `dependencies()` and `entrypoints()`
   * (see {@link RagServiceOptions.layers}). @default false
   */
  readonly layers?: boolean
  /**
   * The embedder of a vector stream fused at `retrieval.weights.vector` (0.1): `static` (trained on
   * the corpus, no download), `hash`, `openai` or `ollama`. `openRag` keeps the vectors in the
   * store with the chunks, so a re-index embeds only new or changed texts. With `openRag`, a
   * function of the store's embedder record chooses the spec instead, when the session first reads
   * the store and again after another process commits (a record of `undefined`: no vectors stored;
   * a spec of `none`: none searched or stored), so a long-lived session follows the index's own
   * embedder without reading the store up front.
   * @default { kind: 'none' } (no vector stream)
   * @example
   * openRag(store, { embedder: { kind: 'ollama', model: 'nomic-embed-text', dimensions: 768 } })
   * openRag(store, { embedder: (stored) => ({ kind: stored?.spec['kind'] === 'static' ? 'static' : 'hash' }) })
   */
  readonly embedder?: EmbedderSpec | EmbedderSpecResolver
  /**
   * An embedder you built (instrumented, wrapped, another service) for a `hash`, `openai` or
   * `ollama` spec: used instead of building one from the spec, which still names its kind.
   */
  readonly embedderInstance?: Embedder
}

/** A store that ranks by TF-IDF beside its own BM25 `search` (both from one index). */
export interface TfidfSearchable {
  searchTfidf(query: string, topK: number): Promise<SearchResult[]>
}

/** The analyzer and indexed text a persistent store must be opened with for `settings`. */
export function storeOptions(settings: RetrievalSettings): { readonly analyzer: Analyzer; readonly indexedText: IndexedText } {
  return { analyzer: ANALYZERS[settings.analyzer], indexedText: INDEXED_TEXTS[settings.indexedText] }
}

// A store that says how it analyses must analyse as the settings say, or its two streams would
// rank with terms the settings do not describe.
function assertStoreMatches(store: object, settings: RetrievalSettings): void {
  const expected = storeOptions(settings)
  const { analyzer, indexedText } = store as { analyzer?: Analyzer; indexedText?: IndexedText }
  if (analyzer !== undefined && analyzer.name !== expected.analyzer.name) {
    throw new ConfigError(`The store analyses with ${analyzer.name}, but the settings name analyzer ${settings.analyzer} (${expected.analyzer.name}); open the store with storeOptions(settings).`)
  }
  if (indexedText !== undefined && indexedText.name !== expected.indexedText.name) {
    throw new ConfigError(`The store indexes ${indexedText.name}, but the settings name indexedText ${settings.indexedText} (${expected.indexedText.name}); open the store with storeOptions(settings).`)
  }
}

function shared(settings: RetrievalSettings, options: RagPipelineOptions): Pick<RagServiceOptions, 'retriever' | 'ingest' | 'writer' | 'lockWait' | 'layers'> {
  return {
    ...(options.layers !== undefined ? { layers: options.layers } : {}),
    ...(options.lockWait ? { lockWait: options.lockWait } : {}),
    retriever: { maxPerFile: settings.maxPerFile, ...(options.logger ? { logger: options.logger } : {}) },
    ingest: options.ingest ?? {},
    ...(options.writer !== undefined ? { writer: options.writer } : {}),
  }
}

/** The session's vectors for `options.embedder`, or `undefined` for none. */
function vectorsOf(
  settings: RetrievalSettings,
  options: RagPipelineOptions,
  knowledgeBase: Pick<KnowledgeBase, 'list' | 'get'>,
  persistence?: { readonly store: VectorPersistence; readonly generation: () => Promise<number | undefined> },
): SessionVectors | undefined {
  const spec = options.embedder
  if (spec === undefined) return undefined
  if (typeof spec === 'function') {
    if (persistence === undefined) throw new ConfigError('embedder as a function of the stored embedder record needs openRag (a store that keeps vectors); createRag takes an EmbedderSpec.')
  } else {
    assertEmbedderSpec(spec)
    if (spec.kind === 'none') return undefined
    if (options.embedderInstance !== undefined && spec.kind === 'static') throw new ConfigError('embedderInstance cannot replace a static embedder: its model is trained on the corpus.')
  }
  return new SessionVectors({
    spec,
    analyzer: ANALYZERS[settings.analyzer],
    indexedText: INDEXED_TEXTS[settings.indexedText],
    knowledgeBase,
    ...(persistence ? { persistence: persistence.store, generation: persistence.generation } : {}),
    ...(options.embedderInstance ? { embedder: options.embedderInstance } : {}),
  })
}

/**
 * An in-memory session ranked by a named preset (the evaluated `recommended` one by default):
 * `BM25Stream` (stream `bm25`) and an `InMemoryKnowledgeBase` searched by TF-IDF (stream `tfidf`),
 * fused by RRF. `rag serve` sessions and the standalone `rag-mcp` are built with it.
 *
 * @throws ConfigError for an override outside its range.
 * @example
 * const rag = createRag({ retrieval: { weights: { bm25: 0.8 } } })
 * await rag.indexDirectory('/repo')
 * const hits = await rag.search('parse arguments', 10)
 */
export function createRag(options: RagPipelineOptions = {}): RagService {
  const settings = resolveRetrieval(options.preset, options.retrieval)
  const indexedText = INDEXED_TEXTS[settings.indexedText]
  const knowledgeBase = new InMemoryKnowledgeBase({ analyzer: ANALYZERS[settings.tfidfAnalyzer], indexedText })
  const vectors = vectorsOf(settings, options, knowledgeBase)
  return new RagService({
    knowledgeBase,
    ...(vectors ? { vectors } : {}),
    bm25: { analyzer: ANALYZERS[settings.analyzer], indexedText, maxDocuments: Number.POSITIVE_INFINITY, ttlMs: Number.POSITIVE_INFINITY },
    weights: { bm25: settings.weights.bm25, knowledgeBase: settings.weights.tfidf, vector: settings.weights.vector },
    knowledgeBaseStreamName: 'tfidf',
    streams: options.streams ?? [],
    ...shared(settings, options),
  })
}

/**
 * A persistent session over `store` (`SqliteKnowledgeBase` of `@rag/store-sqlite` or a project of
 * `@rag/store-postgres`, opened with {@link storeOptions} of the same settings): chunks,
 * fingerprints, state, code layers and vectors commit to it in one transaction, every write holds its write lock, and both lexical streams rank from its one
 * index with the in-memory streams' exact scores: BM25 through `store.search` (stream `bm25`) and
 * TF-IDF through `store.searchTfidf` (stream `tfidf`). `rag search`, `rag index`, `rag mcp` and the
 * other CLI commands are built with it.
 *
 * @throws ConfigError for an override outside its range.
 * @example
 * const settings = resolveRetrieval('recommended')
 * const store = await openSqliteKnowledgeBase('/repo/.rag/index.db', storeOptions(settings))
 * const rag = openRag(store, { writer: 'my indexer' })
 */
export function openRag(store: PersistentStore & TfidfSearchable, options: RagPipelineOptions = {}): RagService {
  const settings = resolveRetrieval(options.preset, options.retrieval)
  assertStoreMatches(store, settings)
  const tfidf: WeightedStream = { stream: { name: 'tfidf', search: (query, topK) => store.searchTfidf(query, topK) }, weight: settings.weights.tfidf }
  const stateStore = createGenerationStateStore(store)
  // A function of the stored record finds none on a store that keeps no vectors: no vector stream.
  if (options.embedder !== undefined && typeof options.embedder !== 'function' && options.embedder.kind !== 'none' && !isVectorPersistence(store)) {
    throw new ConfigError(`embedder.kind "${options.embedder.kind}" needs a store that keeps vectors with its chunks (the SQLite or PostgreSQL store); this store does not.`)
  }
  const generation = async () => (await stateStore.info()).generation
  const vectors = isVectorPersistence(store) ? vectorsOf(settings, options, store, { store, generation }) : undefined
  return new RagService({
    knowledgeBase: store,
    stateStore,
    ...(store.readsJoinedTerms === true ? { commitAnalysis: { analyzer: ANALYZERS[settings.analyzer], indexedText: INDEXED_TEXTS[settings.indexedText] } } : {}),
    ...(vectors ? { vectors } : {}),
    bm25: false,
    knowledgeBaseStreamName: 'bm25',
    weights: { knowledgeBase: settings.weights.bm25, vector: settings.weights.vector },
    streams: [tfidf, ...(options.streams ?? [])],
    ...shared(settings, options),
  })
}
