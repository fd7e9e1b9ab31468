import type { DocumentRow, Statements } from './statements.js'

/** The postings of one query token: `[seq, tf, |d|]` of each live document holding it. */
export interface TokenPostings {
  /** Documents holding the token (its document frequency). */
  readonly df: number
  readonly rows: readonly (readonly [seq: number, tf: number, length: number])[]
}

/** A ranked stored document. */
export interface ScoredRow {
  readonly row: DocumentRow
  readonly score: number
}

/**
 * The postings of each distinct token of a query, in query order, from the full-text index
 * (`temp.term_instances`, joined with `term_counts` for document lengths); tokens no live document
 * holds are left out. Run it inside the read transaction of the whole search.
 */
export function queryPostings(statements: Statements, tokens: readonly string[]): TokenPostings[] {
  const out: TokenPostings[] = []
  const seen = new Set<string>()
  for (const token of tokens) {
    if (seen.has(token)) continue
    seen.add(token)
    const rows = statements.termFrequencies.all(token)
    if (rows.length > 0) out.push({ df: rows.length, rows })
  }
  return out
}

/**
 * The best `topK` of the scored documents (`scores` by seq), highest score first; equal scores
 * by `ties`: `seq` (insertion order, as `BM25Stream`) or `id` (code-unit order, as
 * `InMemoryKnowledgeBase`). Only documents at or above the cut-off score are read from the store.
 */
export function topRows(statements: Statements, scores: ReadonlyMap<number, number>, topK: number, ties: 'seq' | 'id'): ScoredRow[] {
  if (scores.size === 0) return []
  const values = Float64Array.from(scores.values()).sort()
  const cutoff = values[Math.max(0, values.length - topK)]!
  const candidates: [seq: number, score: number][] = []
  for (const [seq, score] of scores) if (score >= cutoff) candidates.push([seq, score])
  if (ties === 'seq') {
    candidates.sort((a, b) => b[1] - a[1] || a[0] - b[0])
    candidates.length = Math.min(candidates.length, topK)
  }
  const rows: ScoredRow[] = []
  for (const [seq, score] of candidates) {
    const row = statements.getDocumentBySeq.get(seq)
    if (row !== undefined) rows.push({ row, score })
  }
  if (ties === 'id') rows.sort((a, b) => b.score - a.score || (a.row[0] < b.row[0] ? -1 : a.row[0] > b.row[0] ? 1 : 0))
  return rows.slice(0, topK)
}
