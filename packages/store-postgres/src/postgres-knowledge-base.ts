import {
  assertId,
  RagError,
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
  type Metadata,
  type EmbeddedDocuments,
  type FileFingerprint,
  type FileLayers,
  type GenerationCommit,
  type IndexedText,
  type KnowledgeBase,
  type LayerCounts,
  type LayerFileSelection,
  type SearchResult,
  type StoredIndexState,
  type StoredVectorEmbedder,
  type StoredVectors,
  type AcquireWriteLockOptions,
  type WriteLock,
  type WriteLockOwner,
} from '@rag/core'
import { basicAnalyzer, contentText } from '@rag/lexical'
import { auditChunks, type ChunkAudit } from './chunk-audit.js'
import { clearProject, deleteChunks, insertChunks } from './chunk-writes.js'
import { checkDocuments, prepareDocument, readAllDocuments, readAllMetadata, readDocument } from './document-rows.js'
import { readFiles, syncFiles } from './file-rows.js'
import { clearLayers, countLayers, hasLayers, readLayers, readResolvedFileEdges, writeLayers } from './layer-rows.js'
import { PostingsCache } from './postings-cache.js'
import { describeProject, resolveProjectKey, type ProjectKey, type ResolvedProjectKey } from './project-key.js'
import { checkRecorded, ensureProject, readProject, readState } from './project-rows.js'
import { ProjectTransactions, type StoreContext } from './project-transactions.js'
import { SearchBatcher } from './search-batcher.js'
import { rankInSnapshot, type RankRequest } from './snapshot-search.js'
import { toStoreError } from './store-errors.js'
import { dropVectors, findVectors, readEmbedded, readEmbedder, readUnembedded, readVectors, writeVectors } from './vector-rows.js'
import { assertIndexedText, type PostgresKnowledgeBaseOptions } from './knowledge-base-options.js'
import { readOwner } from './write-lock.js'

export type { PostgresKnowledgeBaseOptions } from './knowledge-base-options.js'

/**
 * A `KnowledgeBase` kept in PostgreSQL: one project (a repository, optionally pinned to a commit)
 * of a database that many projects and many processes share. `search` ranks by BM25 and
 * `searchTfidf` by TF-IDF, both computed with `@rag/lexical`'s scorers from postings kept in
 * PostgreSQL: the ids and scores of the in-memory `BM25Stream` and `InMemoryKnowledgeBase`. Every
 * write is one transaction, and both rankings of a hybrid search read one snapshot, so readers on
 * any server see the old or the new generation, never a mix. Beside the chunks it keeps an
 * indexer's file records and state, committed with them, and a write lock (a PostgreSQL advisory
 * lock, released by the server when the holder's connection dies). Get one from
 * `PostgresDatabase.project` or `openPostgresKnowledgeBase`.
 *
 * @example
 * const kb = await openPostgresKnowledgeBase('postgres://localhost/rag', { project: { repoId: 'acme/app' } })
 * await kb.add([{ id: 'a', content: 'open the database pool', metadata: { file: 'a.ts' } }])
 * const hits = await kb.search('database pool', 5)
 * await kb.close()
 */
export class PostgresKnowledgeBase implements KnowledgeBase {
  /** The project this store reads and writes. */
  readonly project: ResolvedProjectKey
  /** The analyzer used for documents and queries. */
  readonly analyzer: Analyzer
  /** What the index analyses for each document. */
  readonly indexedText: IndexedText
  /** The database (password hidden) and project, as messages name them. */
  readonly where: string
  readonly #db: ProjectTransactions
  readonly #cache = new PostingsCache()
  readonly #batcher: SearchBatcher
  #checked: Promise<void> | undefined

  /** Use `PostgresDatabase.project` or `openPostgresKnowledgeBase`. @throws InvalidArgumentError for a bad key or option. */
  constructor(context: StoreContext, project: ProjectKey, options: PostgresKnowledgeBaseOptions = {}) {
    const { analyzer = basicAnalyzer, indexedText = contentText } = options
    assertIndexedText(indexedText)
    this.project = resolveProjectKey(project)
    this.analyzer = analyzer
    this.indexedText = indexedText
    this.where = `${context.where} (project ${describeProject(this.project)})`
    this.#db = new ProjectTransactions(context, this.project, { analyzer: analyzer.name, indexedText: indexedText.name }, this.where)
    // Every ranking asked of one query, from one REPEATABLE READ snapshot.
    this.#batcher = new SearchBatcher((terms, requests) => this.#db.snapshot('search', (client) => rankInSnapshot(client, this.project, terms, requests, this.#cache)))
  }

