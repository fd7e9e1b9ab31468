import fc from 'fast-check'
import { type Analyzer, type Document, type IndexedText, type SearchResult } from '@rag/core'
import { basicAnalyzer, contentText, pathAndSymbolText } from '@rag/lexical'
import { BM25Stream, codeAwareAnalyzer, compatibleAnalyzer } from '@rag/bm25'
import { InMemoryKnowledgeBase } from '@rag/kb-tfidf'
import { doc, symbolChunks } from '@rag/test-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PostgresDatabase } from './postgres-database.js'
import type { PostgresKnowledgeBase } from './postgres-knowledge-base.js'
import { createTestDatabase, type TestDatabase } from './testing/test-database.js'

let test: TestDatabase
let database: PostgresDatabase
let projects = 0

beforeAll(async () => {
  test = await createTestDatabase('equivalence')
  database = await test.open()
})
afterAll(() => test?.dispose())

const open = (analyzer: Analyzer, indexedText: IndexedText): PostgresKnowledgeBase => database.project({ repoId: `equivalence-${++projects}` }, { analyzer, indexedText })

/** Words that exercise the analyzers: identifiers, stop words, stems, digits, non-ASCII, punctuation. */
const MIXED_WORDS: readonly string[] = ['getAuthToken', 'auth', 'token', 'the', 'of', 'running', 'runs', 'HTTP_SERVER', 'server', 'x1', 'ключ', 'Ünïcode', 'a.b', 'foo-bar', '__init__', 'pool', 'Pool']

/** An in-memory ranker fed the same documents as the store. */
interface Twin {
  replaceDocuments(removeIds: readonly string[], addDocuments: readonly Document[]): Promise<void>
  add(documents: readonly Document[]): Promise<void>
  search(query: string, topK: number): Promise<SearchResult[]>
}

interface Pair {
  readonly name: string
  readonly ranked: (store: PostgresKnowledgeBase, query: string, topK: number) => Promise<SearchResult[]>
  readonly twin: (analyzer: Analyzer, indexedText: IndexedText) => Twin
}

const PAIRS: readonly Pair[] = [
  {
    name: 'search (BM25) and BM25Stream',
    ranked: (store, query, topK) => store.search(query, topK),
    twin: (analyzer, indexedText) => new BM25Stream({ analyzer, indexedText, maxDocuments: Number.POSITIVE_INFINITY, ttlMs: Number.POSITIVE_INFINITY }),
  },
  {
    name: 'searchTfidf and InMemoryKnowledgeBase',
    ranked: (store, query, topK) => store.searchTfidf(query, topK),
    twin: (analyzer, indexedText) => new InMemoryKnowledgeBase({ analyzer, indexedText }),
  },
]

const pairs = (hits: readonly SearchResult[]): [string, number][] => hits.map((hit) => [hit.document.id, hit.score])
const text = fc.array(fc.constantFrom(...MIXED_WORDS), { maxLength: 12 }).map((words) => words.join(' '))

describe.each(PAIRS)('PostgresKnowledgeBase: $name give the same ids and scores', ({ ranked, twin }) => {
  it('for the built-in analyzers, both indexed texts, and any churn (property)', async () => {
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
          const store = open(analyzer, indexedText)
          const memory = twin(analyzer, indexedText)
          const live: string[] = []
          for (const step of steps) {
            const removeIds = [...new Set(step.remove.filter((i) => i < live.length).map((i) => live[i]!))]
            const added: Document[] = step.add.map(({ content, symbol }) => {
              const id = `d${++counter}`
              return { id, content, metadata: { file: `src/${symbol || 'plain'}.ts`, ...(symbol ? { symbol } : {}) } }
            })
            await store.replaceDocuments(removeIds, added)
            await memory.replaceDocuments(removeIds, added)
            for (const id of removeIds) live.splice(live.indexOf(id), 1)
            live.push(...added.map((d) => d.id))
          }
          for (const query of queries) expect(pairs(await ranked(store, query, topK))).toEqual(pairs(await memory.search(query, topK)))
        },
      ),
      { numRuns: 100 },
    )
  }, 120_000)

  it('after heavy churn', async () => {
    const store = open(codeAwareAnalyzer, contentText)
    const memory = twin(codeAwareAnalyzer, contentText)
    const docAt = (generation: number, i: number): Document =>
      doc(`g${generation}-${i}`, `${MIXED_WORDS[i % MIXED_WORDS.length]} ${MIXED_WORDS[(i * 3 + generation) % MIXED_WORDS.length]} chunk${i % 17} gen${generation}`)
    let live = Array.from({ length: 3000 }, (_, i) => docAt(0, i))
    await store.add(live)
    await memory.add(live)
    for (let generation = 1; generation <= 6; generation++) {
      const removed = live.filter((_, i) => i % 2 === generation % 2 || i % 10 === 0).map((d) => d.id)
      const added = Array.from({ length: 700 }, (_, i) => docAt(generation, i))
      await store.replaceDocuments(removed, added)
      await memory.replaceDocuments(removed, added)
      const gone = new Set(removed)
      live = [...live.filter((d) => !gone.has(d.id)), ...added]
    }
    expect(await store.size()).toBe(live.length)
    for (const query of ['auth token', 'chunk3', 'gen6 pool', 'server running', 'ключ', 'gen0', 'getAuthToken HTTP_SERVER x1']) {
      expect(pairs(await ranked(store, query, 25))).toEqual(pairs(await memory.search(query, 25)))
    }
  }, 120_000)

  it('when a term\'s postings span several blocks (more than 8,192 chunks), some removed mid-block', async () => {
    const store = open(codeAwareAnalyzer, contentText)
    const memory = twin(codeAwareAnalyzer, contentText)
    const docAt = (i: number): Document => doc(`c${i}`, `${MIXED_WORDS[i % MIXED_WORDS.length]} chunk${i % 13} part${i % 5} ${i % 3 === 0 ? 'common common' : 'common'}`)
    const all = Array.from({ length: 20_000 }, (_, i) => docAt(i))
    await store.add(all)
    await memory.add(all)
    const removed = all.filter((_, i) => i > 8_000 && i < 17_000 && i % 4 === 1).map((d) => d.id)
    await store.replaceDocuments(removed, [])
    await memory.replaceDocuments(removed, [])
    for (const query of ['common', 'chunk4 part2', 'auth token common', 'getAuthToken chunk12 part0']) {
      expect(pairs(await ranked(store, query, 30))).toEqual(pairs(await memory.search(query, 30)))
    }
  }, 120_000)

  it('on real chunks with symbol names', async () => {
    const store = open(codeAwareAnalyzer, pathAndSymbolText)
    const memory = twin(codeAwareAnalyzer, pathAndSymbolText)
    await store.add(symbolChunks())
    await memory.add(symbolChunks())
    for (const query of ['SessionCache', 'close idle pool connections', 'session', 'readme']) {
      expect(pairs(await ranked(store, query, 10))).toEqual(pairs(await memory.search(query, 10)))
    }
  })
})
