import type { SearchResult } from './search-result.js'

/**
 * A ranked source of results: BM25, TF-IDF, vectors, or anything a user writes. Results come back
 * best first, at most `topK` of them.
 *
 * @example
 * const stream: Stream = { name: 'grep', async search(query, topK) { return [] } }
 */
export interface Stream {
  /** Unique name within a retriever; shows up in explanations. */
  readonly name: string
  /** The best `topK` matches for `query`, highest score first. */
  search(query: string, topK: number): Promise<SearchResult[]>
}
