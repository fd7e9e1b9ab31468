import { describe, expect, it } from 'vitest'
import { BM25_DEFAULTS, Bm25Scorer, bm25Idf } from './bm25-scoring.js'
import { scoreBm25Postings, scoreTfidfPostings } from './postings-scoring.js'
import { tfidfNorm, tfidfTermWeight, tfidfTf } from './tfidf-scoring.js'

describe('Bm25Scorer', () => {
  it('computes the Okapi BM25 share of one posting by hand', () => {
    // N = 4, total length 12 (avgdl 3); a term in 2 documents, tf 2 in a document of 6 terms.
    const scorer = new Bm25Scorer({ k1: 1.2, b: 0.75 }, 4, 12)
    const idf = Math.log(1 + (4 - 2 + 0.5) / (2 + 0.5))
    expect(scorer.idf(2)).toBe(idf)
    expect(scorer.score(idf, 2, 6)).toBeCloseTo((idf * 2 * 2.2) / (2 + 1.2 * (1 - 0.75 + 0.75 * 6 / 3)), 12)
  })

  it('keeps idf positive for a term in every document', () => {
    expect(bm25Idf(3, 3)).toBeGreaterThan(0)
  })

  it('defaults to k1 1.2 and b 0.75', () => {
    expect(BM25_DEFAULTS).toEqual({ k1: 1.2, b: 0.75 })
  })
})

describe('scoreBm25Postings', () => {
  it('sums the shares of each distinct term per document', () => {
    const scorer = new Bm25Scorer(BM25_DEFAULTS, 3, 9)
    const scores = scoreBm25Postings(
      [
        { df: 2, rows: [[10, 1, 3], [11, 2, 4]] },
        { df: 1, rows: [[11, 1, 4]] },
      ],
      { documentCount: 3, totalLength: 9 },
    )
    expect(scores.get(10)).toBe(scorer.score(scorer.idf(2), 1, 3))
    expect(scores.get(11)).toBe(scorer.score(scorer.idf(2), 2, 4) + scorer.score(scorer.idf(1), 1, 4))
    expect(scores.has(12)).toBe(false)
  })

  it('scores nothing in an empty collection', () => {
    expect(scoreBm25Postings([{ df: 1, rows: [[1, 1, 1]] }], { documentCount: 0, totalLength: 0 }).size).toBe(0)
  })
})

describe('scoreTfidfPostings', () => {
  it('multiplies the query-order sum by the length norm', () => {
    const scores = scoreTfidfPostings(
      [
        { df: 1, rows: [[7, 3, 4]] },
        { df: 2, rows: [[7, 1, 4], [8, 2, 9]] },
      ],
      { documentCount: 5, totalLength: 13 },
    )
    const w1 = (1 + Math.log(5 / 2)) ** 2
    const w2 = (1 + Math.log(5 / 3)) ** 2
    expect(scores.get(7)).toBeCloseTo(((1 + Math.log(3)) * w1 + 1 * w2) / 2, 12)
    expect(scores.get(8)).toBeCloseTo(((1 + Math.log(2)) * w2) / 3, 12)
  })

  it('uses the same pieces as the in-memory knowledge base', () => {
    expect(tfidfTermWeight(10, 4)).toBe((1 + Math.log(10 / 5)) ** 2)
    expect(tfidfTf(1)).toBe(1)
    expect(tfidfTf(5000)).toBe(1 + Math.log(5000))
    expect(tfidfNorm(0)).toBe(0)
    expect(tfidfNorm(16)).toBe(0.25)
  })
})
