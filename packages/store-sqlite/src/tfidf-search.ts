import type { DocumentRow, Statements } from './statements.js'

/** A ranked row of {@link searchTfidf}. */
export interface TfidfHit {
  readonly row: DocumentRow
  readonly score: number
}

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
 * with `tf` and `df` counted from the index (`temp.term_instances`), `|d|` from `term_counts` and
 * `N` the number of documents. The sum runs in query order, as in `InMemoryKnowledgeBase`, so
 * both give the same numbers. Highest score first; equal scores by id (code-unit order). Run it
 * inside one read transaction so every count comes from the same generation.
 *
 * Cost grows with the postings of the query's tokens (every occurrence is visited once, and each
 * matching document's length is joined in SQL), not with the corpus: only the documents at or
 * above the cut-off are read.
 */
export function searchTfidf(statements: Statements, tokens: readonly string[], topK: number): TfidfHit[] {
  const n = statements.countDocuments.get() ?? 0
  if (n === 0) return []
  const acc = new Map<number, number>()
  const lengths = new Map<number, number>()
  const seen = new Set<string>()
  for (const token of tokens) {
    if (seen.has(token)) continue
    seen.add(token)
    const postings = statements.termFrequencies.all(token)
    const df = postings.length
    if (df === 0) continue
    const idf = 1 + Math.log(n / (df + 1))
    const weight = idf * idf
    for (const [seq, tf, length] of postings) {
      const sum = acc.get(seq)
      if (sum === undefined) lengths.set(seq, length)
      acc.set(seq, (sum ?? 0) + logTf(tf) * weight)
    }
  }
  if (acc.size === 0) return []

  const seqs = new Float64Array(acc.size)
  const scores = new Float64Array(acc.size)
  let touched = 0
  for (const [seq, sum] of acc) {
    const length = lengths.get(seq)!
    seqs[touched] = seq
    scores[touched++] = length === 0 ? 0 : sum * (1 / Math.sqrt(length))
  }

  // The cut-off score, then every document at or above it (ties included), ordered by score and id.
  const sorted = scores.slice().sort()
  const cutoff = sorted[Math.max(0, touched - topK)]!
  const hits: TfidfHit[] = []
  for (let i = 0; i < touched; i++) {
    if (scores[i]! < cutoff) continue
    const row = statements.getDocumentBySeq.get(seqs[i]!)
    if (row !== undefined) hits.push({ row, score: scores[i]! })
  }
  hits.sort((a, b) => b.score - a.score || (a.row[0] < b.row[0] ? -1 : a.row[0] > b.row[0] ? 1 : 0))
  return hits.slice(0, topK)
}
