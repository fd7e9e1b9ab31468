import { queryPostings, topRows, type PostingsCache, type ScoredRow } from './query-postings.js'
import type { Statements } from './statements.js'

/** `1 + ln tf`, the sublinear term-frequency factor. */
function logTf(tf: number): number {
  return 1 + Math.log(tf)
}

/**
 * Ranks the stored documents for the FTS5 tokens of a query by the TF-IDF score of
 * `InMemoryKnowledgeBase` (`@rag/kb-tfidf`), computed from the full-text index:
 *
 * score(q, d) = 1/√|d| · Σ over unique query tokens t in d of (1 + ln tf(t, d)) · idf(t)²,
 * idf(t) = 1 + ln(N / (df(t) + 1)),
 *
 * with `tf`, `df` and `|d|` from the index and `term_counts`, and `N` the number of documents.
 * The sum runs in query order, as in `InMemoryKnowledgeBase`, so both give the same numbers.
 * Highest score first; equal scores by id (code-unit order). Run it inside one read transaction
 * so every count comes from the same generation. Cost grows with the occurrences of the query's
 * tokens, not with the corpus.
 */
export function searchTfidf(statements: Statements, tokens: readonly string[], topK: number, cache?: PostingsCache): ScoredRow[] {
  const [n] = statements.lengthTotals.get() ?? [0, 0]
  if (n === 0) return []
  const acc = new Map<number, number>()
  const lengths = new Map<number, number>()
  for (const { df, rows } of queryPostings(statements, tokens, cache)) {
    const idf = 1 + Math.log(n / (df + 1))
    const weight = idf * idf
    for (const [seq, tf, length] of rows) {
      const sum = acc.get(seq)
      if (sum === undefined) lengths.set(seq, length)
      acc.set(seq, (sum ?? 0) + logTf(tf) * weight)
    }
  }
  const scores = new Map<number, number>()
  for (const [seq, sum] of acc) {
    const length = lengths.get(seq)!
    scores.set(seq, length === 0 ? 0 : sum * (1 / Math.sqrt(length)))
  }
  return topRows(statements, scores, topK, 'id')
}
