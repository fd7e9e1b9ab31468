import { BM25_DEFAULTS, Bm25Scorer, type Bm25Parameters } from './bm25-scoring.js'
import { kthLargest } from './kth-largest.js'
import type { CollectionStatistics, PostingsColumns, TermPostings } from './postings-scoring.js'
import { tfidfNorm, tfidfTermWeight, tfidfTf } from './tfidf-scoring.js'

/**
 * The documents a query matched and their scores, in ascending order of document key: entry `i`
 * of `documents` scored `scores[i]`, for `i < size`. Built by {@link rankBm25Postings} and
 * {@link rankTfidfPostings} without a hash map per query; cut with {@link topScoredDocuments}.
 */
export interface ScoredDocuments {
  /** Matched documents. */
  readonly size: number
  /** Document keys, ascending (the first `size` entries). */
  readonly documents: Float64Array
  /** Their scores (the first `size` entries). */
  readonly scores: Float64Array
}

/**
 * The postings as columns in ascending order of document key: the columns themselves when they
 * already are (as the stores read them), else sorted copies.
 */
function ascending(postings: TermPostings): PostingsColumns {
  if ('columns' in postings) {
    const { documents } = postings.columns
    for (let i = 1; i < postings.df; i++) if (documents[i - 1]! >= documents[i]!) return sortedColumns(postings.df, (i) => [documents[i]!, postings.columns.tfs[i]!, postings.columns.lengths[i]!])
    return postings.columns
  }
  const { rows } = postings
  return sortedColumns(rows.length, (i) => rows[i]!)
}

/** Columns of `count` postings (`at(i)` gives one), sorted by document key. */
function sortedColumns(count: number, at: (i: number) => readonly [number, number, number]): PostingsColumns {
  const order = Array.from({ length: count }, (_, i) => i)
  let sorted = true
  for (let i = 1; i < count && sorted; i++) if (at(i - 1)[0] >= at(i)[0]) sorted = false
  if (!sorted) order.sort((a, b) => at(a)[0] - at(b)[0])
  const documents = new Float64Array(count)
  const tfs = new Float64Array(count)
  const lengths = new Float64Array(count)
  for (let i = 0; i < count; i++) {
    const [document, tf, length] = at(order[i]!)
    documents[i] = document
    tfs[i] = tf
    lengths[i] = length
  }
  return { documents, tfs, lengths }
}

/**
 * Merges the postings of the query's distinct terms (in query order) by document key: for each
 * document, `share(term, tf, length)` summed over its terms in query order (starting from 0, the
 * very additions of a per-document running sum), then `finish(sum, length)` with the length of
 * the document's first posting.
 */
function merge(
  postings: readonly TermPostings[],
  share: (term: number, tf: number, length: number) => number,
  finish: ((sum: number, length: number) => number) | undefined,
): ScoredDocuments {
  const lists = postings.map(ascending)
  const counts = postings.map((term) => ('columns' in term ? term.df : term.rows.length))
  const terms = lists.length
  let bound = 0
  for (const count of counts) bound += count
  const documents = new Float64Array(bound)
  const scores = new Float64Array(bound)
  if (terms === 1) {
    const { documents: keys, tfs, lengths } = lists[0]!
    for (let i = 0; i < bound; i++) {
      const sum = 0 + share(0, tfs[i]!, lengths[i]!)
      documents[i] = keys[i]!
      scores[i] = finish === undefined ? sum : finish(sum, lengths[i]!)
    }
    return { size: bound, documents, scores }
  }
  const at = new Int32Array(terms)
  let size = 0
  for (;;) {
    let next = Number.POSITIVE_INFINITY
    for (let t = 0; t < terms; t++) {
      if (at[t]! < counts[t]!) {
        const document = lists[t]!.documents[at[t]!]!
        if (document < next) next = document
      }
    }
    if (next === Number.POSITIVE_INFINITY) break
    let sum = 0
    let first = -1
    for (let t = 0; t < terms; t++) {
      const i = at[t]!
      const list = lists[t]!
      if (i < counts[t]! && list.documents[i] === next) {
        const length = list.lengths[i]!
        if (first < 0) first = length
        sum += share(t, list.tfs[i]!, length)
        at[t] = i + 1
      }
    }
    documents[size] = next
    scores[size] = finish === undefined ? sum : finish(sum, first)
    size++
  }
  return { size, documents, scores }
}

/**
 * BM25 scores of the documents holding any of a query's distinct terms (postings in query order),
 * with {@link Bm25Scorer}: exactly the values of `scoreBm25Postings` (each document's shares added
 * in query order), as arrays by ascending document key.
 */
export function rankBm25Postings(
  postings: readonly TermPostings[],
  { documentCount, totalLength }: CollectionStatistics,
  parameters: Bm25Parameters = BM25_DEFAULTS,
): ScoredDocuments {
  if (documentCount === 0) return { size: 0, documents: new Float64Array(0), scores: new Float64Array(0) }
  const scorer = new Bm25Scorer(parameters, documentCount, totalLength)
  const idfs = postings.map(({ df }) => scorer.idf(df))
  return merge(postings, (term, tf, length) => scorer.score(idfs[term]!, tf, length), undefined)
}

/**
 * TF-IDF scores of the documents holding any of a query's distinct terms (postings in query
 * order), with the formula of `tfidfTermWeight`: exactly the values of `scoreTfidfPostings`, as
 * arrays by ascending document key.
 */
export function rankTfidfPostings(postings: readonly TermPostings[], { documentCount }: CollectionStatistics): ScoredDocuments {
  if (documentCount === 0) return { size: 0, documents: new Float64Array(0), scores: new Float64Array(0) }
  const weights = postings.map(({ df }) => tfidfTermWeight(documentCount, df))
  return merge(postings, (term, tf) => tfidfTf(tf) * weights[term]!, (sum, length) => sum * tfidfNorm(length))
}

/**
 * The scored documents at or above the `topK`-th best score (every document tied at the cut-off
 * included, so a caller can break ties its own way), as `[document, score]` in ascending order of
 * document key. Keeps a heap of `topK` scores instead of sorting them all.
 */
export function topScoredDocuments({ size, documents, scores }: ScoredDocuments, topK: number): [document: number, score: number][] {
  if (size === 0 || topK <= 0) return []
  const cutoff = size <= topK ? Number.NEGATIVE_INFINITY : kthLargest(scores, size, topK)
  const out: [number, number][] = []
  for (let i = 0; i < size; i++) if (scores[i]! >= cutoff) out.push([documents[i]!, scores[i]!])
  return out
}
