import type Database from 'better-sqlite3'
import {
  assertId,
  assertIds,
  assertLayerCommit,
  assertVectorCommit,
  resolveVectorCommit,
  assertQuery,
  assertTopK,
  normaliseFingerprints,
  serialiseState,
  type Analyzer,
  type Document,
  type EmbeddedDocuments,
  type FileFingerprint,
  type FileLayers,
  type GenerationCommit,
  type IndexedText,
  type KnowledgeBase,
  type LayerCounts,
  type LayerFileSelection,
  type Metadata,
  type SearchResult,
  type StoredIndexState,
  type StoredVectorEmbedder,
  type StoredVectors,
  type AcquireWriteLockOptions,
  type WriteLock,
  type WriteLockOwner,
} from '@rag/core'
import { basicAnalyzer, contentText } from '@rag/lexical'
import { deleteDocuments, insertDocuments, listDocuments, listMetadata, prepareDocuments, rowToDocument, type PreparedDocument } from './document-rows.js'
import { toStoreError } from './errors/store-errors.js'
import { auditChunks, type ChunkAudit } from './chunk-audit.js'
import { readFingerprints, syncFingerprints } from './fingerprint-table.js'
import { ftsTokens } from './fts-tokens.js'
import { openStoreDatabase } from './open-database.js'
import { countLayers, readLayers, readLayersWhere, readResolvedFileEdges, writeLayers } from './layer-tables.js'
import { META } from './schema.js'
import { PostingsCache } from './query-postings.js'
import { rankDocuments, searchBm25, searchTfidf, type LexicalScorer } from './lexical-search.js'
import { clearStore, StoreConnection } from './store-connection.js'
import { assertGeneration, readStoredState } from './index-state.js'
import { assertIndexedText, type SqliteKnowledgeBaseOptions } from './knowledge-base-options.js'

export type { SqliteKnowledgeBaseOptions } from './knowledge-base-options.js'

/**
 * A `KnowledgeBase` persisted in one SQLite file (better-sqlite3, WAL mode, an FTS5 index of the
 * analyzed terms; `search` ranks by BM25 and `searchTfidf` by TF-IDF, both computed from it).
 * Every write is one transaction, so a crash, even SIGKILL, leaves the previous generation, and
 * readers in this or other processes see the old or the new generation, never a mix. Beside the
 * chunks it keeps an indexer's fingerprints and state, committed with them
 * ({@link SqliteKnowledgeBase.commitGeneration}). Create one with {@link openSqliteKnowledgeBase}.
 *
 * @example
 * const kb = await openSqliteKnowledgeBase('.rag/index.db')
 * await kb.add([{ id: 'a', content: 'open the database pool', metadata: { file: 'a.ts' } }])
 * const hits = await kb.search('database pool', 5)
 * await kb.close()
 */
export class SqliteKnowledgeBase implements KnowledgeBase {
  /** The database file (or `:memory:`). */
  readonly path: string
  /** The analyzer used for documents and queries. */
  readonly analyzer: Analyzer
  /** What the full-text index analyses for each document. */
  readonly indexedText: IndexedText
  /** `commitGeneration` reads `analyzed.joinedTerms` as it writes each document (analysis on another thread overlaps the writes). */
  readonly readsJoinedTerms = true
  readonly #connection: StoreConnection
  readonly #postings = new PostingsCache()

  private constructor(path: string, analyzer: Analyzer, indexedText: IndexedText, db: Database.Database) {
    this.path = path
    this.analyzer = analyzer
    this.indexedText = indexedText
    this.#connection = new StoreConnection(path, db)
  }

  /**
   * Opens (or creates) the store at `path`; `':memory:'` gives a private in-memory store.
   * Same as {@link openSqliteKnowledgeBase}.
   */
  static async open(path: string, options: SqliteKnowledgeBaseOptions = {}): Promise<SqliteKnowledgeBase> {
    const { analyzer = basicAnalyzer, indexedText = contentText, create = true, busyTimeoutMs = 5000 } = options
    assertIndexedText(indexedText)
    const db = openStoreDatabase(path, {
      create,
      busyTimeoutMs,
      analyzerName: analyzer.name,
      indexedTextName: indexedText.name,
      termCountOf: (document) => prepareDocuments([document], analyzer, indexedText)[0]!.terms().termCount,
    })
    try {
      return new SqliteKnowledgeBase(path, analyzer, indexedText, db)
    } catch (error) {
      db.close()
      throw toStoreError(error, path, 'prepare statements')
    }
  }

  /** Adds documents in one transaction; a stored or repeated id is a `DuplicateIdError` and adds nothing. */
  async add(documents: readonly Document[]): Promise<void> {
    const prepared = prepareDocuments(documents, this.analyzer, this.indexedText)
    if (prepared.length === 0) {
      this.#connection.use() // a closed store fails even with nothing to write
      return
    }
    this.#connection.write('add documents', ({ statements }) => insertDocuments(statements, prepared, this.path))
  }

