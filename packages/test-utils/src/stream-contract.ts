import { InvalidArgumentError, type Document, type Replaceable, type Stream } from '@rag/core'
import { describe, expect, it } from 'vitest'
import { generation, smallCorpus } from './corpus.js'

/** What a stream under test may offer beyond `Stream`. */
export type StreamUnderTest = Stream & Partial<Replaceable>

/** Options of {@link describeStreamContract}. */
export interface StreamContractOptions {
  /**
   * The stream ranks by shared terms (BM25, TF-IDF), so relevance checks on literal terms apply.
   * @default true
   */
  readonly lexical?: boolean
}

/**
 * Registers the shared `Stream` contract suite. `create(documents)` returns a stream that holds
 * exactly those documents. If the stream also has `replaceDocuments`, the generation-swap checks
 * run too.
 *
 * @example
 * describeStreamContract('BM25Stream', async (docs) => { const s = new BM25Stream(); await s.replaceDocuments([], docs); return s })
 */
export function describeStreamContract(
  name: string,
  create: (documents: readonly Document[]) => Promise<StreamUnderTest>,
  { lexical = true }: StreamContractOptions = {},
): void {
  describe(`${name} (Stream contract)`, () => {
    it('returns results best first with finite scores', async () => {
      const stream = await create(smallCorpus())
      const results = await stream.search('authentication token', 10)
      expect(results.length).toBeGreaterThan(0)
      for (const r of results) expect(Number.isFinite(r.score)).toBe(true)
      for (let i = 1; i < results.length; i++) {
        expect(results[i - 1]!.score).toBeGreaterThanOrEqual(results[i]!.score)
      }
    })

    it('returns at most topK results', async () => {
      const stream = await create(generation('many', 30))
      expect((await stream.search('shared widgets', 7)).length).toBeLessThanOrEqual(7)
      expect((await stream.search('shared widgets', 1)).length).toBeLessThanOrEqual(1)
    })

    it('returns nothing from an empty corpus', async () => {
      const stream = await create([])
      expect(await stream.search('anything at all', 5)).toEqual([])
    })

    it('returns stored documents unchanged', async () => {
      const corpus = smallCorpus()
      const stream = await create(corpus)
      const [top] = await stream.search('database connection pool', 3)
      expect(top).toBeDefined()
      const original = corpus.find((d) => d.id === top!.document.id)
      expect(top!.document).toEqual(original)
    })

    it('rejects a topK that is not a positive integer with InvalidArgumentError', async () => {
      const stream = await create(smallCorpus())
      for (const bad of [0, -3, 1.5, Number.NaN]) {
        await expect(stream.search('token', bad)).rejects.toBeInstanceOf(InvalidArgumentError)
      }
    })

    it('rejects an empty query with InvalidArgumentError', async () => {
      const stream = await create(smallCorpus())
      await expect(stream.search('', 5)).rejects.toBeInstanceOf(InvalidArgumentError)
      await expect(stream.search('   ', 5)).rejects.toBeInstanceOf(InvalidArgumentError)
    })

    it('keeps unicode content intact', async () => {
      const corpus = smallCorpus()
      const stream = await create(corpus)
      const results = await stream.search('rocket launch sequence', 3)
      const hit = results.find((r) => r.document.id === 'unicode')
      expect(hit?.document.content).toBe(corpus.find((d) => d.id === 'unicode')!.content)
    })

    it('indexes a huge document and finds a term at its end', async () => {
      const filler = 'lorem ipsum dolor sit amet '.repeat(80_000)
      const huge: Document = { id: 'huge', content: `${filler} zyzzyvaterminus`, metadata: { file: 'huge.txt' } }
      const stream = await create([huge, ...smallCorpus()])
      const results = await stream.search('zyzzyvaterminus', 3)
      expect(results[0]?.document.id).toBe('huge')
      expect(results[0]?.document.content.length).toBe(huge.content.length)
    })

    if (lexical) {
      it('ranks a document with more of the query terms higher', async () => {
        const stream = await create(smallCorpus())
        const results = await stream.search('database connection pool retries', 6)
        expect(results[0]?.document.id).toBe('db-pool')
      })

      it('returns nothing for a query whose terms appear nowhere', async () => {
        const stream = await create(smallCorpus())
        expect(await stream.search('qwxzv plmkj', 5)).toEqual([])
      })
    }

    describeReplaceChecks(create)
  })
}

function describeReplaceChecks(create: (documents: readonly Document[]) => Promise<StreamUnderTest>): void {
  it('swaps generations so a concurrent search sees the old or the new set, never a mix', async () => {
    const oldGen = generation('alpha', 40)
    const newGen = generation('beta', 25)
    const stream = await create(oldGen)
    if (!stream.replaceDocuments) return
    const searches: Promise<string[]>[] = []
    const ids = (p: Promise<{ document: Document }[]>) => p.then((rs) => rs.map((r) => r.document.id))
    for (let i = 0; i < 20; i++) searches.push(ids(stream.search('shared widgets', 100)))
    const swap = stream.replaceDocuments(
      oldGen.map((d) => d.id),
      newGen,
    )
    for (let i = 0; i < 20; i++) {
      searches.push(ids(stream.search('shared widgets', 100)))
      await new Promise((r) => setImmediate(r))
    }
    await swap
    searches.push(ids(stream.search('shared widgets', 100)))
    const seen = await Promise.all(searches)
    for (const list of seen) {
      const alpha = list.filter((id) => id.startsWith('alpha-')).length
      const beta = list.filter((id) => id.startsWith('beta-')).length
      expect(alpha === 0 || beta === 0).toBe(true)
      expect(alpha === oldGen.length || beta === newGen.length).toBe(true)
    }
    expect(seen.at(-1)!.length).toBe(newGen.length)
  })

  it('leaves the contents untouched when replaceDocuments rejects its input', async () => {
    const stream = await create(generation('alpha', 5))
    if (!stream.replaceDocuments) return
    const dup = generation('beta', 2)
    await expect(stream.replaceDocuments(['alpha-0'], [dup[0]!, dup[0]!])).rejects.toThrow(/more than once/)
    const bad = [{ id: 'x', content: 7, metadata: {} }] as unknown as Document[]
    await expect(stream.replaceDocuments(['alpha-1'], bad)).rejects.toBeInstanceOf(InvalidArgumentError)
    const ids = (await stream.search('shared', 50)).map((r) => r.document.id).sort()
    expect(ids).toEqual(['alpha-0', 'alpha-1', 'alpha-2', 'alpha-3', 'alpha-4'])
  })

  it('re-adds an id that the same swap removes', async () => {
    const stream = await create(generation('alpha', 3))
    if (!stream.replaceDocuments) return
    await stream.replaceDocuments(['alpha-0'], [{ id: 'alpha-0', content: 'replacement text about gizmos', metadata: {} }])
    const hits = await stream.search('gizmos', 5)
    expect(hits.map((h) => h.document.id)).toEqual(['alpha-0'])
    expect((await stream.search('widgets', 5)).map((h) => h.document.id).sort()).toEqual(['alpha-1', 'alpha-2'])
  })
}
