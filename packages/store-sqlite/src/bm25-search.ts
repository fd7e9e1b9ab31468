import { queryPostings, topRows, type PostingsCache, type ScoredRow } from './query-postings.js'
import type { Statements } from './statements.js'

/** BM25 parameters; the defaults of `BM25Stream` (`@rag/bm25`). */
export interface Bm25Parameters {
  readonly k1: number
  readonly b: number
}

/** `k1` 1.2, `b` 0.75, as `BM25Stream`. */
export const BM25_DEFAULTS: Bm25Parameters = { k1: 1.2, b: 0.75 }

/**
 * Ranks the stored documents for the FTS5 tokens of a query by the BM25 score of `BM25Stream`
 * (`@rag/bm25`), computed from the full-text index:
 *
 * score(q, d) = Σ over unique query tokens t in d of idf(t) · tf · (k1 + 1) / (tf + k1 · (1 − b + b · |d| / avgdl)),
 * idf(t) = ln(1 + (N − df(t) + 0.5) / (df(t) + 0.5)),
 *
 * with `tf`, `df` and `|d|` from the index and `term_counts`, `N` the number of documents and
 * `avgdl` their mean length, all of the live documents of one generation (FTS5's own `bm25()`
 * keeps counting deleted rows of a contentless table in `N` and `avgdl`, so its scores drift as
 * an index churns). The arithmetic follows `BM25Stream`'s, so both give the same numbers.
 * Highest score first; equal scores in insertion order. Run it inside one read transaction.
 */
export function searchBm25(
  statements: Statements,
  tokens: readonly string[],
  topK: number,
  cache?: PostingsCache,
  { k1, b }: Bm25Parameters = BM25_DEFAULTS,
): ScoredRow[] {
  const [n, totalLength] = statements.lengthTotals.get() ?? [0, 0]
  if (n === 0) return []
  const avgdl = totalLength / n
  const kConst = k1 * (1 - b)
  const kLength = avgdl > 0 ? (k1 * b) / avgdl : 0
  const k1Plus1 = k1 + 1
  const scores = new Map<number, number>()
  for (const { df, rows } of queryPostings(statements, tokens, cache)) {
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5))
    for (const [seq, tf, length] of rows) {
      const weight = (idf * tf * k1Plus1) / (tf + kConst + kLength * length)
      scores.set(seq, (scores.get(seq) ?? 0) + weight)
    }
  }
  return topRows(statements, scores, topK, 'seq')
}
