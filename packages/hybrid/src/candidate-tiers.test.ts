import type { Document, MetadataValue, SearchResult, Stream } from '@rag/core'
import { seededRandom } from '@rag/test-utils'
import { describe, expect, it } from 'vitest'
import { firstFetchDepth, fuseInTiers, maxDepthFor, type FetchedList } from './candidate-tiers.js'
import { appendCapped, fuse, rankFused } from './fuse.js'
import { HybridRetriever } from './hybrid-retriever.js'
import { doc, listStream } from './testing/streams.js'

const ids = (results: readonly SearchResult[]) => results.map((r) => r.document.id)
const silent = { warn: (): void => undefined }

/** A random ranking of `pool` documents: each list a shuffled sample, like two lexical streams disagreeing. */
function randomList(random: () => number, pool: readonly Document[], length: number): Document[] {
  const order = [...pool]
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[order[i], order[j]] = [order[j]!, order[i]!]
  }
  return order.slice(0, length)
}

describe('HybridRetriever: one ranking for every topK', () => {
  it('ranks the same first hit for topK 1 and 2 where 2 × topK candidates did not (hand-computed)', async () => {
    // a: A B C D   b: C E F G. Asked 2 deep (topK 1): A and C both 1/61, A wins by id. Asked 4 deep
    // (topK 2): C gets 1/61 + 1/63 and leads. Read 50 deep for both, C leads both.
    const a = () => listStream('a', ['A', 'B', 'C', 'D'].map((id) => doc(id)))
    const b = () => listStream('b', ['C', 'E', 'F', 'G'].map((id) => doc(id)))
    const retriever = HybridRetriever.builder().stream(a(), 1).stream(b(), 1).build()
    expect(ids(await retriever.retrieve('q', 1))).toEqual(['C'])
    expect(ids(await retriever.retrieve('q', 2))).toEqual(['C', 'A'])
  })

  it('returns for every topK the first topK of a larger topK (200 random pairs of streams)', async () => {
    const random = seededRandom(11)
    for (let round = 0; round < 200; round++) {
      const files = 5 + Math.floor(random() * 60)
      const pool = Array.from({ length: 40 + Math.floor(random() * 600) }, (_, i) => doc(`d${i}`, `f${Math.floor(random() * files)}.ts`))
      const retriever = HybridRetriever.builder({ logger: silent })
        .stream(listStream('bm25', randomList(random, pool, Math.floor(random() * pool.length))), 0.7)
        .stream(listStream('tfidf', randomList(random, pool, Math.floor(random() * pool.length))), 0.3)
        .build()
      const widest = ids(await retriever.retrieve('q', 120))
      for (const topK of [1, 2, 3, 5, 10, 24, 25, 26, 30, 49, 50, 51, 64, 99, 100, 101]) {
        expect(ids(await retriever.retrieve('q', topK)), `round ${round}, topK ${topK}`).toEqual(widest.slice(0, topK))
      }
    }
  })

  it('reads deeper when one file fills the candidates, so other files are not hidden', async () => {
    // 2,000 chunks of one minified file rank first in both streams; 20 other files follow.
    const huge = Array.from({ length: 2000 }, (_, i) => doc(`min-${String(i).padStart(4, '0')}`, 'dist/app.min.js'))
    const others = Array.from({ length: 20 }, (_, i) => doc(`other-${i}`, `src/file-${i}.ts`))
    const bm25 = listStream('bm25', [...huge, ...others])
    const tfidf = listStream('tfidf', [...huge].reverse().concat(others))
    const results = await HybridRetriever.builder().stream(bm25, 0.7).stream(tfidf, 0.3).build().retrieve('q', 30)
    const files = new Set(results.map((r) => r.document.metadata.file))
    expect(files.size).toBe(21)
    expect(results).toHaveLength(23)
    // 100 deep first (topK 30), then four times as deep each round until the streams run out.
    expect(bm25.calls.map(([, depth]) => depth)).toEqual([100, 400, 1600, 6400])
  })

  it('stops reading deeper at maxCandidates', async () => {
    const huge = Array.from({ length: 3000 }, (_, i) => doc(`min-${i}`, 'dist/app.min.js'))
    const bm25 = listStream('bm25', [...huge, doc('other', 'src/other.ts')])
    const results = await HybridRetriever.builder({ maxCandidates: 1000 }).stream(bm25, 1).build().retrieve('q', 10)
    expect(ids(results)).toEqual(['min-0', 'min-1', 'min-2'])
    expect(bm25.calls.map(([, depth]) => depth)).toEqual([50, 200, 800, 1000])
  })

  it('keeps the first list of a stream that fails when asked deeper, and says so', async () => {
    const warnings: string[] = []
    let calls = 0
    const flaky: Stream = {
      name: 'flaky',
      async search(_query, topK) {
        calls++
        if (calls > 1) throw new Error('gone')
        return Array.from({ length: topK }, (_, i) => ({ document: doc(`x${i}`, 'one.ts'), score: topK - i }))
      },
    }
    const other = listStream('other', Array.from({ length: 300 }, (_, i) => doc(`y${i}`, 'two.ts')).concat([doc('z', 'three.ts')]))
    const results = await HybridRetriever.builder({ logger: { warn: (m) => void warnings.push(m) } }).stream(flaky, 1).stream(other, 1).build().retrieve('q', 7)
    // Six from the first 50 of each (three per file), then "other" alone is read deeper and gives z.
    expect(ids(results)).toEqual(['x0', 'y0', 'x1', 'y1', 'x2', 'y2', 'z'])
    expect(calls).toBe(2)
    expect(warnings).toEqual(['HybridRetriever "hybrid": stream "flaky" failed and was skipped: gone'])
  })
})

