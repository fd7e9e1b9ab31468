import type { SearchResult, Stream } from '@rag/core'
import type { SqliteKnowledgeBase } from './sqlite-knowledge-base.js'

/** Options of {@link SqliteTfidfStream}. */
export interface SqliteTfidfStreamOptions {
  /**
   * The stream's name in fused results and explanations.
   * @default 'tfidf'
   */
  readonly name?: string
}

/**
 * A `Stream` that ranks a {@link SqliteKnowledgeBase} by TF-IDF
 * ({@link SqliteKnowledgeBase.searchTfidf}), to fuse beside the store's own BM25 search: two
 * streams from one file, with nothing to rebuild in memory when a process starts.
 *
 * @example
 * const kb = await openSqliteKnowledgeBase('.rag/index.db', { analyzer: codeAwareAnalyzer })
 * const retriever = HybridRetriever.builder()
 *   .stream(new KnowledgeBaseStream(kb, { name: 'bm25' }), 0.5)
 *   .stream(new SqliteTfidfStream(kb), 0.5)
 *   .build()
 */
export class SqliteTfidfStream implements Stream {
  readonly name: string
  readonly #store: SqliteKnowledgeBase

  constructor(store: SqliteKnowledgeBase, options: SqliteTfidfStreamOptions = {}) {
    this.#store = store
    this.name = options.name ?? 'tfidf'
  }

  /** The store's best `topK` documents for `query` by TF-IDF. */
  search(query: string, topK: number): Promise<SearchResult[]> {
    return this.#store.searchTfidf(query, topK)
  }
}
