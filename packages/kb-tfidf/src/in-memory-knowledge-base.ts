import { assertId, assertDocuments, assertIds, assertQuery, assertTopK, ConfigError, DuplicateIdError, Mutex, type Analyzer, type Document, type IndexedText, type KnowledgeBase, type SearchResult } from '@rag/core'
import { basicAnalyzer, contentText } from '@rag/lexical'
import { TfidfIndex } from './tfidf-index.js'

/** Options of {@link InMemoryKnowledgeBase}. */
export interface InMemoryKnowledgeBaseOptions {
  /**
   * Turns documents and queries into terms. Any `Analyzer` fits, e.g. the code-aware one of
   * `@rag/bm25`. Changing it means re-adding every document.
   * @default basicAnalyzer (from `@rag/core`)
   */
  readonly analyzer?: Analyzer
  /**
   * What is analysed for each document: its content, or a text derived from it such as
   * `pathAndSymbolText` (the `file` path and symbol names before the content). Stored and returned
   * documents are never changed; only ranking is. Changing it means re-adding every document.
   * @default contentText (from `@rag/core`)
   */
  readonly indexedText?: IndexedText
}

/**
 * A knowledge base held in memory and searched by TF-IDF (no embeddings), over a real inverted
 * index: a query costs time in proportion to the postings of its terms, not to the corpus.
 *
 * Documents are stored by reference, not copied: do not mutate one after adding it. Writers
 * (`add`, `remove`, `replaceDocuments`, `clear`) run one at a time; readers (`search`, `get`,
 * `list`, `size`) never wait and see the whole state before or after a write, never a mix.
 *
 * @example
 * const kb = new InMemoryKnowledgeBase()
 * await kb.add([{ id: 'a', content: 'open the database connection pool', metadata: { file: 'db.ts' } }])
 * const [hit] = await kb.search('connection pool', 5)
 */
export class InMemoryKnowledgeBase implements KnowledgeBase {
  /** The analyzer documents and queries go through. */
  readonly analyzer: Analyzer
  /** What is analysed for each document; record its `name` in fingerprints. */
  readonly indexedText: IndexedText
  #index: TfidfIndex
  readonly #writes = new Mutex()

  /** @throws ConfigError if `analyzer` lacks `analyze` or `analyzeQuery`, or `indexedText` a name or `text`. */
  constructor({ analyzer = basicAnalyzer, indexedText = contentText }: InMemoryKnowledgeBaseOptions = {}) {
    if (typeof analyzer?.analyze !== 'function' || typeof analyzer.analyzeQuery !== 'function') {
      throw new ConfigError('analyzer must have analyze(text) and analyzeQuery(text) methods; received an object without them.')
    }
    const { name, text } = (indexedText ?? {}) as { name?: unknown; text?: unknown }
    if (typeof name !== 'string' || name.length === 0 || typeof text !== 'function') {
      throw new ConfigError('indexedText must be { name: non-empty string, text(document) }; received an object without them.')
    }
    this.analyzer = analyzer
    this.indexedText = indexedText
    this.#index = new TfidfIndex(analyzer, indexedText)
  }

  /**
   * Adds documents. Nothing is added if any of them is malformed, repeated in the batch or already
   * stored. Errors thrown by the analyzer pass through, also leaving the contents untouched.
   *
   * @throws InvalidArgumentError for a malformed document; DuplicateIdError for a repeated or stored id.
   */
  async add(documents: readonly Document[]): Promise<void> {
    assertDocuments(documents, 'documents')
    const batch = [...documents]
    await this.#writes.runExclusive(() => {
      batch.forEach((doc, i) => {
        if (this.#index.has(doc.id)) {
          throw new DuplicateIdError(doc.id, `documents[${i}]: id "${doc.id}" is already stored.`)
        }
      })
      this.#index.apply([], this.#index.stage(batch))
    })
  }

  /**
   * Removes `removeIds` (unknown ids are ignored) and adds `addDocuments` in one atomic step. An id
   * may be both removed and re-added. Everything is validated and analysed before anything changes.
   *
   * @throws InvalidArgumentError for malformed input; DuplicateIdError for an id repeated in
   * `addDocuments`, or stored and not in `removeIds`.
   */
  async replaceDocuments(removeIds: readonly string[], addDocuments: readonly Document[]): Promise<void> {
    assertIds(removeIds, 'removeIds')
    assertDocuments(addDocuments, 'addDocuments')
    const removals = [...removeIds]
    const batch = [...addDocuments]
    await this.#writes.runExclusive(() => {
      const removing = new Set(removals)
      batch.forEach((doc, i) => {
        if (this.#index.has(doc.id) && !removing.has(doc.id)) {
          throw new DuplicateIdError(doc.id, `addDocuments[${i}]: id "${doc.id}" is already stored and not in removeIds.`)
        }
      })
      this.#index.apply(removals, this.#index.stage(batch))
    })
  }

  /** The document with this id, or `undefined`. */
  async get(id: string): Promise<Document | undefined> {
    assertId(id)
    return this.#index.get(id)
  }

  /** Removes one document; `true` if it was there. */
  async remove(id: string): Promise<boolean> {
    assertId(id)
    return this.#writes.runExclusive(() => this.#index.apply([id], this.#index.stage([])) > 0)
  }

  /** Every stored document, in insertion order (a re-added id counts as newly inserted). */
  async list(): Promise<Document[]> {
    return this.#index.list()
  }

  /**
   * The best `topK` documents for `query` by TF-IDF, highest score first; equal scores are ordered
   * by id. A query whose terms appear nowhere returns `[]`.
   *
   * @throws InvalidArgumentError for an empty query or a `topK` that is not a positive integer.
   */
  async search(query: string, topK: number): Promise<SearchResult[]> {
    assertQuery(query)
    assertTopK(topK)
    return this.#index.search(query, topK)
  }

  /** Removes every document. */
  async clear(): Promise<void> {
    await this.#writes.runExclusive(() => {
      this.#index = new TfidfIndex(this.analyzer, this.indexedText)
    })
  }

  /** How many documents are stored. */
  async size(): Promise<number> {
    return this.#index.size
  }
}