describe('fuseInTiers', () => {
  const options = { k: 60, maxPerFile: 3, topK: 10, minCandidates: 4, candidateMultiplier: 2, maxCandidates: 100 }
  const list = (files: readonly string[], complete: boolean): FetchedList => ({
    stream: 's',
    weight: 1,
    results: files.map((file, i) => ({ document: doc(`${file}-${i}`, file), score: files.length - i })),
    complete,
  })

  it('asks for the next tier when the cap leaves it short and a stream may hold more', () => {
    const { results, deeper } = fuseInTiers([list(['a', 'a', 'a', 'a', 'a', 'a', 'a', 'a'], false)], 8, options)
    expect(results).toHaveLength(3)
    expect(deeper).toBe(16)
  })

  it('is final when every stream is complete', () => {
    const { results, deeper } = fuseInTiers([list(['a', 'a', 'a', 'a', 'a', 'b'], true)], 8, options)
    expect(ids(results)).toEqual(['a-0', 'a-1', 'a-2', 'b-5'])
    expect(deeper).toBeUndefined()
  })

  it('fills positions 0-1 from the 4-deep fusion and the rest from the 8-deep one (the lists end there)', () => {
    const a: FetchedList = { stream: 'a', weight: 1, results: ['p', 'q', 'r', 's', 't', 'u', 'v', 'w'].map((id, i) => ({ document: doc(id), score: 8 - i })), complete: true }
    const b: FetchedList = { stream: 'b', weight: 1, results: ['x', 'y', 'z', 'w', 'v', 'u', 't', 's'].map((id, i) => ({ document: doc(id), score: 8 - i })), complete: true }
    const tiered = ids(fuseInTiers([a, b], 8, { ...options, topK: 8 }).results)
    // Tier 0 (4 deep): p, x (1/61 each; p by id). Tier 1 (8 deep) ranks w, s, v, t, u (two lists
    // each) first and, as the lists end there, fills every place left.
    expect(tiered.slice(0, 2)).toEqual(['p', 'x'])
    expect(tiered.slice(2, 4).sort()).toEqual(['s', 'w'])
    expect(tiered).toHaveLength(8)
  })

  it('gives exactly what fuse gives when one tier holds the whole lists (scores, explain, documents)', () => {
    const random = seededRandom(5)
    for (let round = 0; round < 50; round++) {
      const pool = Array.from({ length: 30 }, (_, i) => doc(`d${i}`, `f${i % 7}.ts`))
      const lists: FetchedList[] = ['a', 'b', 'c'].map((stream, i) => ({
        stream,
        weight: 0.2 + i * 0.3,
        results: randomList(random, pool, Math.floor(random() * 30)).map((document, rank) => ({ document, score: 100 - rank })),
        complete: true,
      }))
      const tiered = fuseInTiers(lists, 64, { ...options, topK: 20, minCandidates: 64, maxCandidates: 64 }).results
      expect(tiered).toEqual(fuse(lists, { k: 60, maxPerFile: 3, topK: 20 }))
    }
  })

  it('fuses incrementally exactly as a fresh fusion of each tier would (many tiers, cap, repeats, ties)', () => {
    // The reference: every tier fused from scratch at its depth by rankFused, placed by appendCapped.
    const reference = (lists: readonly FetchedList[], topK: number): SearchResult[] => {
      const out: SearchResult[] = []
      const taken = new Set<string>()
      const perFile = new Map<MetadataValue, number>()
      for (let depth = 4; ; depth *= 2) {
        const last = depth >= 256 || lists.every((l) => l.results.length <= depth)
        appendCapped(rankFused(lists, 60, depth), out, { limit: last ? topK : Math.min(topK, depth / 2), maxPerFile: 2, taken, perFile })
        if (out.length >= topK || last) return out
      }
    }
    const random = seededRandom(9)
    for (let round = 0; round < 100; round++) {
      const pool = Array.from({ length: 150 }, (_, i) => doc(`d${i}`, `f${Math.floor(random() * 12)}.ts`))
      const lists: FetchedList[] = ['a', 'b'].map((stream, i) => {
        const picked = randomList(random, pool, Math.floor(random() * 150))
        // A few repeats of an id within one list: it counts once, at its first place.
        for (let r = 0; r < 5 && picked.length > 0; r++) picked.splice(Math.floor(random() * picked.length), 0, picked[Math.floor(random() * picked.length)]!)
        // Odd rounds weigh both lists alike: many fused scores tie, and ties are broken by best rank and id.
        return { stream, weight: 0.4 + (round % 2) * i * 0.3, results: picked.map((document, rank) => ({ document, score: 1000 - rank })), complete: true }
      })
      const topK = 1 + Math.floor(random() * 80)
      const tiered = fuseInTiers(lists, 256, { k: 60, maxPerFile: 2, topK, minCandidates: 4, candidateMultiplier: 2, maxCandidates: 256 }).results
      expect(tiered, `round ${round}`).toEqual(reference(lists, topK))
    }
  })

  it('reads at least minCandidates deep, and more only for a larger topK', () => {
    const base = { minCandidates: 50, candidateMultiplier: 2, maxCandidates: 10_000 }
    expect([1, 25, 26, 50, 51, 3200, 3201].map((topK) => firstFetchDepth({ ...base, topK }))).toEqual([50, 50, 100, 100, 200, 6400, 12_800])
    // Past maxCandidates / candidateMultiplier, topK itself sets the deepest read.
    expect(maxDepthFor({ ...base, topK: 3201 })).toBe(12_800)
    expect(maxDepthFor({ ...base, topK: 10 })).toBe(10_000)
  })
})