  /** The document with this id, or `undefined`. */
  async get(id: string): Promise<Document | undefined> {
    assertId(id)
    const row = this.#connection.read('get a document', ({ statements }) => statements.getDocument.get(id))
    return row === undefined ? undefined : rowToDocument(row)
  }

  /** Removes one document; `true` if it was there. */
  async remove(id: string): Promise<boolean> {
    assertId(id)
    return this.#connection.write('remove a document', ({ statements }) => deleteDocuments(statements, [id]) > 0)
  }

  /**
   * Every stored document in insertion order, read in one statement (one consistent snapshot).
   * This is the fast path to rebuild in-memory streams: raw rows, one prepared statement.
   */
  async list(): Promise<Document[]> {
    return this.#connection.read('list documents', ({ statements }) => listDocuments(statements))
  }

  /**
   * Every stored document's id and metadata in insertion order, without its content, in one
   * statement: for readers that need only the metadata (the session's file locator builds its
   * definition and path signals from it). Less than half the time of {@link list} on a large index.
   */
  async listMetadata(): Promise<Array<{ readonly id: string; readonly metadata: Metadata }>> {
    return this.#connection.read('list document metadata', ({ statements }) => listMetadata(statements))
  }

  /**
   * The best `topK` documents for `query` by BM25, highest score first, equal scores by id
   * (code-unit order): the score of `BM25Stream` from `@rag/bm25` (k1 1.2, b 0.75, idf `ln(1 + (N - df + 0.5)
   * / (df + 0.5))`), computed from this store's full-text index in one snapshot. For analyzers
   * whose terms are single FTS5 tokens (the built-in ones) the ids and scores equal a
   * `BM25Stream` fed the same documents in the same order with the same analyzer and indexed text.
   * Query terms are looked up as values, never parsed as FTS5 syntax; a query with no analyzable
   * term (only punctuation, say) matches nothing.
   *
   * @throws InvalidArgumentError for an empty query or a `topK` that is not a positive integer.
   */
  async search(query: string, topK: number): Promise<SearchResult[]> {
    return this.#rank('search', query, topK, searchBm25)
  }

  /**
   * The best `topK` documents for `query` by TF-IDF, highest score first, equal scores by id: the
   * score of `InMemoryKnowledgeBase` from `@rag/kb-tfidf` (Lucene's ClassicSimilarity without
   * query norm, `1 + ln tf`), computed from this store's full-text index in one snapshot. For
   * analyzers whose terms are single FTS5 tokens (the built-in ones: lower-case runs of letters,
   * digits and `_`) the scores equal those of an `InMemoryKnowledgeBase` holding the same
   * documents with the same analyzer and indexed text; other terms are split as FTS5 split them.
   * Fuse it with {@link SqliteKnowledgeBase.search} (BM25) through a `SqliteTfidfStream`.
   *
   * @throws InvalidArgumentError for an empty query or a `topK` that is not a positive integer.
   * @example
   * const hits = await kb.searchTfidf('open the pool', 10)
   */
  async searchTfidf(query: string, topK: number): Promise<SearchResult[]> {
    return this.#rank('search by TF-IDF', query, topK, searchTfidf)
  }

  /** Removes every document, and with them the stored fingerprints and index state (they describe those documents). */
  async clear(): Promise<void> {
    this.#connection.write('clear the store', clearStore)
  }

  /** How many documents are stored. */
  async size(): Promise<number> {
    return this.#connection.read('count documents', ({ statements }) => statements.countDocuments.get() ?? 0)
  }

  /**
   * Removes `removeIds` and adds `addDocuments` in one transaction. Validation happens first; a
   * clash with a stored id that is not removed is a `DuplicateIdError` and changes nothing.
   */
  async replaceDocuments(removeIds: readonly string[], addDocuments: readonly Document[]): Promise<void> {
    await this.commitGeneration({ removeIds, addDocuments })
  }

