import { BM25_DEFAULTS, Bm25Scorer, type Bm25Parameters } from './bm25-scoring.js'
import type { CollectionStatistics, TermPostings } from './postings-scoring.js'
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

type Row = readonly [document: number, tf: number, length: number]

/** `rows` in ascending order of document key: the list itself when it already is (as stores read it), else a sorted copy. */
function ascending(rows: readonly Row[]): readonly Row[] {
  for (let i = 1; i < rows.length; i++) if (rows[i - 1]![0] >= rows[i]![0]) return [...rows].sort((a, b) => a[0] - b[0])
  return rows
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
  const lists = postings.map(({ rows }) => ascending(rows))
  const terms = lists.length
  let bound = 0
  for (const list of lists) bound += list.length
  const documents = new Float64Array(bound)
  const scores = new Float64Array(bound)
  const at = new Int32Array(terms)
  let size = 0
  if (terms === 1) {
    const list = lists[0]!
    for (let i = 0; i < list.length; i++) {
      const [document, tf, length] = list[i]!
      const sum = 0 + share(0, tf, length)
      documents[i] = document
      scores[i] = finish === undefined ? sum : finish(sum, length)
    }
    return { size: list.length, documents, scores }
  }
  for (;;) {
    let next = Number.POSITIVE_INFINITY
    for (let t = 0; t < terms; t++) {
      const list = lists[t]!
      if (at[t]! < list.length) {
        const document = list[at[t]!]![0]
        if (document < next) next = document
      }
    }
    if (next === Number.POSITIVE_INFINITY) break
    let sum = 0
    let first = -1
    for (let t = 0; t < terms; t++) {
      const list = lists[t]!
      const i = at[t]!
      if (i < list.length && list[i]![0] === next) {
        const row = list[i]!
        if (first < 0) first = row[2]
        sum += share(t, row[1], row[2])
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

/** The `k`-th largest of the first `size` values (`k <= size`), with a min-heap of `k`. */
function kthLargest(values: Float64Array, size: number, k: number): number {
  const heap = new Float64Array(k)
  for (let i = 0; i < k; i++) {
    let at = i
    heap[at] = values[i]!
    while (at > 0) {
      const parent = (at - 1) >> 1
      if (heap[parent]! <= heap[at]!) break
      const swap = heap[parent]!
      heap[parent] = heap[at]!
      heap[at] = swap
      at = parent
    }
  }
  for (let i = k; i < size; i++) {
    const value = values[i]!
    if (value <= heap[0]!) continue
    heap[0] = value
    let at = 0
    for (;;) {
      const left = 2 * at + 1
      if (left >= k) break
      const right = left + 1
      const child = right < k && heap[right]! < heap[left]! ? right : left
      if (heap[at]! <= heap[child]!) break
      const swap = heap[child]!
      heap[child] = heap[at]!
      heap[at] = swap
      at = child
    }
  }
  return heap[0]!
}
