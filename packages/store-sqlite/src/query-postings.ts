import { topScoredDocuments, type CollectionStatistics, type ScoredDocuments, type TermPostings } from '@rag/lexical'
import type { DocumentRow, Statements } from './statements.js'

/** A ranked stored document. */
export interface ScoredRow {
  readonly row: DocumentRow
  readonly score: number
}

/** Most postings rows a {@link PostingsCache} holds (about 25 MB) before it starts over. */
const CACHED_ROWS = 500_000

/**
 * The postings of recently searched tokens and the collection statistics, valid for one
 * generation of the store: a hybrid search asks the BM25 and the TF-IDF stream for the same
 * tokens, and the second reads them from here. Every write bumps the store's generation (in any process), which empties the cache.
 */
export class PostingsCache {
  #generation: string | undefined
  readonly #entries = new Map<string, TermPostings | undefined>()
  #rows = 0
  #statistics: CollectionStatistics | undefined

  /** Empties the cache unless it was filled in `generation` (read in the current snapshot). */
  validate(generation: string): void {
    if (generation === this.#generation) return
    this.#entries.clear()
    this.#rows = 0
    this.#statistics = undefined
    this.#generation = generation
  }

  /**
   * The live documents' count and total length (a scan of every document's length), read through
   * the cache: once per generation instead of once per ranking.
   */
  statistics(load: () => CollectionStatistics): CollectionStatistics {
    return (this.#statistics ??= load())
  }

  /** The token's postings (`undefined`: no live document holds it), read through the cache. */
  read(token: string, load: () => TermPostings | undefined): TermPostings | undefined {
    if (this.#entries.has(token)) return this.#entries.get(token)
    const postings = load()
    const rows = postings?.df ?? 0
    if (this.#rows + rows > CACHED_ROWS) {
      this.#entries.clear()
      this.#rows = 0
    }
    if (rows <= CACHED_ROWS) {
      this.#entries.set(token, postings)
      this.#rows += rows
    }
    return postings
  }
}

/**
 * The postings of each distinct token of a query, in query order, from the full-text index
 * (`temp.term_instances`, joined with `term_counts` for document lengths), through `cache` when
 * given; tokens no live document holds are left out. Run it inside the read transaction of the
 * whole search (and validate the cache in it first).
 */
export function queryPostings(statements: Statements, tokens: readonly string[], cache?: PostingsCache): TermPostings[] {
  const load = (token: string) => (): TermPostings | undefined => {
    const rows = statements.termFrequencies.all(token)
    if (rows.length === 0) return undefined
    // Columns (no array per posting) in seq order: what the scorer merges without copying.
    const documents = new Float64Array(rows.length)
    const tfs = new Float64Array(rows.length)
    const lengths = new Float64Array(rows.length)
    for (let i = 0; i < rows.length; i++) {
      const [seq, tf, length] = rows[i]!
      documents[i] = seq
      tfs[i] = tf
      lengths[i] = length
    }
    return { df: rows.length, columns: { documents, tfs, lengths } }
  }
  const out: TermPostings[] = []
  const seen = new Set<string>()
  for (const token of tokens) {
    if (seen.has(token)) continue
    seen.add(token)
    const postings = cache === undefined ? load(token)() : cache.read(token, load(token))
    if (postings !== undefined) out.push(postings)
  }
  return out
}

/**
 * The best `topK` of the scored documents (by seq), highest score first; equal scores by id
 * (code-unit order, as `BM25Stream` and `InMemoryKnowledgeBase`), so the order never depends on
 * when a document was written. Only documents at or above the cut-off score are read from the store.
 */
export function topRows(statements: Statements, scores: ScoredDocuments, topK: number): ScoredRow[] {
  let candidates = topScoredDocuments(scores, topK)
  // Ties at the cut-off past topK: their ids alone decide which stay, before any content is read.
  if (candidates.length > topK) {
    const ids = new Map(candidates.map(([seq]) => [seq, statements.getIdBySeq.get(seq) ?? '']))
    candidates = candidates.sort((a, b) => b[1] - a[1] || compareIds(ids.get(a[0])!, ids.get(b[0])!)).slice(0, topK)
  }
  const rows: ScoredRow[] = []
  for (const [seq, score] of candidates) {
    const row = statements.getDocumentBySeq.get(seq)
    if (row !== undefined) rows.push({ row, score })
  }
  rows.sort((a, b) => b.score - a.score || compareIds(a.row[0], b.row[0]))
  return rows.slice(0, topK)
}

/** Code-unit order of two ids. */
function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
