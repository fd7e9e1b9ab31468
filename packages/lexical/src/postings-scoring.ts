import { BM25_DEFAULTS, type Bm25Parameters } from './bm25-scoring.js'
import { rankBm25Postings, rankTfidfPostings, type ScoredDocuments } from './scored-documents.js'

/**
 * The postings of one distinct query term, as a store reads them: `[document, tf, |d|]` for each
 * live document holding the term (`document` is any numeric key of the store's, e.g. a row id),
 * as rows or as {@link PostingsColumns} (no object per posting: what a store should cache).
 */
export type TermPostings = TermPostingsRows | TermPostingsColumns

/** {@link TermPostings} as one `[document, tf, |d|]` row per posting. */
export interface TermPostingsRows {
  /** Live documents holding the term (its document frequency). */
  readonly df: number
  readonly rows: readonly (readonly [document: number, tf: number, length: number])[]
}

/** {@link TermPostings} as columns: posting `i` is `documents[i]`, `tfs[i]`, `lengths[i]`, for `i < df`. */
export interface TermPostingsColumns {
  /** Live documents holding the term (its document frequency). */
  readonly df: number
  readonly columns: PostingsColumns
}

/** The columns of {@link TermPostingsColumns}; ascending document keys make scoring cheapest. */
export interface PostingsColumns {
  readonly documents: ArrayLike<number>
  readonly tfs: ArrayLike<number>
  readonly lengths: ArrayLike<number>
}

/** Collection statistics of one index snapshot. */
export interface CollectionStatistics {
  /** Live documents. */
  readonly documentCount: number
  /** Sum of their lengths in terms. */
  readonly totalLength: number
}

/** The scores of `scored` by document key, in ascending key order. */
function toMap({ size, documents, scores }: ScoredDocuments): Map<number, number> {
  const out = new Map<number, number>()
  for (let i = 0; i < size; i++) out.set(documents[i]!, scores[i]!)
  return out
}

/**
 * BM25 scores by document key for the postings of a query's distinct terms (in query order), with
 * `Bm25Scorer`: what a store computes from its own index to rank exactly as `BM25Stream`.
 * The values of {@link rankBm25Postings} (which a store's search uses; it needs no map), as a map.
 */
export function scoreBm25Postings(postings: readonly TermPostings[], statistics: CollectionStatistics, parameters: Bm25Parameters = BM25_DEFAULTS): Map<number, number> {
  return toMap(rankBm25Postings(postings, statistics, parameters))
}

/**
 * TF-IDF scores by document key for the postings of a query's distinct terms (in query order),
 * with the formula of `tfidfTermWeight`: what a store computes from its own index to rank
 * exactly as `InMemoryKnowledgeBase`. The values of {@link rankTfidfPostings}, as a map.
 */
export function scoreTfidfPostings(postings: readonly TermPostings[], statistics: CollectionStatistics): Map<number, number> {
  return toMap(rankTfidfPostings(postings, statistics))
}
