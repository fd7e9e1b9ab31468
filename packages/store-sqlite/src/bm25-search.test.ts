import { doc } from '@rag/test-utils'
import { afterAll, describe, expect, it } from 'vitest'
import type { SqliteKnowledgeBase } from './sqlite-knowledge-base.js'
import { createTempStores } from './testing/temp-stores.js'

const stores = createTempStores('rag-store-sqlite-bm25-')
afterAll(() => stores.dispose())

/** The `[id, score]` pairs of the store's BM25 search. */
async function bm25(kb: SqliteKnowledgeBase, query: string, k: number): Promise<[string, number][]> {
  return (await kb.search(query, k)).map((hit) => [hit.document.id, hit.score])
}

describe('SqliteKnowledgeBase.search (BM25)', () => {
  it('gives the hand-computed BM25 scores (k1 1.2, b 0.75, Lucene idf)', async () => {
    const kb = await stores.open(':memory:')
    await kb.add([doc('a', 'alpha beta beta'), doc('b', 'beta gamma'), doc('c', 'gamma gamma gamma delta')])
    // N = 3, avgdl = 9 / 3 = 3; idf(beta) = idf(gamma) = ln(1 + 1.5 / 2.5).
    const idf = Math.log(1 + 1.5 / 2.5)
    const part = (tf: number, length: number): number => (idf * tf * 2.2) / (tf + 1.2 * (1 - 0.75 + (0.75 * length) / 3))
    const hits = await kb.search('beta gamma', 10)
    const expected = new Map([
      ['a', part(2, 3)],
      ['b', part(1, 2) + part(1, 2)],
      ['c', part(3, 4)],
    ])
    expect(hits.map((h) => h.document.id)).toEqual([...expected.entries()].sort((x, y) => y[1] - x[1]).map(([id]) => id))
    for (const hit of hits) expect(hit.score).toBeCloseTo(expected.get(hit.document.id)!, 12)
  })

  it('forgets deleted documents in N and avgdl, where FTS5 bm25() of a contentless table would not', async () => {
    const churned = await stores.open(':memory:')
    await churned.add([doc('1', 'alpha beta beta gamma'), doc('2', 'beta delta'), doc('3', 'gamma gamma alpha epsilon zeta'), doc('4', 'alpha')])
    await churned.replaceDocuments(['3'], [doc('5', 'beta beta')])
    const fresh = await stores.open(':memory:')
    await fresh.add([doc('1', 'alpha beta beta gamma'), doc('2', 'beta delta'), doc('4', 'alpha'), doc('5', 'beta beta')])
    expect(await bm25(churned, 'alpha beta', 10)).toEqual(await bm25(fresh, 'alpha beta', 10))
  })

  it('sees every commit, its own or another connection\'s, though it reuses postings within one generation', async () => {
    const path = stores.path()
    const reader = await stores.open(path)
    const writer = await stores.open(path)
    await writer.add([doc('a', 'shared alpha')])
    expect((await reader.search('shared', 5)).map((h) => h.document.id)).toEqual(['a'])
    expect((await reader.searchTfidf('shared', 5)).map((h) => h.document.id)).toEqual(['a'])
    await writer.add([doc('b', 'shared beta')])
    expect((await reader.search('shared', 5)).map((h) => h.document.id)).toEqual(['a', 'b'])
    expect((await reader.searchTfidf('shared', 5)).map((h) => h.document.id).sort()).toEqual(['a', 'b'])
    await reader.remove('a')
    expect((await reader.search('shared', 5)).map((h) => h.document.id)).toEqual(['b'])
    expect((await writer.searchTfidf('shared', 5)).map((h) => h.document.id)).toEqual(['b'])
  })

  it('scores with the N and avgdl of the current generation after another connection commits documents the query does not match', async () => {
    const path = stores.path()
    const reader = await stores.open(path)
    const writer = await stores.open(path)
    await writer.add([doc('a', 'alpha beta'), doc('b', 'gamma')])
    await reader.search('alpha', 5)
    await reader.searchTfidf('alpha', 5)
    await writer.add([doc('c', 'delta delta delta delta delta delta'), doc('d', 'epsilon')])
    const fresh = await stores.open(':memory:')
    await fresh.add([doc('a', 'alpha beta'), doc('b', 'gamma'), doc('c', 'delta delta delta delta delta delta'), doc('d', 'epsilon')])
    expect(await bm25(reader, 'alpha', 5)).toEqual(await bm25(fresh, 'alpha', 5))
    const tfidf = async (kb: SqliteKnowledgeBase) => (await kb.searchTfidf('alpha', 5)).map((hit) => [hit.document.id, hit.score])
    expect(await tfidf(reader)).toEqual(await tfidf(fresh))
  })

  it('ranks equal scores by id, a re-added document where it was', async () => {
    const kb = await stores.open(':memory:')
    await kb.add([doc('b', 'same words'), doc('a', 'same words'), doc('c', 'same words')])
    expect((await kb.search('same', 10)).map((h) => h.document.id)).toEqual(['a', 'b', 'c'])
    await kb.replaceDocuments(['a'], [doc('a', 'same words')])
    expect((await kb.search('same', 10)).map((h) => h.document.id)).toEqual(['a', 'b', 'c'])
    expect((await kb.search('same', 1)).map((h) => h.document.id)).toEqual(['a'])
  })
})
