import Database from 'better-sqlite3'
import fc from 'fast-check'
import { InvalidArgumentError, basicAnalyzer, contentText, pathAndSymbolText, type Analyzer, type Document, type IndexedText } from '@rag/core'
import { codeAwareAnalyzer, compatibleAnalyzer } from '@rag/bm25'
import { InMemoryKnowledgeBase } from '@rag/kb-tfidf'
import { doc, symbolChunks } from '@rag/test-utils'
import { afterAll, describe, expect, it } from 'vitest'
import { SCHEMA_VERSION } from './schema.js'
import { openSqliteKnowledgeBase, type SqliteKnowledgeBase } from './sqlite-knowledge-base.js'
import { SqliteTfidfStream } from './sqlite-tfidf-stream.js'
import { createTempStores } from './testing/temp-stores.js'

const stores = createTempStores('rag-store-sqlite-tfidf-')
afterAll(() => stores.dispose())

/** The `[id, score]` pairs of a TF-IDF search: the SQLite store's `searchTfidf`, or the in-memory knowledge base's `search`. */
async function tfidf(kb: SqliteKnowledgeBase | InMemoryKnowledgeBase, query: string, k: number): Promise<[string, number][]> {
  const hits = kb instanceof InMemoryKnowledgeBase ? await kb.search(query, k) : await kb.searchTfidf(query, k)
  return hits.map((hit) => [hit.document.id, hit.score])
}

describe('SqliteKnowledgeBase.searchTfidf', () => {
  it('gives the hand-computed scores of the kb-tfidf worked example', async () => {
    const kb = await stores.open(':memory:')
    await kb.add([doc('a', 'alpha beta beta'), doc('b', 'beta gamma'), doc('c', 'gamma gamma gamma delta')])
    const hits = await kb.searchTfidf('beta gamma', 10)
    expect(hits.map((h) => h.document.id)).toEqual(['b', 'c', 'a'])
    expect(hits.map((h) => h.score)).toEqual([
      expect.closeTo(2 / Math.sqrt(2), 12),
      expect.closeTo((1 + Math.log(3)) / 2, 12),
      expect.closeTo((1 + Math.log(2)) / Math.sqrt(3), 12),
    ])
    expect(hits[0]!.document).toEqual(doc('b', 'beta gamma'))
  })

  it('orders equal scores by id and cuts ties at topK', async () => {
    const kb = await stores.open(':memory:')
    await kb.add([doc('z', 'same words'), doc('m', 'same words'), doc('a', 'same words'), doc('q', 'other text')])
    expect((await kb.searchTfidf('same', 2)).map((h) => h.document.id)).toEqual(['a', 'm'])
    expect((await kb.searchTfidf('same', 10)).map((h) => h.document.id)).toEqual(['a', 'm', 'z'])
  })

  it('finds nothing for unknown terms or a query without terms, and validates its arguments', async () => {
    const kb = await stores.open(':memory:')
    expect(await kb.searchTfidf('anything', 3)).toEqual([])
    await kb.add([doc('a', 'alpha beta')])
    expect(await kb.searchTfidf('gamma', 3)).toEqual([])
    expect(await kb.searchTfidf('!!', 3)).toEqual([])
    await expect(kb.searchTfidf('', 3)).rejects.toBeInstanceOf(InvalidArgumentError)
    await expect(kb.searchTfidf('alpha', 0)).rejects.toBeInstanceOf(InvalidArgumentError)
    await kb.close()
    await expect(kb.searchTfidf('alpha', 3)).rejects.toThrow(/closed/)
  })

  it('forgets removed and cleared documents', async () => {
    const kb = await stores.open(stores.path())
    await kb.add([doc('a', 'alpha beta'), doc('b', 'beta beta'), doc('c', 'gamma')])
    await kb.replaceDocuments(['b'], [doc('d', 'beta delta')])
    expect((await kb.searchTfidf('beta', 5)).map((h) => h.document.id)).toEqual(['a', 'd'])
    await kb.clear()
    expect(await kb.searchTfidf('beta', 5)).toEqual([])
    await kb.add([doc('e', 'beta')])
    expect((await kb.searchTfidf('beta', 5)).map((h) => h.document.id)).toEqual(['e'])
  })
})

// Words that exercise the analyzers: identifiers split by code-aware, stop words, stems, digits,
// non-ASCII letters, and punctuation (a separator for every analyzer and for FTS5).
const WORDS = ['getAuthToken', 'auth', 'token', 'the', 'of', 'running', 'runs', 'HTTP_SERVER', 'server', 'x1', 'ключ', 'Ünïcode', 'a.b', 'foo-bar', '__init__', 'pool', 'Pool']
const text = fc.array(fc.constantFrom(...WORDS), { maxLength: 12 }).map((words) => words.join(' '))
const ANALYZERS: readonly Analyzer[] = [basicAnalyzer, compatibleAnalyzer, codeAwareAnalyzer]
const TEXTS: readonly IndexedText[] = [contentText, pathAndSymbolText]

interface Step {
  readonly remove: number[]
  readonly add: { content: string; symbol: string }[]
}

