import { basicAnalyzer, ConfigError, contentText, pathAndSymbolText, type Analyzer, type Document, type IndexedText } from '@rag/core'
import fc from 'fast-check'
import { symbolChunks } from '@rag/test-utils'
import { describe, expect, it } from 'vitest'
import { InMemoryKnowledgeBase, type InMemoryKnowledgeBaseOptions } from './in-memory-knowledge-base.js'

const chunks = symbolChunks

// basicAnalyzer is staged through its term-id path; a copy of it takes the generic path.
const analyzers: [string, Analyzer][] = [
  ['basicAnalyzer (term-id path)', basicAnalyzer],
  ['a generic analyzer', { ...basicAnalyzer }],
]

async function ids(options: InMemoryKnowledgeBaseOptions, query: string): Promise<string[]> {
  const kb = new InMemoryKnowledgeBase(options)
  await kb.add(chunks())
  return (await kb.search(query, 10)).map((hit) => hit.document.id)
}

describe.each(analyzers)('InMemoryKnowledgeBase indexedText with %s', (_name, analyzer) => {
  it('ranks with pathAndSymbolText: a chunk is found by a symbol name or path word its content lacks', async () => {
    expect(await ids({ analyzer }, 'SessionCache')).toEqual([])
    expect(await ids({ analyzer, indexedText: pathAndSymbolText }, 'SessionCache')).toEqual(['src/auth/session-store.ts#0'])
    expect(await ids({ analyzer, indexedText: pathAndSymbolText }, 'closeIdle')).toEqual(['src/db/pool.ts#0'])
    expect(await ids({ analyzer, indexedText: pathAndSymbolText }, 'pool')).toEqual(['src/db/pool.ts#0'])
    // Content still counts: the readme has no symbols and is found by its words.
    expect(await ids({ analyzer, indexedText: pathAndSymbolText }, 'session')).toContain('src/readme.md#0')
  })

  it('removes what it indexed: a removed or replaced chunk is no longer found by its symbol name', async () => {
    const kb = new InMemoryKnowledgeBase({ analyzer, indexedText: pathAndSymbolText })
    await kb.add(chunks())
    const [session, pool] = chunks()
    await kb.replaceDocuments([pool!.id], [{ ...pool!, metadata: { ...pool!.metadata, symbols: 'open, drainQueue' } }])
    expect(await kb.search('closeIdle', 10)).toEqual([])
    expect((await kb.search('drainQueue', 10)).map((hit) => hit.document.id)).toEqual([pool!.id])
    expect(await kb.remove(session!.id)).toBe(true)
    expect(await kb.search('SessionCache', 10)).toEqual([])
  })
})

describe('InMemoryKnowledgeBase indexedText', () => {
  it('defaults to contentText and exposes the one in use, also after clear', async () => {
    expect(new InMemoryKnowledgeBase().indexedText).toBe(contentText)
    const kb = new InMemoryKnowledgeBase({ indexedText: pathAndSymbolText })
    expect(kb.indexedText).toBe(pathAndSymbolText)
    await kb.add(chunks())
    await kb.clear()
    await kb.add(chunks())
    expect((await kb.search('closeIdle', 10)).map((hit) => hit.document.id)).toEqual(['src/db/pool.ts#0'])
  })

  it('returns documents unchanged from get, list and search', async () => {
    const kb = new InMemoryKnowledgeBase({ indexedText: pathAndSymbolText })
    await kb.add(chunks())
    expect(await kb.list()).toEqual(chunks())
    expect(await kb.get('src/db/pool.ts#0')).toEqual(chunks()[1])
    const [hit] = await kb.search('SessionCache', 1)
    expect(hit?.document).toEqual(chunks()[0])
  })

  it('rejects a malformed indexedText option', () => {
    expect(() => new InMemoryKnowledgeBase({ indexedText: { name: '', text: (d: Document) => d.content } })).toThrow(ConfigError)
    expect(() => new InMemoryKnowledgeBase({ indexedText: { name: 'x' } as unknown as IndexedText })).toThrow(ConfigError)
  })

  it.each(analyzers)('rejects a text that is not a string and changes nothing (%s)', async (_name, analyzer) => {
    const bad: IndexedText = { name: 'bad@1', text: (d) => (d.id === 'b' ? (42 as unknown as string) : d.content) }
    const kb = new InMemoryKnowledgeBase({ analyzer, indexedText: bad })
    await kb.add([{ id: 'a', content: 'alpha', metadata: {} }])
    await expect(kb.add([{ id: 'c', content: 'gamma', metadata: {} }, { id: 'b', content: 'beta', metadata: {} }])).rejects.toThrow(ConfigError)
    expect(await kb.size()).toBe(1)
    expect(await kb.search('gamma', 5)).toEqual([])
    expect((await kb.search('alpha', 5)).map((hit) => hit.document.id)).toEqual(['a'])
  })

  it.each(analyzers)('matches a fresh index after any sequence of adds, removes and replaces (%s, model test)', async (_name, analyzer) => {
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
    const queries = ['sessioncache', 'closeidle pool', 'tokenstore refresh', 'session auth', 'open token idle']
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 30 }), async (ops) => {
        const options: InMemoryKnowledgeBaseOptions = { analyzer, indexedText: pathAndSymbolText }
        const kb = new InMemoryKnowledgeBase(options)
        const model = new Map<string, Document>()
        for (const o of ops) {
          if (o.kind === 'remove') {
            expect(await kb.remove(o.id)).toBe(model.delete(o.id))
          } else {
            const doc: Document = { id: o.doc.id, content: o.doc.content, metadata: { file: o.doc.file, qname: o.doc.qname, symbols: o.doc.symbols } }
            await kb.replaceDocuments([doc.id], [doc])
            model.delete(doc.id)
            model.set(doc.id, doc)
          }
        }
        const fresh = new InMemoryKnowledgeBase(options)
        await fresh.add([...model.values()])
        expect(await kb.list()).toEqual([...model.values()])
        for (const query of queries) {
          const got = await kb.search(query, 10)
          const want = await fresh.search(query, 10)
          expect(got.map((hit) => hit.document)).toEqual(want.map((hit) => hit.document))
          got.forEach((hit, i) => expect(hit.score).toBeCloseTo(want[i]!.score, 10))
        }
      }),
      { numRuns: 100 },
    )
  })
})
