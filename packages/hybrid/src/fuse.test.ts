import type { SearchResult } from '@rag/core'
import { describe, expect, it } from 'vitest'
import { fuse, type RankedList } from './fuse.js'
import { doc } from './testing/streams.js'

const list = (stream: string, weight: number, ids: string[], files: Record<string, string | null> = {}): RankedList => ({
  stream,
  weight,
  results: ids.map((id, i) => ({ document: doc(id, id in files ? files[id]! : `${id}.ts`), score: 100 - i })),
})
const options = { k: 60, maxPerFile: 3, topK: 10 }
const ids = (results: readonly SearchResult[]) => results.map((r) => r.document.id)

describe('fuse', () => {
  // bm25 (0.6): A B C D      tfidf (0.4): B E F A
  const bm25 = list('bm25', 0.6, ['A', 'B', 'C', 'D'])
  const tfidf = list('tfidf', 0.4, ['B', 'E', 'F', 'A'])

  it('scores Σ weight / (60 + rank + 1) with hand-computed values', () => {
    const results = fuse([bm25, tfidf], options)
    // B: 0.6/62 + 0.4/61 = 0.00967741935483871 + 0.006557377049180328 = 0.016234796404019036
    // A: 0.6/61 + 0.4/64 = 0.009836065573770491 + 0.00625             = 0.016086065573770493
    // C: 0.6/63 = 0.009523809523809523     D: 0.6/64 = 0.009375
    // E: 0.4/62 = 0.0064516129032258064    F: 0.4/63 = 0.006349206349206349
    expect(ids(results)).toEqual(['B', 'A', 'C', 'D', 'E', 'F'])
    const expected = [0.016234796404019036, 0.016086065573770493, 0.009523809523809523, 0.009375, 0.0064516129032258064, 0.006349206349206349]
    results.forEach((r, i) => expect(r.score).toBeCloseTo(expected[i]!, 15))
  })

  it('lets the weights decide between two documents', () => {
    // A: 0.9/61 + 0.1/64 = 0.01631659836065574 beats B: 0.9/62 + 0.1/61 = 0.016155473294553146
    const results = fuse([{ ...bm25, weight: 0.9 }, { ...tfidf, weight: 0.1 }], options)
    expect(ids(results).slice(0, 2)).toEqual(['A', 'B'])
    expect(results[0]!.score).toBeCloseTo(0.01631659836065574, 15)
    expect(results[1]!.score).toBeCloseTo(0.016155473294553146, 15)
  })

  it('explains every result with each stream’s rank, own score and share', () => {
    const [b, a, c] = fuse([bm25, tfidf], options)
    expect(b!.explain).toEqual([
      { stream: 'bm25', rank: 1, score: 99, fused: 0.6 / 62 },
      { stream: 'tfidf', rank: 0, score: 100, fused: 0.4 / 61 },
    ])
    expect(a!.explain).toEqual([
      { stream: 'bm25', rank: 0, score: 100, fused: 0.6 / 61 },
      { stream: 'tfidf', rank: 3, score: 97, fused: 0.4 / 64 },
    ])
    expect(c!.explain).toEqual([{ stream: 'bm25', rank: 2, score: 98, fused: 0.6 / 63 }])
  })

  it('counts an id repeated within one list once, at its first place, and ranks the rest without it', () => {
    const noisy = list('noisy', 1, ['X', 'X', 'Y', 'X'])
    const results = fuse([noisy], options)
    expect(ids(results)).toEqual(['X', 'Y'])
    expect(results[0]!.score).toBe(1 / 61)
    expect(results[1]!.explain).toEqual([{ stream: 'noisy', rank: 1, score: 98, fused: 1 / 62 }])
  })

  it('merges by id, never by content, keeping the document of the best-ranked list', () => {
    const same = (id: string, content: string, file: string) => ({ id, content, metadata: { file } })
    const first: RankedList = { stream: 's1', weight: 1, results: [{ document: same('p', 'shared text', 'a.ts'), score: 1 }, { document: same('q', 'v1', 'b.ts'), score: 0.5 }] }
    const second: RankedList = { stream: 's2', weight: 1, results: [{ document: same('q', 'v2', 'b2.ts'), score: 9 }, { document: same('r', 'shared text', 'c.ts'), score: 8 }] }
    const results = fuse([first, second], options)
    expect(ids(results).sort()).toEqual(['p', 'q', 'r'])
    const q = results.find((r) => r.document.id === 'q')!
    expect(q.document.content).toBe('v2')
    expect(q.explain?.map((e) => e.stream)).toEqual(['s1', 's2'])
  })

  it('keeps at most maxPerFile results per file and does not cap documents without one', () => {
    const files = { a1: 'a.ts', a2: 'a.ts', a3: 'a.ts', a4: 'a.ts', n1: null, n2: null, n3: null, n4: null, b1: 'b.ts' }
    const many = list('s', 1, ['a1', 'a2', 'a3', 'a4', 'n1', 'n2', 'n3', 'n4', 'b1'], files)
    expect(ids(fuse([many], options))).toEqual(['a1', 'a2', 'a3', 'n1', 'n2', 'n3', 'n4', 'b1'])
    expect(ids(fuse([many], { ...options, maxPerFile: 1 }))).toEqual(['a1', 'n1', 'n2', 'n3', 'n4', 'b1'])
    expect(ids(fuse([many], { ...options, maxPerFile: Number.POSITIVE_INFINITY }))).toHaveLength(9)
    expect(ids(fuse([many], { ...options, topK: 4 }))).toEqual(['a1', 'a2', 'a3', 'n1'])
  })

  it('breaks equal fused scores by best single rank, then by id', () => {
    // With k = 0: "z" at rank 0 of a weight-1 list scores 1/1 = 1; "a" at rank 1 of a weight-2 list
    // scores 2/2 = 1. Same score; "z" has the better single rank, so it leads despite its id.
    const byRank = fuse([list('s1', 1, ['z']), list('s2', 2, ['x', 'a'])], { ...options, k: 0 })
    expect(ids(byRank)).toEqual(['x', 'z', 'a'])
    expect(byRank[1]!.score).toBe(byRank[2]!.score)
    // Z (ranks 0 and 1) and Y (ranks 1 and 0): same score, same best rank, so the smaller id leads.
    const byId = fuse([list('s1', 1, ['Z', 'Y']), list('s2', 1, ['Y', 'Z'])], options)
    expect(ids(byId)).toEqual(['Y', 'Z'])
    expect(byId[0]!.score).toBe(byId[1]!.score)
  })

  it('gives bit-identical scores to documents with the same contributions in any list order', () => {
    const a = fuse([list('s1', 0.3, ['D1', 'D2']), list('s2', 0.7, ['x', 'D2', 'D1']), list('s3', 0.1, ['y', 'z', 'D1', 'D2'])], options)
    const d1 = a.find((r) => r.document.id === 'D1')!
    const b = fuse([list('s3', 0.1, ['y', 'z', 'D1']), list('s2', 0.7, ['x', 'D2', 'D1']), list('s1', 0.3, ['D1'])], options)
    expect(b.find((r) => r.document.id === 'D1')!.score).toBe(d1.score)
  })

  it('returns nothing for empty lists', () => {
    expect(fuse([list('s', 1, [])], options)).toEqual([])
    expect(fuse([], options)).toEqual([])
  })
})
