import { describe, expect, it } from 'vitest'
import type { TermPostings, TermPostingsRows } from './postings-scoring.js'
import { Bm25Scorer, BM25_DEFAULTS } from './bm25-scoring.js'
import { rankBm25Postings, rankTfidfPostings, topScoredDocuments, type ScoredDocuments } from './scored-documents.js'
import { tfidfNorm, tfidfTermWeight, tfidfTf } from './tfidf-scoring.js'

/** The per-document running sums of a hash map, the reference the merged scores must equal bit for bit. */
function mapBm25(postings: readonly TermPostingsRows[], documentCount: number, totalLength: number): Map<number, number> {
  const scorer = new Bm25Scorer(BM25_DEFAULTS, documentCount, totalLength)
  const scores = new Map<number, number>()
  for (const { df, rows } of postings) {
    const idf = scorer.idf(df)
    for (const [document, tf, length] of rows) scores.set(document, (scores.get(document) ?? 0) + scorer.score(idf, tf, length))
  }
  return scores
}

function mapTfidf(postings: readonly TermPostingsRows[], documentCount: number): Map<number, number> {
  const sums = new Map<number, number>()
  const lengths = new Map<number, number>()
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

function entries({ size, documents, scores }: ScoredDocuments): [number, number][] {
  return Array.from({ length: size }, (_, i) => [documents[i]!, scores[i]!])
}

/** Deterministic random postings: `terms` lists over documents 0..`documents`, some shuffled. */
function randomPostings(seed: number, terms: number, documents: number): TermPostingsRows[] {
  let state = seed
  const next = (): number => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648
  const lengths = Array.from({ length: documents }, () => 1 + Math.floor(next() * 300))
  return Array.from({ length: terms }, (_, t) => {
    const rows: [number, number, number][] = []
    for (let d = 0; d < documents; d++) if (next() < 0.3) rows.push([d * 7 + 3, 1 + Math.floor(next() * 12), lengths[d]!])
    if (t % 2 === 1) rows.reverse()
    return { df: rows.length, rows }
  })
}

describe('rankBm25Postings and rankTfidfPostings', () => {
  it('give bit for bit the scores of per-document running sums in query order, by ascending key', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const postings = randomPostings(seed, 1 + (seed % 6), 400)
      const bm25 = mapBm25(postings, 500, 500 * 120)
      const tfidf = mapTfidf(postings, 500)
      const keys = [...bm25.keys()].sort((a, b) => a - b)
      expect(entries(rankBm25Postings(postings, { documentCount: 500, totalLength: 500 * 120 }))).toEqual(keys.map((key) => [key, bm25.get(key)!]))
      expect(entries(rankTfidfPostings(postings, { documentCount: 500, totalLength: 0 }))).toEqual(keys.map((key) => [key, tfidf.get(key)!]))
    }
  })

  it('give the same scores for postings as columns (typed arrays, in or out of order) as for rows', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const postings = randomPostings(seed, 1 + (seed % 5), 300)
      const columns: TermPostings[] = postings.map((term) => {
        const { rows } = term
        return { df: rows.length, columns: { documents: Int32Array.from(rows, (r) => r[0]), tfs: Int32Array.from(rows, (r) => r[1]), lengths: Int32Array.from(rows, (r) => r[2]) } }
      })
      const statistics = { documentCount: 400, totalLength: 400 * 150 }
      expect(entries(rankBm25Postings(columns, statistics))).toEqual(entries(rankBm25Postings(postings, statistics)))
      expect(entries(rankTfidfPostings(columns, statistics))).toEqual(entries(rankTfidfPostings(postings, statistics)))
    }
  })

  it('scores nothing in an empty collection or for no postings', () => {
    expect(rankBm25Postings([{ df: 1, rows: [[1, 1, 1]] }], { documentCount: 0, totalLength: 0 }).size).toBe(0)
    expect(rankTfidfPostings([], { documentCount: 3, totalLength: 9 }).size).toBe(0)
  })
})

describe('topScoredDocuments', () => {
  const scored = (values: number[]): ScoredDocuments => ({ size: values.length, documents: Float64Array.from(values, (_, i) => i * 10), scores: Float64Array.from(values) })

  it('keeps the documents at or above the topK-th best score, ties at the cut-off included', () => {
    expect(topScoredDocuments(scored([0.5, 3, 1, 2, 2, 0.1]), 3)).toEqual([[10, 3], [30, 2], [40, 2]])
    expect(topScoredDocuments(scored([0.5, 3, 1, 2, 2, 0.1]), 2)).toEqual([[10, 3], [30, 2], [40, 2]])
    expect(topScoredDocuments(scored([1, 1, 1]), 1)).toEqual([[0, 1], [10, 1], [20, 1]])
  })

  it('keeps everything when topK reaches the size, nothing for topK 0', () => {
    expect(topScoredDocuments(scored([2, 1]), 5)).toEqual([[0, 2], [10, 1]])
    expect(topScoredDocuments(scored([2, 1]), 0)).toEqual([])
  })

  it('agrees with sorting every score, on random scores', () => {
    let state = 11
    const next = (): number => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648
    for (let round = 0; round < 50; round++) {
      const values = Array.from({ length: 1 + Math.floor(next() * 300) }, () => Math.floor(next() * 40) / 4)
      const topK = 1 + Math.floor(next() * 60)
      const sorted = [...values].sort((a, b) => a - b)
      const cutoff = sorted[Math.max(0, sorted.length - topK)]!
      const expected = values.flatMap((value, i): [number, number][] => (value >= cutoff ? [[i * 10, value]] : []))
      expect(topScoredDocuments(scored(values), topK)).toEqual(expected)
    }
  })
})