describe('searchTfidf against InMemoryKnowledgeBase', () => {
  it('gives the same ids and scores for the built-in analyzers, both indexed texts, and any churn', async () => {
    let counter = 0
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ANALYZERS),
        fc.constantFrom(...TEXTS),
        fc.array(
          fc.record({
            remove: fc.array(fc.nat(20), { maxLength: 3 }),
            add: fc.array(fc.record({ content: text, symbol: fc.constantFrom('', 'getAuthToken', 'Pool') }), { maxLength: 6 }),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        fc.array(text.filter((q) => q.trim().length > 0), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 8 }),
        async (analyzer, indexedText, steps: Step[], queries, topK) => {
          const sqlite = await openSqliteKnowledgeBase(':memory:', { analyzer, indexedText })
          const memory = new InMemoryKnowledgeBase({ analyzer, indexedText })
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
            for (const query of queries) {
              expect(await tfidf(sqlite, query, topK)).toEqual(await tfidf(memory, query, topK))
            }
          } finally {
            await sqlite.close()
          }
        },
      ),
      { numRuns: 150 },
    )
  })

  it('agrees after heavy churn in a file store (FTS5 tombstones and merges)', async () => {
    const options = { analyzer: codeAwareAnalyzer }
    const sqlite = await stores.open(stores.path(), options)
    const memory = new InMemoryKnowledgeBase(options)
    const docAt = (generation: number, i: number): Document =>
      doc(`g${generation}-${i}`, `${WORDS[i % WORDS.length]} ${WORDS[(i * 3 + generation) % WORDS.length]} chunk${i % 17} gen${generation}`)
    let live = Array.from({ length: 3000 }, (_, i) => docAt(0, i))
    await sqlite.add(live)
    await memory.add(live)
    for (let generation = 1; generation <= 6; generation++) {
      // Replace every other live document, then a tenth more by id, in one swap each.
      const removed = live.filter((_, i) => i % 2 === generation % 2 || i % 10 === 0).map((d) => d.id)
      const added = Array.from({ length: 700 }, (_, i) => docAt(generation, i))
      await sqlite.replaceDocuments(removed, added)
      await memory.replaceDocuments(removed, added)
      const gone = new Set(removed)
      live = [...live.filter((d) => !gone.has(d.id)), ...added]
    }
    expect(await sqlite.size()).toBe(live.length)
    for (const query of ['auth token', 'chunk3', 'gen6 pool', 'server running', 'ключ', 'gen0', 'getAuthToken HTTP_SERVER x1']) {
      expect(await tfidf(sqlite, query, 25)).toEqual(await tfidf(memory, query, 25))
    }
  })

  it('agrees on real chunks with symbol names', async () => {
    const sqlite = await stores.open(':memory:', { analyzer: codeAwareAnalyzer, indexedText: pathAndSymbolText })
    const memory = new InMemoryKnowledgeBase({ analyzer: codeAwareAnalyzer, indexedText: pathAndSymbolText })
    await sqlite.add(symbolChunks())
    await memory.add(symbolChunks())
    for (const query of ['SessionCache', 'close idle pool connections', 'session', 'readme']) {
      expect(await tfidf(sqlite, query, 10)).toEqual(await tfidf(memory, query, 10))
    }
  })
})

describe('upgrading an older store', () => {
  /** Turns a current store file into what an older release wrote: no term_counts, version `version`. */
  function downgrade(path: string, version: 1 | 2): void {
    const raw = new Database(path)
    raw.exec('DROP TABLE term_counts')
    raw.pragma(`user_version = ${version}`)
    raw.close()
  }

  function tables(path: string): { version: number; counts: number } {
    const raw = new Database(path, { readonly: true })
    try {
      return {
        version: Number(raw.pragma('user_version', { simple: true })),
        counts: Number(raw.prepare('SELECT count(*) FROM term_counts').pluck().get()),
      }
    } finally {
      raw.close()
    }
  }

  it.each([
    [1, contentText],
    [2, pathAndSymbolText],
  ] as const)('upgrades a version %i store in place: term counts filled, TF-IDF search as on a fresh store', async (version, indexedText) => {
    const options = { analyzer: codeAwareAnalyzer, indexedText }
    const path = stores.path()
    const old = await openSqliteKnowledgeBase(path, options)
    // More than one upgrade page (1,000 documents), with gaps in seq from removals.
    const docs = Array.from({ length: 2300 }, (_, i) => doc(`c${i}`, `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} chunk${i % 13}`))
    await old.add(docs)
    await old.replaceDocuments(['c5', 'c1500'], [])
    await old.close()
    downgrade(path, version)

    const upgraded = await stores.open(path, options)
    expect(tables(path)).toEqual({ version: SCHEMA_VERSION, counts: 2298 })
    const fresh = await stores.open(':memory:', options)
    await fresh.add(docs.filter((d) => d.id !== 'c5' && d.id !== 'c1500'))
    for (const query of ['auth token', 'chunk3 server', 'ключ pool']) {
      expect(await tfidf(upgraded, query, 10)).toEqual(await tfidf(fresh, query, 10))
    }
    expect((await upgraded.list()).length).toBe(2298)
  })
})

describe('SqliteTfidfStream', () => {
  it('is a stream named tfidf (or as given) that searches by TF-IDF', async () => {
    const kb = await stores.open(':memory:')
    await kb.add([doc('a', 'alpha beta beta'), doc('b', 'beta gamma')])
    const stream = new SqliteTfidfStream(kb)
    expect(stream.name).toBe('tfidf')
    expect(new SqliteTfidfStream(kb, { name: 'kb' }).name).toBe('kb')
    expect(await stream.search('beta', 5)).toEqual(await kb.searchTfidf('beta', 5))
  })
})