  /**
   * Checks that the project (if it exists) was indexed with this store's analyzer and indexed
   * text. Reads do it once, on first use; writes check again inside their transaction.
   *
   * @throws IncompatibleStoreError
   */
  verify(): Promise<void> {
    this.#checked ??= this.#db.read('open the project', async (client) => {
      const project = await readProject(client, this.project)
      if (project !== undefined) await checkRecorded(client, project, this.where, { analyzer: this.analyzer.name, indexedText: this.indexedText.name }, false)
    })
    this.#checked.catch(() => (this.#checked = undefined))
    return this.#checked
  }

  /** Whether the project has a row (anything was ever written to it, or a lock taken). */
  async exists(): Promise<boolean> {
    return this.#db.read('look the project up', async (client) => (await readProject(client, this.project)) !== undefined)
  }

  /** Creates the project's row (empty, with this store's analyzer and indexed text) if it has none. Idempotent. */
  async create(): Promise<void> {
    await this.#db.read('create the project', (client) => ensureProject(client, this.project, this.analyzer.name, this.indexedText.name))
  }

  /** Adds documents in one transaction; a stored or repeated id is a `DuplicateIdError` and adds nothing. */
  async add(documents: readonly Document[]): Promise<void> {
    await this.commitGeneration({ addDocuments: documents }, 'add documents')
  }

  /** The document with this id, or `undefined`. */
  async get(id: string): Promise<Document | undefined> {
    assertId(id)
    await this.verify()
    return this.#db.read('get a document', (client) => readDocument(client, this.project, id))
  }

  /** Removes one document; `true` if it was there. */
  async remove(id: string): Promise<boolean> {
    assertId(id)
    const removed = await this.#db.write('remove a document', false, async (client, project) => deleteChunks(client, project.id, [id]))
    return removed !== undefined && removed.count < 0
  }

  /** Every stored document in insertion order, read in one statement (one snapshot). */
  async list(): Promise<Document[]> {
    await this.verify()
    return this.#db.read('list documents', (client) => readAllDocuments(client, this.project))
  }

  /** Every stored document's id and metadata, in insertion order, without the content (what file ranking and name lookups read). */
  async listMetadata(): Promise<{ id: string; metadata: Metadata }[]> {
    await this.verify()
    return this.#db.read('list document metadata', (client) => readAllMetadata(client, this.project))
  }

  /**
   * The best `topK` documents for `query` by BM25, highest score first, equal scores by id
   * (code-unit order): `BM25Stream`'s score (k1 1.2, b 0.75), computed with `@rag/lexical`'s scorer from the
   * project's postings in one snapshot. A query with no analyzable term matches nothing.
   *
   * @throws InvalidArgumentError for an empty query or a `topK` that is not a positive integer.
   */
  async search(query: string, topK: number): Promise<SearchResult[]> {
    return this.#rank(query, topK, 'bm25')
  }

  /**
   * The best `topK` documents for `query` by TF-IDF, highest score first, equal scores by id:
   * `InMemoryKnowledgeBase`'s score, computed from the same postings. Called in the same turn as
   * {@link PostgresKnowledgeBase.search} of the same query (as a hybrid search does), both read
   * one snapshot.
   *
   * @throws InvalidArgumentError for an empty query or a `topK` that is not a positive integer.
   */
  async searchTfidf(query: string, topK: number): Promise<SearchResult[]> {
    return this.#rank(query, topK, 'tfidf')
  }

  /** Removes every document, and with them the file records, state, code layers and vectors (they describe those documents). */
  async clear(): Promise<void> {
    await this.#db.write('clear the project', false, async (client, project) => {
      await clearLayers(client, project.id)
      await dropVectors(client, project.id)
      await clearProject(client, project.id)
      await client.query('UPDATE rag_projects SET state = NULL, chunk_count = 0, total_length = 0, next_seq = 0 WHERE id = $1', [project.id])
      return { count: 0, length: 0 }
    })
  }

  /** How many documents are stored. */
  async size(): Promise<number> {
    await this.verify()
    return this.#db.read('count documents', async (client) => (await readProject(client, this.project))?.chunkCount ?? 0)
  }

  /** Removes `removeIds` and adds `addDocuments` in one transaction (see {@link PostgresKnowledgeBase.commitGeneration}). */
  async replaceDocuments(removeIds: readonly string[], addDocuments: readonly Document[]): Promise<void> {
    await this.commitGeneration({ removeIds, addDocuments })
  }

  /**
   * Commits one generation in a single transaction: removes chunks, adds chunks, and (when given)
   * replaces the file records (only changed rows are written) and the state, changes the code
   * layers of the files `layers` names, and writes `vectors` (deleting another embedder's first;
   * a removed chunk's vector goes with it). A crash or a killed process at any point leaves the
   * previous generation, layers and vectors; other servers see it or the new one. A commit with
   * nothing in it writes nothing.
   *
   * @throws InvalidArgumentError / DuplicateIdError before anything is written (a vector of a
   *   document that is not stored: before the commit, nothing written); `LOCKED` while
   *   another store holds the project's write lock; `CONFLICT` when `expectedGeneration` is given
   *   and the project moved on, or another commit held the project longer than `busyTimeoutMs`.
   */
  async commitGeneration(commit: GenerationCommit, action = 'commit a generation'): Promise<void> {
    const { removeIds = [], addDocuments = [], fingerprints, state, expectedGeneration, layers, vectors } = commit
    assertIds(removeIds, 'removeIds')
    if (layers !== undefined) assertLayerCommit(layers)
    if (vectors !== undefined && typeof vectors !== 'function') assertVectorCommit(vectors)
    const where = action === 'commit a generation' ? 'addDocuments' : 'documents'
    const added = checkDocuments(addDocuments, where)
    // Analysed batch by batch inside the transaction, while PostgreSQL writes the previous batch;
    // a failure there rolls everything back.
    const prepare = (doc: Document, i: number) => prepareDocument(doc, i, this.analyzer, this.indexedText, where)
    const entries = fingerprints === undefined ? undefined : normaliseFingerprints(fingerprints)
    const stateText = state === undefined ? undefined : serialiseState(state)
    if (removeIds.length === 0 && added.length === 0 && entries === undefined && stateText === undefined && layers === undefined && vectors === undefined) {
      this.#db.use()
      return
    }
    const create = added.length > 0 || entries !== undefined || stateText !== undefined || layers !== undefined || vectors !== undefined
    await this.#db.write(action, create, async (client, project) => {
      if (expectedGeneration !== undefined && project.generation !== expectedGeneration) {
        throw new RagError(
          'CONFLICT',
          `${this.where}: the index changed while this generation was staged (generation ${project.generation}, expected ${expectedGeneration}); nothing was committed, stage it again.`,
        )
      }
      const removed = await deleteChunks(client, project.id, removeIds)
      const inserted = await insertChunks(client, project.id, added, prepare, this.where, { mayHoldChunks: project.chunkCount + removed.count > 0 })
      if (entries !== undefined) await syncFiles(client, project.id, entries)
      if (stateText !== undefined) await client.query('UPDATE rag_projects SET state = $2 WHERE id = $1', [project.id, stateText])
      if (layers !== undefined) await writeLayers(client, project.id, layers)
      // A deferred commit may block here until its vectors are ready (they were computed while the rows above were written).
      if (vectors !== undefined) await writeVectors(client, project.id, resolveVectorCommit(vectors), this.where)
      return { count: removed.count + inserted.count, length: removed.length + inserted.length }
    })
  }

  /**
   * Every stored file's code layer records (symbols, raw edges, entrypoints, project manifest), in
   * path order, as committed with `commitGeneration({ layers })`; empty for a project without layers.
   */
  async loadLayers(): Promise<FileLayers[]> {
    return this.#db.read('load the code layers', (client) => readLayers(client, this.project))
  }

  /**
   * The code layer records of only the files that define a symbol `name`, or one whose name starts
   * with `namePrefix` (compared by code point), or that declare entrypoints (`{ entrypoints: true }`):
   * a symbol or route lookup reads a few files through the indexed tables instead of every file.
   */
  async loadLayersWhere(selection: LayerFileSelection): Promise<FileLayers[]> {
    return this.#db.read('load code layers', (client) => readLayers(client, this.project, selection))
  }

  /**
   * Every distinct pair of a file and an indexed file it depends on (resolved imports, calls,
   * heritage), read from the edge table without decoding the files' records: what the file
   * ranking's graph signal needs, at a fraction of the cost of `loadLayers` and re-resolving.
   */
  async loadResolvedFileEdges(): Promise<{ path: string; targetPath: string }[]> {
    return this.#db.snapshot('load the resolved file edges', (client) => readResolvedFileEdges(client, this.project))
  }

  /** `true` when the project holds any file's code layer records (it was indexed with layers). */
  async hasLayers(): Promise<boolean> {
    return this.#db.read('look for code layers', (client) => hasLayers(client, this.project))
  }

  /** How many files, definitions, resolved edges and entrypoints the project's code layers hold (all 0 without layers). */
  async countLayers(): Promise<LayerCounts> {
    return this.#db.read('count the code layers', (client) => countLayers(client, this.project))
  }

  /**
   * Deletes every stored vector and forgets the embedder (and its model), in one transaction: the
   * project no longer has vectors. `true` if there was an embedder to forget.
   */
  async dropVectors(): Promise<boolean> {
    let had = false
    await this.#db.write('drop the vectors', false, async (client, project) => {
      had = await dropVectors(client, project.id)
      return { count: 0, length: 0 }
    })
    return had
  }

  /** The embedder the stored vectors come from and how many there are, or `undefined` when none was committed. */
  async loadVectorEmbedder(): Promise<StoredVectorEmbedder | undefined> {
    return this.#db.read('load the vector embedder', (client) => readEmbedder(client, this.project))
  }

  /**
   * Stored vectors of `embedderName` by the hash of the text they were embedded from, for the
   * hashes that have one (none when the stored embedder is another), read in one snapshot: an
   * index run embeds only the texts this leaves out.
   */
  async findVectors(embedderName: string, contentHashes: readonly string[]): Promise<Map<string, Float32Array>> {
    if (contentHashes.length === 0) return new Map()
    return this.#db.snapshot('find vectors', (client) => findVectors(client, this.project, embedderName, contentHashes))
  }

  /** Every document that has a vector of `embedderName`, with it, in insertion order, read in one statement. */
  async loadEmbedded(embedderName: string): Promise<EmbeddedDocuments> {
    return this.#db.read('load vectors', (client) => readEmbedded(client, this.project, embedderName))
  }

  /**
   * The id and vector of every document with a vector of `embedderName`, in insertion order, one
   * statement, without reading any content: what a search process loads at start.
   */
  async loadVectors(embedderName: string): Promise<StoredVectors> {
    return this.#db.read('load vectors', (client) => readVectors(client, this.project, embedderName))
  }

  /** Every document without a vector of `embedderName` (all of them when the stored embedder is another). */
  async loadUnembedded(embedderName: string): Promise<Document[]> {
    return this.#db.read('list documents without vectors', (client) => readUnembedded(client, this.project, embedderName))
  }

  /**
   * Checks that the file records and the documents agree: every chunk id a file record names is
   * stored, and every stored document whose id does not start with `exceptPrefix` is named.
   * `full: false` compares counts; `full: true` lists the ids on either side. One snapshot.
   */
  async auditChunks(options: { readonly exceptPrefix: string; readonly full: boolean }): Promise<ChunkAudit> {
    return this.#db.snapshot('audit the chunks', async (client) => {
      const project = await readProject(client, this.project)
      return project === undefined ? { consistent: true, missing: [], orphans: [] } : auditChunks(client, project.id, options)
    })
  }

  /** The stored file records by path (empty for a new project, or after `clear`). */
  async loadFingerprints(): Promise<Map<string, FileFingerprint>> {
    return this.#db.snapshot('load the file records', async (client) => {
      const project = await readProject(client, this.project)
      return project === undefined ? new Map() : readFiles(client, project.id)
    })
  }

  /** The stored state, generation counter and last commit time, read as one snapshot. */
  async loadState(): Promise<StoredIndexState> {
    return this.#db.read('load the index state', (client) => readState(client, this.project))
  }

  /**
   * Takes the project's write lock (one writer at a time across every process and server sharing
   * the database): while another store holds it, every write of this one fails with `LOCKED`.
   * Waits by default, polling, and calls `onWait` once with the holder ("indexing elsewhere").
   *
   * @throws RagError `LOCKED` (held, and `wait: false`), `CancelledError` (`signal` aborted the
   *   wait), `CONFLICT` (this store already holds it), or a store error.
   * @example
   * const lock = await kb.acquireWriteLock('rag index', { onWait: (h) => console.warn(`waiting for ${h.command} on ${h.host}`) })
   * try { await kb.commitGeneration(...) } finally { await lock.release() }
   */
  async acquireWriteLock(command: string, options: AcquireWriteLockOptions = {}): Promise<WriteLock> {
    this.#db.use()
    try {
      return await this.#db.lock.acquire(command, options)
    } catch (error) {
      throw toStoreError(error, this.where, 'take the write lock')
    }
  }

  /** The live holder of the project's write lock, or `undefined` when no writer holds it. */
  async writeLockHolder(): Promise<WriteLockOwner | undefined> {
    return this.#db.read('read the write lock', (client) => readOwner(client, this.project))
  }

  /** Releases a held write lock and stops using the database. Idempotent; later calls fail with a RagError. */
  async close(): Promise<void> {
    await this.#db.close()
  }

  /** Closes the store, for `await using`. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.close()
  }

  async #rank(query: string, topK: number, ranking: RankRequest['ranking']): Promise<SearchResult[]> {
    assertQuery(query)
    assertTopK(topK)
    this.#db.use()
    await this.verify()
    const terms = this.analyzer.analyzeQuery(query)
    if (terms.length === 0) return []
    return this.#batcher.rank(terms, { ranking, topK })
  }
}