  /**
   * Commits one generation of an index run in a single transaction: removes chunks, adds chunks,
   * and (when given) replaces the fingerprint map and the index state. A crash at any point
   * leaves the previous generation, fingerprints and state as they were. A commit with nothing
   * in it writes nothing (the generation counter stays).
   *
   * @throws InvalidArgumentError / DuplicateIdError before anything is written; `CONFLICT` if
   * another process holds the write lock longer than `busyTimeoutMs`.
   * @example
   * await kb.commitGeneration({
   *   removeIds: staleChunkIds,
   *   addDocuments: freshChunks,
   *   fingerprints: indexer.fingerprints, // Map<path, { fingerprint, size, mtimeMs, chunkIds }>
   *   state: { root, indexedAt: new Date().toISOString(), fileCount, chunkCount },
   * })
   */
  async commitGeneration(commit: GenerationCommit): Promise<void> {
    const { removeIds = [], addDocuments = [], fingerprints, state, expectedGeneration, layers, vectors, analyzed } = commit
    assertIds(removeIds, 'removeIds')
    if (layers !== undefined) assertLayerCommit(layers)
    if (vectors !== undefined && typeof vectors !== 'function') assertVectorCommit(vectors)
    const prepared: PreparedDocument[] = prepareDocuments(addDocuments, this.analyzer, this.indexedText, 'addDocuments', analyzed)
    const entries = fingerprints === undefined ? undefined : normaliseFingerprints(fingerprints)
    const stateText = state === undefined ? undefined : serialiseState(state)
    // Nothing to change: no transaction, so readers watching `generation` do not reload.
    if (removeIds.length === 0 && prepared.length === 0 && entries === undefined && stateText === undefined && layers === undefined && vectors === undefined) {
      this.#connection.use()
      return
    }
    this.#connection.write('commit a generation', ({ statements, layers: layerStatements, vectors: table }) => {
      if (expectedGeneration !== undefined) assertGeneration(statements, expectedGeneration, this.path)
      deleteDocuments(statements, removeIds)
      insertDocuments(statements, prepared, this.path)
      if (entries !== undefined) syncFingerprints(statements, entries)
      if (stateText !== undefined) statements.putMeta.run(META.state, stateText)
      if (layers !== undefined) writeLayers(layerStatements, layers)
      // A deferred commit may block here until its vectors are ready (they were computed while the rows above were written).
      if (vectors !== undefined) table.write(resolveVectorCommit(vectors), this.path)
    })
  }

  /**
   * Every stored file's code layer records (symbols, raw edges, entrypoints, project manifest), in
   * path order, as committed with `commitGeneration({ layers })`; empty for a store without layers.
   */
  async loadLayers(): Promise<FileLayers[]> {
    return this.#connection.read('load the code layers', ({ layers }) => readLayers(layers))
  }

  /**
   * The code layer records of only the files that define a symbol `name`, or one whose name starts
   * with `namePrefix`, or that declare entrypoints (`{ entrypoints: true }`): a symbol or route
   * lookup reads a few files through the indexed tables instead of every file.
   */
  async loadLayersWhere(selection: LayerFileSelection): Promise<FileLayers[]> {
    return this.#connection.read('load code layers', ({ layers }) => readLayersWhere(layers, selection))
  }

  /**
   * Every distinct pair of a file and an indexed file it depends on (resolved imports, calls,
   * heritage), read from the edge table without decoding the files' records: what the file
   * ranking's graph signal needs, at a fraction of the cost of `loadLayers` and re-resolving.
   */
  async loadResolvedFileEdges(): Promise<{ path: string; targetPath: string }[]> {
    return this.#connection.read('load the resolved file edges', ({ layers }) => readResolvedFileEdges(layers))
  }

  /** `true` when the store holds any file's code layer records (the index was built with layers). */
  async hasLayers(): Promise<boolean> {
    return this.#connection.read('look for code layers', ({ layers }) => layers.anyFile.get() !== undefined)
  }

  /** How many files, definitions, resolved edges and entrypoints the code layers hold (all 0 without layers). */
  async countLayers(): Promise<LayerCounts> {
    return this.#connection.read('count the code layers', ({ layers }) => countLayers(layers))
  }

  /**
   * Deletes every stored vector and forgets the embedder (and its model), in one transaction:
   * the index no longer has vectors. `true` if there was an embedder to forget.
   */
  async dropVectors(): Promise<boolean> {
    return this.#connection.write('drop the vectors', ({ vectors }) => {
      const had = vectors.embedder() !== undefined
      vectors.clear()
      return had
    })
  }

  /** The embedder the stored vectors come from and how many there are, or `undefined` when none was committed. */
  async loadVectorEmbedder(): Promise<StoredVectorEmbedder | undefined> {
    return this.#connection.read('load the vector embedder', ({ vectors }) => vectors.embedder())
  }

  /**
   * Stored vectors of `embedderName` by the hash of the text they were embedded from, for the
   * hashes that have one (none when the stored embedder is another): an index run embeds only
   * the texts this leaves out.
   */
  async findVectors(embedderName: string, contentHashes: readonly string[]): Promise<Map<string, Float32Array>> {
    return this.#connection.read('find vectors', ({ vectors }) => vectors.find(embedderName, contentHashes))
  }

  /** Every document that has a vector of `embedderName`, with it, in insertion order, read in one snapshot. */
  async loadEmbedded(embedderName: string): Promise<EmbeddedDocuments> {
    return this.#connection.read('load vectors', ({ vectors }) => vectors.embedded(embedderName))
  }

  /**
   * The id and vector of every document with a vector of `embedderName`, in insertion order, one
   * snapshot, without reading any content: what a search process loads at start.
   */
  async loadVectors(embedderName: string): Promise<StoredVectors> {
    return this.#connection.read('load vectors', ({ vectors }) => vectors.vectors(embedderName))
  }

  /** Every document without a vector of `embedderName` (all of them when the stored embedder is another). */
  async loadUnembedded(embedderName: string): Promise<Document[]> {
    return this.#connection.read('list documents without vectors', ({ vectors }) => vectors.unembedded(embedderName))
  }

  /**
   * Checks that the fingerprint rows and the documents agree: every chunk id a file record names
   * is stored, and every stored document whose id does not start with `exceptPrefix` (documents
   * added by hand) is named by a file record. `full: false` compares counts only (a few
   * milliseconds on 50,000 chunks) and lists nothing; `full: true` lists the ids on either side.
   * One read snapshot.
   *
   * @example
   * const { consistent } = await kb.auditChunks({ exceptPrefix: 'doc:', full: false })
   */
  async auditChunks(options: { readonly exceptPrefix: string; readonly full: boolean }): Promise<ChunkAudit> {
    return this.#connection.read('audit the chunks', ({ db }) => auditChunks(db, options))
  }

  /** The stored fingerprints by path (empty for a new store, or after `clear`). */
  async loadFingerprints(): Promise<Map<string, FileFingerprint>> {
    return this.#connection.read('load fingerprints', ({ statements }) => readFingerprints(statements))
  }

  /** The stored index state, generation counter and last commit time, read as one snapshot. */
  async loadState(): Promise<StoredIndexState> {
    return this.#connection.read('load the index state', ({ statements }) => readStoredState(statements))
  }

  /**
   * Takes the store's write lock (one writer at a time, across processes): every index run, clear
   * and document change of `@rag/session` takes it, and while another live writer holds it every
   * write of this store fails with a RagError `LOCKED`. Waits by default, polling; a holder whose
   * process is gone, or that has not proved alive for a minute, is taken over.
   *
   * @throws RagError `LOCKED` (held, and `wait: false`), `CancelledError` (`signal` aborted the
   *   wait), `CONFLICT` (this connection already holds it), or a store error (read-only file, ...).
   * @example
   * const lock = await kb.acquireWriteLock('my indexer', { onWait: (h) => console.warn(`waiting for ${h.command}`) })
   * try { await kb.commitGeneration(...) } finally { await lock.release() }
   */
  async acquireWriteLock(command: string, options: AcquireWriteLockOptions = {}): Promise<WriteLock> {
    const { lock } = this.#connection.use()
    try {
      return await lock.acquire(command, options)
    } catch (error) {
      throw toStoreError(error, this.path, 'take the write lock')
    }
  }

  /** The live holder of the write lock, or `undefined` when no writer holds it. */
  async writeLockHolder(): Promise<WriteLockOwner | undefined> {
    return this.#connection.read('read the write lock', ({ lock }) => lock.holder())
  }

  /** Closes the database connection. Idempotent; any later call fails with a RagError. */
  async close(): Promise<void> {
    this.#connection.close()
  }

  /** Closes the connection, for `using kb = await openSqliteKnowledgeBase(...)`. */
  [Symbol.dispose](): void {
    this.#connection.close()
  }

  /** Closes the connection, for `await using`. */
  async [Symbol.asyncDispose](): Promise<void> {
    this.#connection.close()
  }

  /** Ranks the FTS5 tokens of `query` with `scorer` in one read snapshot, through the postings cache. */
  #rank(action: string, query: string, topK: number, scorer: LexicalScorer): SearchResult[] {
    assertQuery(query)
    assertTopK(topK)
    const tokens = this.analyzer.analyzeQuery(query).flatMap(ftsTokens)
    return this.#connection.read(action, ({ statements }) => rankDocuments(statements, tokens, topK, this.#postings, scorer))
  }
}

/**
 * Opens (or creates) a {@link SqliteKnowledgeBase} at `path`; `':memory:'` gives a private
 * in-memory store. The file is checked before anything is written to it.
 *
 * @throws CorruptStoreError (`CORRUPT_STORE`) for a file that is not SQLite or is damaged;
 * IncompatibleStoreError (`INCOMPATIBLE_STORE`) for another application's database, a newer
 * schema, or another analyzer or indexed text; InvalidArgumentError for a malformed `indexedText`; RagError `NOT_FOUND` when `create` is `false` and there is no file.
 * @example
 * const kb = await openSqliteKnowledgeBase('/repo/.rag/index.db', { analyzer: seedAnalyzer })
 */
export function openSqliteKnowledgeBase(path: string, options: SqliteKnowledgeBaseOptions = {}): Promise<SqliteKnowledgeBase> {
  return SqliteKnowledgeBase.open(path, options)
}
