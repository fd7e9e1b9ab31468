import fc from 'fast-check'
import { basicAnalyzer, contentText, pathAndSymbolText, type Analyzer, type Document, type IndexedText } from '@rag/core'
import { BM25Stream, codeAwareAnalyzer, compatibleAnalyzer } from '@rag/bm25'
import { doc, symbolChunks } from '@rag/test-utils'
import { afterAll, describe, expect, it } from 'vitest'
import { openSqliteKnowledgeBase, type SqliteKnowledgeBase } from './sqlite-knowledge-base.js'
import { createTempStores } from './testing/temp-stores.js'

const stores = createTempStores('rag-store-sqlite-bm25-')
afterAll(() => stores.dispose())

/** The `[id, score]` pairs of a BM25 search: the SQLite store's `search`, or `BM25Stream`'s. */
async function bm25(ranker: SqliteKnowledgeBase | BM25Stream, query: string, k: number): Promise<[string, number][]> {
  return (await ranker.search(query, k)).map((hit) => [hit.document.id, hit.score])
}

/** A `BM25Stream` that never evicts or expires, as a store never does. */
function stream(analyzer: Analyzer, indexedText: IndexedText = contentText): BM25Stream {
  return new BM25Stream({ analyzer, indexedText, maxDocuments: Number.POSITIVE_INFINITY, ttlMs: Number.POSITIVE_INFINITY })
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

  it('ranks equal scores in insertion order, a re-added document last', async () => {
    const kb = await stores.open(':memory:')
    await kb.add([doc('b', 'same words'), doc('a', 'same words'), doc('c', 'same words')])
    expect((await kb.search('same', 10)).map((h) => h.document.id)).toEqual(['b', 'a', 'c'])
    await kb.replaceDocuments(['b'], [doc('b', 'same words')])
    expect((await kb.search('same', 10)).map((h) => h.document.id)).toEqual(['a', 'c', 'b'])
  })
})

// Words that exercise the analyzers: identifiers split by code-aware, stop words, stems, digits,
// non-ASCII letters, and punctuation (a separator for every analyzer and for FTS5).
const WORDS = ['getAuthToken', 'auth', 'token', 'the', 'of', 'running', 'runs', 'HTTP_SERVER', 'server', 'x1', 'ключ', 'Ünïcode', 'a.b', 'foo-bar', '__init__', 'pool', 'Pool']
const text = fc.array(fc.constantFrom(...WORDS), { maxLength: 12 }).map((words) => words.join(' '))

describe('SqliteKnowledgeBase.search against BM25Stream', () => {
  it('gives the same ids and scores for the built-in analyzers, both indexed texts, and any churn', async () => {
    let counter = 0
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Analyzer>(basicAnalyzer, compatibleAnalyzer, codeAwareAnalyzer),
        fc.constantFrom<IndexedText>(contentText, pathAndSymbolText),
        fc.array(
          fc.record({
            remove: fc.array(fc.nat(20), { maxLength: 3 }),
            add: fc.array(fc.record({ content: text, symbol: fc.constantFrom('', 'getAuthToken', 'Pool') }), { maxLength: 6 }),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        fc.array(text.filter((q) => q.trim().length > 0), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 8 }),
        async (analyzer, indexedText, steps, queries, topK) => {
          const sqlite = await openSqliteKnowledgeBase(':memory:', { analyzer, indexedText })
          const memory = stream(analyzer, indexedText)
          try {
            const live: string[] = []
            for (const step of steps) {
              const removeIds = [...new Set(step.remove.filter((i) => i < live.length).map((i) => live[i]!))]
              const added: Document[] = step.add.map(({ content, symbol }) => {
                const id = `d${++counter}`
                return { id, content, metadata: { file: `src/${symbol || 'plain'}.ts`, ...(symbol ? { symbol } : {}) } }
              })
              await sqlite.replaceDocuments(removeIds, added)
              await memory.replaceDocuments(removeIds, added)
              for (const id of removeIds) live.splice(live.indexOf(id), 1)
              live.push(...added.map((d) => d.id))
            }
            for (const query of queries) expect(await bm25(sqlite, query, topK)).toEqual(await bm25(memory, query, topK))
          } finally {
            await sqlite.close()
          }
        },
      ),
      { numRuns: 150 },
    )
  })

  it('agrees after heavy churn in a file store, and on real chunks with symbol names', async () => {
    const sqlite = await stores.open(stores.path(), { analyzer: codeAwareAnalyzer })
    const memory = stream(codeAwareAnalyzer)
    const docAt = (generation: number, i: number): Document =>
      doc(`g${generation}-${i}`, `${WORDS[i % WORDS.length]} ${WORDS[(i * 3 + generation) % WORDS.length]} chunk${i % 17} gen${generation}`)
    let live = Array.from({ length: 3000 }, (_, i) => docAt(0, i))
    await sqlite.add(live)
    await memory.add(live)
    for (let generation = 1; generation <= 6; generation++) {
      const removed = live.filter((_, i) => i % 2 === generation % 2 || i % 10 === 0).map((d) => d.id)
      const added = Array.from({ length: 700 }, (_, i) => docAt(generation, i))
      await sqlite.replaceDocuments(removed, added)
      await memory.replaceDocuments(removed, added)
      const gone = new Set(removed)
      live = [...live.filter((d) => !gone.has(d.id)), ...added]
    }
    for (const query of ['auth token', 'chunk3', 'gen6 pool', 'server running', 'ключ', 'gen0', 'getAuthToken HTTP_SERVER x1']) {
      expect(await bm25(sqlite, query, 25)).toEqual(await bm25(memory, query, 25))
    }

    const chunks = await stores.open(':memory:', { analyzer: codeAwareAnalyzer, indexedText: pathAndSymbolText })
    const chunkStream = stream(codeAwareAnalyzer, pathAndSymbolText)
    await chunks.add(symbolChunks())
    await chunkStream.add(symbolChunks())
    for (const query of ['SessionCache', 'close idle pool connections', 'session', 'readme']) {
      expect(await bm25(chunks, query, 10)).toEqual(await bm25(chunkStream, query, 10))
    }
  })
})
