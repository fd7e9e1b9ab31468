import { type Analyzer, type Document, type IndexedText, type SearchResult } from '@rag/core'
import { contentText, pathAndSymbolText } from '@rag/lexical'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { symbolChunks } from './corpus.js'

/** What the indexed-text contract needs of a stream or knowledge base. */
export interface IndexedTextSubject {
  /** The `IndexedText` in use. */
  readonly indexedText: IndexedText
  add(documents: readonly Document[]): Promise<void>
  replaceDocuments(removeIds: readonly string[], addDocuments: readonly Document[]): Promise<void>
  remove(id: string): Promise<boolean>
  get(id: string): Promise<Document | undefined>
  size(): Promise<number>
  search(query: string, topK: number): Promise<SearchResult[]>
  /** Every document in insertion order, when the subject can list them. */
  list?(): Promise<Document[]>
}

/** Options of {@link describeIndexedTextContract}. */
export interface IndexedTextContractOptions {
  /**
   * Creates an empty subject with these options (omitted ones take the subject's defaults). A
   * malformed `indexedText` must make it throw or reject with `optionError`.
   */
  readonly create: (options: { analyzer?: Analyzer; indexedText?: IndexedText }) => IndexedTextSubject | Promise<IndexedTextSubject>
  /** Analyzers the ranking and model cases run with (say, one with a term-id path and a generic one). */
  readonly analyzers: readonly (readonly [name: string, analyzer: Analyzer])[]
  /** The error class of a malformed `indexedText` option. */
  readonly optionError: abstract new (...args: never[]) => Error
  /** The error class of a `text(document)` that returns no string. */
  readonly textError: abstract new (...args: never[]) => Error
  /** Fast-check runs of the model test. @default 100 */
  readonly modelRuns?: number
}

const ids = (hits: readonly SearchResult[]): string[] => hits.map((hit) => hit.document.id)

/**
 * Registers the shared suite for an `indexedText` option (what a stream or knowledge base
 * analyses for each document): ranking by `pathAndSymbolText`, removal of what was indexed,
 * documents returned unchanged, validation, atomic failure, and a model test against a fresh
 * index. Uses the `symbolChunks` fixture, whose symbol names and path words appear only in metadata.
 *
 * @example
 * describeIndexedTextContract('BM25Stream', {
 *   create: (options) => new BM25Stream(options),
 *   analyzers: [['codeAwareAnalyzer', codeAwareAnalyzer]],
 *   optionError: InvalidArgumentError,
 *   textError: InvalidArgumentError,
 * })
 */
