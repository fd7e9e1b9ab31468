import { BM25_DEFAULTS, Bm25Scorer, type Bm25Parameters } from './bm25-scoring.js'
import { tfidfNorm, tfidfTermWeight, tfidfTf } from './tfidf-scoring.js'

/**
 * The postings of one distinct query term, as a store reads them: `[document, tf, |d|]` for each
 * live document holding the term (`document` is any numeric key of the store's, e.g. a row id).
 */
export interface TermPostings {
  /** Live documents holding the term (its document frequency). */
  readonly df: number
  readonly rows: readonly (readonly [document: number, tf: number, length: number])[]
}

/** Collection statistics of one index snapshot. */
export interface CollectionStatistics {
  /** Live documents. */
  readonly documentCount: number
  /** Sum of their lengths in terms. */
  readonly totalLength: number
}

/**
 * BM25 scores by document key for the postings of a query's distinct terms (in query order), with
 * {@link Bm25Scorer}: what a store computes from its own index to rank exactly as `BM25Stream`.
 */
export function scoreBm25Postings(
  postings: readonly TermPostings[],
  { documentCount, totalLength }: CollectionStatistics,
  parameters: Bm25Parameters = BM25_DEFAULTS,
): Map<number, number> {
  const scores = new Map<number, number>()
  if (documentCount === 0) return scores
  const scorer = new Bm25Scorer(parameters, documentCount, totalLength)
  for (const { df, rows } of postings) {
    const idf = scorer.idf(df)
    for (const [document, tf, length] of rows) scores.set(document, (scores.get(document) ?? 0) + scorer.score(idf, tf, length))
  }
  return scores
}

/**
 * TF-IDF scores by document key for the postings of a query's distinct terms (in query order),
 * with the formula of {@link tfidfTermWeight}: what a store computes from its own index to rank
 * exactly as `InMemoryKnowledgeBase`.
 */
export function scoreTfidfPostings(postings: readonly TermPostings[], { documentCount }: CollectionStatistics): Map<number, number> {
  const sums = new Map<number, number>()
  const lengths = new Map<number, number>()
  if (documentCount === 0) return sums
  for (const { df, rows } of postings) {
    const weight = tfidfTermWeight(documentCount, df)
    for (const [document, tf, length] of rows) {
      const sum = sums.get(document)
      if (sum === undefined) lengths.set(document, length)
      sums.set(document, (sum ?? 0) + tfidfTf(tf) * weight)
    }
  }
  for (const [document, sum] of sums) sums.set(document, sum * tfidfNorm(lengths.get(document)!))
  return sums
}
