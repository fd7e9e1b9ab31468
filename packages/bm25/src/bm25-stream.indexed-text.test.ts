import { contentText, InvalidArgumentError, pathAndSymbolText, type Analyzer, type Document, type IndexedText } from '@rag/core'
import fc from 'fast-check'
import { symbolChunks } from '@rag/test-utils'
import { describe, expect, it } from 'vitest'
import { BM25Stream, type BM25StreamOptions } from './bm25-stream.js'
import { codeAwareAnalyzer } from './code-aware-analyzer.js'
import { compatibleAnalyzer } from './compatible-analyzer.js'

const chunks = symbolChunks

/** The same analyzer without the term-id shortcut: the generic `analyze` path. */
function generic(analyzer: Analyzer): Analyzer {
  return { name: analyzer.name, analyze: (text) => analyzer.analyze(text), analyzeQuery: (text) => analyzer.analyzeQuery(text) }
}

const analyzers: [string, Analyzer][] = [
  ['codeAwareAnalyzer', codeAwareAnalyzer],
  ['compatibleAnalyzer', compatibleAnalyzer],
  ['a generic analyzer', generic(codeAwareAnalyzer)],
]

async function ids(options: BM25StreamOptions, query: string): Promise<string[]> {
  const stream = new BM25Stream(options)
  await stream.add(chunks())
  return (await stream.search(query, 10)).map((hit) => hit.document.id)
}

describe.each(analyzers)('BM25Stream indexedText with %s', (_name, analyzer) => {
  it('ranks with pathAndSymbolText: a chunk is found by a symbol name or path word its content lacks', async () => {
    // (The code-aware analyzer splits `SessionCache` into words other chunks hold, so only the top hit counts.)
    expect((await ids({ analyzer, indexedText: pathAndSymbolText }, 'SessionCache'))[0]).toBe('src/auth/session-store.ts#0')
    expect(await ids({ analyzer }, 'closeIdle')).toEqual([])
    expect(await ids({ analyzer, indexedText: pathAndSymbolText }, 'closeIdle')).toEqual(['src/db/pool.ts#0'])
    expect(await ids({ analyzer, indexedText: pathAndSymbolText }, 'pool')).toEqual(['src/db/pool.ts#0'])
    // Content still counts: the readme has no symbols and is found by its words.
    expect(await ids({ analyzer, indexedText: pathAndSymbolText }, 'session')).toContain('src/readme.md#0')
  })

  it('removes what it indexed: a removed or replaced chunk is no longer found by its symbol name', async () => {
    const stream = new BM25Stream({ analyzer, indexedText: pathAndSymbolText })
    await stream.add(chunks())
    const [session, pool] = chunks()
    await stream.replaceDocuments([pool!.id], [{ ...pool!, metadata: { ...pool!.metadata, symbols: 'open, drainQueue' } }])
    expect(await stream.search('closeIdle', 10)).toEqual([])
    expect((await stream.search('drainQueue', 10)).map((hit) => hit.document.id)).toEqual([pool!.id])
    expect(await stream.remove(pool!.id)).toBe(true)
    expect(await stream.search('drainQueue', 10)).toEqual([])
    expect(await stream.remove(session!.id)).toBe(true)
    expect((await stream.search('SessionCache', 10)).map((hit) => hit.document.id)).not.toContain(session!.id)
  })
})

describe('BM25Stream indexedText', () => {
  it('defaults to contentText and exposes the one in use', () => {
    expect(new BM25Stream().indexedText).toBe(contentText)
    expect(new BM25Stream({ indexedText: pathAndSymbolText }).indexedText).toBe(pathAndSymbolText)
  })

  it('returns documents unchanged from get and search', async () => {
    const stream = new BM25Stream({ indexedText: pathAndSymbolText, analyzer: codeAwareAnalyzer })
    await stream.add(chunks())
    expect(await stream.get('src/db/pool.ts#0')).toEqual(chunks()[1])
    const [hit] = await stream.search('SessionCache', 1)
    expect(hit?.document).toEqual(chunks()[0])
  })

  it('rejects a malformed indexedText option', () => {
    expect(() => new BM25Stream({ indexedText: { name: '', text: (d: Document) => d.content } })).toThrow(InvalidArgumentError)
    expect(() => new BM25Stream({ indexedText: { name: 'x' } as unknown as IndexedText })).toThrow(InvalidArgumentError)
  })

  it('rejects a text that is not a string and changes nothing', async () => {
    const bad: IndexedText = { name: 'bad@1', text: (d) => (d.id === 'b' ? (42 as unknown as string) : d.content) }
    const stream = new BM25Stream({ indexedText: bad })
    await stream.add([{ id: 'a', content: 'alpha', metadata: {} }])
    await expect(stream.add([{ id: 'b', content: 'beta', metadata: {} }])).rejects.toThrow(InvalidArgumentError)
    expect(await stream.size()).toBe(1)
    expect((await stream.search('alpha', 5)).map((hit) => hit.document.id)).toEqual(['a'])
  })

  it('matches a fresh index after any sequence of adds, removes and replaces (model test)', async () => {
    const files = ['src/auth/session.ts', 'lib/pool.py', 'README.md', '']
    const symbols = ['SessionCache.refresh', 'openPool', 'closeIdle', 'TokenStore', '']
    const words = ['open', 'refresh', 'token', 'cache', 'pool', 'session', 'connect', 'idle']
    const document = fc.record({
      id: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
      content: fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 6 }).map((w) => w.join(' ')),
      file: fc.constantFrom(...files),
      qname: fc.constantFrom(...symbols),
      symbols: fc.subarray(symbols).map((s) => s.join(', ')),
    })
    const op = fc.oneof(
      fc.record({ kind: fc.constant('remove' as const), id: fc.constantFrom('a', 'b', 'c', 'd', 'e') }),
      fc.record({ kind: fc.constant('replace' as const), doc: document }),
    )
    const queries = ['SessionCache', 'closeIdle pool', 'TokenStore refresh', 'session auth', 'open token idle']
    const toDocument = (d: { id: string; content: string; file: string; qname: string; symbols: string }): Document => ({
      id: d.id,
      content: d.content,
      metadata: { file: d.file, qname: d.qname, symbols: d.symbols },
    })
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 30 }), async (ops) => {
        const options: BM25StreamOptions = { analyzer: codeAwareAnalyzer, indexedText: pathAndSymbolText, ttlMs: Number.POSITIVE_INFINITY }
        const stream = new BM25Stream(options)
        const model = new Map<string, Document>()
        for (const o of ops) {
          if (o.kind === 'remove') {
            expect(await stream.remove(o.id)).toBe(model.delete(o.id))
          } else {
            const doc = toDocument(o.doc)
            await stream.replaceDocuments([doc.id], [doc])
            model.delete(doc.id)
            model.set(doc.id, doc)
          }
        }
        const fresh = new BM25Stream(options)
        await fresh.add([...model.values()])
        expect(await stream.size()).toBe(model.size)
        for (const query of queries) {
          const got = await stream.search(query, 10)
          const want = await fresh.search(query, 10)
          expect(got.map((hit) => hit.document)).toEqual(want.map((hit) => hit.document))
          got.forEach((hit, i) => expect(hit.score).toBeCloseTo(want[i]!.score, 10))
        }
      }),
      { numRuns: 150 },
    )
  })
})