export function describeIndexedTextContract(name: string, options: IndexedTextContractOptions): void {
  const { create, analyzers, optionError, textError, modelRuns = 100 } = options
  const filled = async (settings: { analyzer?: Analyzer; indexedText?: IndexedText }): Promise<IndexedTextSubject> => {
    const subject = await create(settings)
    await subject.add(symbolChunks())
    return subject
  }

  describe.each(analyzers)(`${name} indexedText (contract) with %s`, (_analyzer, analyzer) => {
    it('ranks with pathAndSymbolText: a chunk is found by a symbol name or path word its content lacks', async () => {
      expect(ids(await (await filled({ analyzer })).search('closeIdle', 10))).toEqual([])
      const derived = await filled({ analyzer, indexedText: pathAndSymbolText })
      // An analyzer that splits `SessionCache` finds its words elsewhere too: only the top hit counts.
      expect(ids(await derived.search('SessionCache', 10))[0]).toBe('src/auth/session-store.ts#0')
      expect(ids(await derived.search('closeIdle', 10))).toEqual(['src/db/pool.ts#0'])
      expect(ids(await derived.search('pool', 10))).toEqual(['src/db/pool.ts#0'])
      // Content still counts: the readme has no symbols and is found by its words.
      expect(ids(await derived.search('session', 10))).toContain('src/readme.md#0')
    })

    it('removes what it indexed: a replaced or removed chunk is no longer found by its symbol names', async () => {
      const subject = await filled({ analyzer, indexedText: pathAndSymbolText })
      const [session, pool] = symbolChunks()
      await subject.replaceDocuments([pool!.id], [{ ...pool!, metadata: { ...pool!.metadata, symbols: 'open, drainQueue' } }])
      expect(await subject.search('closeIdle', 10)).toEqual([])
      expect(ids(await subject.search('drainQueue', 10))).toEqual([pool!.id])
      expect(await subject.remove(pool!.id)).toBe(true)
      expect(await subject.search('drainQueue', 10)).toEqual([])
      expect(await subject.remove(session!.id)).toBe(true)
      expect(ids(await subject.search('SessionCache', 10))).not.toContain(session!.id)
    })

    it('rejects a text that is not a string, keeping the whole batch out', async () => {
      const bad: IndexedText = { name: 'bad@1', text: (d) => (d.id === 'b' ? (42 as unknown as string) : d.content) }
      const subject = await create({ analyzer, indexedText: bad })
      await subject.add([{ id: 'a', content: 'alpha', metadata: {} }])
      const batch: Document[] = [
        { id: 'c', content: 'gamma', metadata: {} },
        { id: 'b', content: 'beta', metadata: {} },
      ]
      await expect(subject.add(batch)).rejects.toThrow(textError)
      expect(await subject.size()).toBe(1)
      expect(await subject.search('gamma', 5)).toEqual([])
      expect(ids(await subject.search('alpha', 5))).toEqual(['a'])
    })

    it('matches a fresh index after any sequence of removes and replaces (model test)', async () => {
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
      await fc.assert(
        fc.asyncProperty(fc.array(op, { maxLength: 30 }), async (ops) => {
          const subject = await create({ analyzer, indexedText: pathAndSymbolText })
          const model = new Map<string, Document>()
          for (const o of ops) {
            if (o.kind === 'remove') {
              expect(await subject.remove(o.id)).toBe(model.delete(o.id))
            } else {
              const doc: Document = { id: o.doc.id, content: o.doc.content, metadata: { file: o.doc.file, qname: o.doc.qname, symbols: o.doc.symbols } }
              await subject.replaceDocuments([doc.id], [doc])
              model.delete(doc.id)
              model.set(doc.id, doc)
            }
          }
          const fresh = await create({ analyzer, indexedText: pathAndSymbolText })
          await fresh.add([...model.values()])
          expect(await subject.size()).toBe(model.size)
          if (subject.list) expect(await subject.list()).toEqual([...model.values()])
          for (const query of queries) {
            const got = await subject.search(query, 10)
            const want = await fresh.search(query, 10)
            expect(got.map((hit) => hit.document)).toEqual(want.map((hit) => hit.document))
            got.forEach((hit, i) => expect(hit.score).toBeCloseTo(want[i]!.score, 10))
          }
        }),
        { numRuns: modelRuns },
      )
    })
  })

  describe(`${name} indexedText (contract)`, () => {
    it('defaults to contentText and exposes the one in use', async () => {
      expect((await create({})).indexedText).toBe(contentText)
      expect((await create({ indexedText: pathAndSymbolText })).indexedText).toBe(pathAndSymbolText)
    })

    it('returns documents unchanged from get and search', async () => {
      const subject = await filled({ indexedText: pathAndSymbolText })
      expect(await subject.get('src/db/pool.ts#0')).toEqual(symbolChunks()[1])
      const [hit] = await subject.search('SessionCache', 1)
      expect(hit?.document).toEqual(symbolChunks()[0])
      if (subject.list) expect(await subject.list()).toEqual(symbolChunks())
    })

    it('rejects a malformed indexedText option', async () => {
      const nameless = { name: '', text: (d: Document) => d.content }
      const textless = { name: 'x' } as unknown as IndexedText
      await expect(Promise.resolve().then(() => create({ indexedText: nameless }))).rejects.toThrow(optionError)
      await expect(Promise.resolve().then(() => create({ indexedText: textless }))).rejects.toThrow(optionError)
    })
  })
}
