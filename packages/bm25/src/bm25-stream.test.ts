import { DuplicateIdError, InvalidArgumentError, RagError, type Analyzer, type Document } from '@rag/core'
import { basicAnalyzer } from '@rag/lexical'
import { describe, expect, it } from 'vitest'
import { BM25Stream } from './bm25-stream.js'
import { codeAwareAnalyzer } from './code-aware-analyzer.js'
import { compatibleAnalyzer } from './compatible-analyzer.js'

const doc = (id: string, content: string): Document => ({ id, content, metadata: { file: `${id}.ts` } })

async function streamOf(docs: Document[], options: ConstructorParameters<typeof BM25Stream>[0] = {}): Promise<BM25Stream> {
  const stream = new BM25Stream(options)
  await stream.add(docs)
  return stream
}

async function ranked(stream: BM25Stream, query: string, topK = 10): Promise<[string, number][]> {
  return (await stream.search(query, topK)).map((r) => [r.document.id, r.score])
}

/*
 * Golden corpus. The compatible analyzer leaves every word as is (no stop word, no suffix).
 *   d1 "cache cache miss"   terms cache, cache, miss    dl = 3
 *   d2 "cache hit"          terms cache, hit            dl = 2
 *   d3 "disk read latency"  terms disk, read, latency   dl = 3
 *   d4 "cache read"         terms cache, read           dl = 2
 * N = 4, total length 10, avgdl = 2.5.
 */
const GOLDEN = [doc('d1', 'cache cache miss'), doc('d2', 'cache hit'), doc('d3', 'disk read latency'), doc('d4', 'cache read')]

describe('BM25Stream scores', () => {
  it('scores the golden corpus by hand-computed Okapi BM25 (k1 1.2, b 0.75)', async () => {
    // idf(cache), df 3:  ln(1 + (4 - 3 + 0.5) / (3 + 0.5)) = ln(1 + 1.5 / 3.5) = ln(1.428571) = 0.3566749
    // idf(read),  df 2:  ln(1 + (4 - 2 + 0.5) / (2 + 0.5)) = ln(2)                            = 0.6931472
    // length norm, dl 3: 1.2 * (1 - 0.75 + 0.75 * 3 / 2.5) = 1.2 * 1.15 = 1.38
    // length norm, dl 2: 1.2 * (1 - 0.75 + 0.75 * 2 / 2.5) = 1.2 * 0.85 = 1.02
    // d4: cache 0.3566749 * 1 * 2.2 / (1 + 1.02) = 0.3884579; read 0.6931472 * 2.2 / 2.02 = 0.7549128; sum 1.1433706
    // d3: read  0.6931472 * 1 * 2.2 / (1 + 1.38) = 0.6931472 * 0.9243697                   = 0.6407243
    // d1: cache 0.3566749 * 2 * 2.2 / (2 + 1.38) = 0.3566749 * 1.3017751                   = 0.4643106
    // d2: cache 0.3566749 * 1 * 2.2 / (1 + 1.02) = 0.3566749 * 1.0891089                   = 0.3884579
    const idfCache = Math.log(1 + 1.5 / 3.5)
    const idfRead = Math.log(2)
    const hits = await ranked(await streamOf(GOLDEN), 'cache read')
    expect(hits.map(([id]) => id)).toEqual(['d4', 'd3', 'd1', 'd2'])
    expect(hits[0]![1]).toBeCloseTo(idfCache * (2.2 / 2.02) + idfRead * (2.2 / 2.02), 12)
    expect(hits[0]![1]).toBeCloseTo(1.1433706, 6)
    expect(hits[1]![1]).toBeCloseTo(idfRead * (2.2 / 2.38), 12)
    expect(hits[1]![1]).toBeCloseTo(0.6407243, 6)
    expect(hits[2]![1]).toBeCloseTo(idfCache * (4.4 / 3.38), 12)
    expect(hits[2]![1]).toBeCloseTo(0.4643106, 6)
    expect(hits[3]![1]).toBeCloseTo(idfCache * (2.2 / 2.02), 12)
    expect(hits[3]![1]).toBeCloseTo(0.3884579, 6)
  })

  it('uses the k1 and b it is given', async () => {
    // k1 2, b 0 (no length normalisation): d1 cache tf 2 -> idf * 2 * 3 / (2 + 2) = 1.5 * idf(cache) = 0.5350124
    const hits = await ranked(await streamOf(GOLDEN, { k1: 2, b: 0 }), 'cache')
    expect(hits[0]![0]).toBe('d1')
    expect(hits[0]![1]).toBeCloseTo(1.5 * Math.log(1 + 1.5 / 3.5), 12)
    expect(hits[0]![1]).toBeCloseTo(0.5350124, 6)
  })

  it('counts a repeated query term once', async () => {
    const stream = await streamOf(GOLDEN)
    expect(await ranked(stream, 'cache cache read read read')).toEqual(await ranked(stream, 'cache read'))
  })

  it('keeps idf non-negative for a term in every document', async () => {
    // df = N = 4: ln(1 + 0.5 / 4.5) = 0.1053605 > 0
    const stream = await streamOf([doc('a', 'shared one'), doc('b', 'shared two'), doc('c', 'shared three'), doc('d', 'shared four')])
    const hits = await ranked(stream, 'shared')
    expect(hits).toHaveLength(4)
    expect(hits[0]![1]).toBeCloseTo(Math.log(1 + 0.5 / 4.5) * (2.2 / 2.2), 12)
  })

  it('breaks ties by id, whatever order the documents were added in', async () => {
    const stream = await streamOf([doc('y', 'same words'), doc('z', 'same words'), doc('x', 'same words')])
    expect((await ranked(stream, 'same')).map(([id]) => id)).toEqual(['x', 'y', 'z'])
    // Re-adding a document (an edited file re-indexed) does not move it behind its equals.
    await stream.replaceDocuments(['x'], [doc('x', 'same words')])
    expect((await ranked(stream, 'same')).map(([id]) => id)).toEqual(['x', 'y', 'z'])
    await stream.replaceDocuments(['y'], [doc('y', 'same words')])
    expect((await stream.search('same', 1)).map((hit) => hit.document.id)).toEqual(['x'])
  })

  it('finds a document through a synonym', async () => {
    const stream = await streamOf([doc('pool', 'open a database connection pool'), doc('other', 'render the page')])
    expect((await ranked(stream, 'db')).map(([id]) => id)).toEqual(['pool'])
    expect((await ranked(stream, 'errors')).map(([id]) => id)).toEqual([])
  })

  it('returns nothing for a query of stop words only', async () => {
    expect(await (await streamOf(GOLDEN)).search('the of and', 5)).toEqual([])
  })

  it('returns the stored documents themselves, at most topK of them', async () => {
    const stream = await streamOf(GOLDEN)
    const hits = await stream.search('cache', 2)
    expect(hits).toHaveLength(2)
    expect(hits[0]!.document).toBe(GOLDEN[0])
  })

  it('gives the same scores through the code-aware analyzer and a generic analyzer', async () => {
    const corpus = [doc('a', 'getAuthToken returns the token'), doc('b', 'HTTPServerError is thrown'), doc('c', 'token server error')]
    const builtIn = await streamOf(corpus, { analyzer: codeAwareAnalyzer })
    const copy: Analyzer = { ...codeAwareAnalyzer }
    const generic = await streamOf(corpus, { analyzer: copy })
    for (const query of ['token', 'server error', 'getAuthToken', 'auth']) {
      expect(await ranked(generic, query)).toEqual(await ranked(builtIn, query))
    }
  })

  it('works with any Analyzer, such as core basicAnalyzer', async () => {
    const stream = await streamOf(GOLDEN, { analyzer: basicAnalyzer })
    expect((await ranked(stream, 'latency')).map(([id]) => id)).toEqual(['d3'])
  })
})

describe('BM25Stream documents', () => {
  it('gets, removes, counts and clears documents', async () => {
    const stream = await streamOf(GOLDEN)
    expect(await stream.size()).toBe(4)
    expect(await stream.get('d2')).toBe(GOLDEN[1])
    expect(await stream.get('nope')).toBeUndefined()
    expect(await stream.remove('d2')).toBe(true)
    expect(await stream.remove('d2')).toBe(false)
    expect(await stream.size()).toBe(3)
    expect((await ranked(stream, 'hit')).map(([id]) => id)).toEqual([])
    await stream.clear()
    expect(await stream.size()).toBe(0)
    expect(await stream.search('cache', 5)).toEqual([])
    await stream.add(GOLDEN)
    expect(await stream.size()).toBe(4)
  })

  it('scores the rest exactly as a fresh index would after a removal', async () => {
    const stream = await streamOf(GOLDEN)
    await stream.remove('d1')
    const fresh = await streamOf(GOLDEN.slice(1))
    expect(await ranked(stream, 'cache read')).toEqual(await ranked(fresh, 'cache read'))
  })

  it('stays exact through compactions of many removals', async () => {
    const docs = Array.from({ length: 3000 }, (_, i) => doc(`n${i}`, `item ${i % 7 === 0 ? 'rare' : 'common'} value${i % 13}`))
    const stream = await streamOf(docs, { maxDocuments: 5000 })
    for (let i = 0; i < 2500; i++) await stream.remove(`n${i}`)
    const fresh = await streamOf(docs.slice(2500), { maxDocuments: 5000 })
    for (const query of ['rare', 'common value3', 'item']) expect(await ranked(stream, query, 50)).toEqual(await ranked(fresh, query, 50))
  })

  it('rejects an id that is already stored, naming it, and adds nothing from the batch', async () => {
    const stream = await streamOf(GOLDEN)
    const attempt = stream.add([doc('new', 'fresh text'), doc('d3', 'again')])
    await expect(attempt).rejects.toBeInstanceOf(DuplicateIdError)
    await expect(stream.add([doc('d3', 'again')])).rejects.toThrow('documents[0]: id "d3" is already stored; remove it in the same call to replace it.')
    expect(await stream.get('new')).toBeUndefined()
    expect(await stream.size()).toBe(4)
  })

  it('rejects a repeated id within a batch and non-string content, naming them', async () => {
    const stream = new BM25Stream()
    await expect(stream.add([doc('a', 'x'), doc('a', 'y')])).rejects.toThrow(/documents\[1\]: id "a" appears more than once/)
    await expect(stream.add([{ id: 'n', content: 12, metadata: {} } as unknown as Document])).rejects.toThrow('documents[0] "n": content must be a string; received 12.')
    await expect(stream.replaceDocuments('a' as never, [])).rejects.toThrow('removeIds must be an array of strings; received "a".')
    await expect(stream.replaceDocuments([], [null] as never)).rejects.toThrow('addDocuments[0] must be an object')
  })

  it('leaves the contents untouched when the analyzer fails during a replace', async () => {
    const failing: Analyzer = {
      name: 'failing@1',
      analyze: (text) => {
        if (text.includes('boom')) throw new Error('analyzer failed')
        return compatibleAnalyzer.analyze(text)
      },
      analyzeQuery: (text) => compatibleAnalyzer.analyzeQuery(text),
    }
    const stream = await streamOf(GOLDEN, { analyzer: failing })
    const before = await ranked(stream, 'cache read fresh')
    await expect(stream.replaceDocuments(['d1', 'd4'], [doc('n1', 'fresh cache'), doc('n2', 'boom')])).rejects.toThrow('analyzer failed')
    expect(await ranked(stream, 'cache read fresh')).toEqual(before)
    expect(await stream.size()).toBe(4)
    await stream.replaceDocuments(['d1'], [doc('n1', 'fresh cache')])
    expect((await ranked(stream, 'fresh')).map(([id]) => id)).toEqual(['n1'])
  })

  it('serialises writers in call order', async () => {
    const stream = new BM25Stream()
    const writes = [stream.add([doc('a', 'alpha')]), stream.remove('a'), stream.add([doc('a', 'alpha again')]), stream.add([doc('b', 'beta')])]
    await Promise.all(writes)
    expect(await writes[1]).toBe(true)
    expect((await stream.get('a'))?.content).toBe('alpha again')
    expect(await stream.size()).toBe(2)
  })

  it('serves the old generation to a search made before a queued replace runs', async () => {
    const stream = await streamOf(GOLDEN)
    const pending = stream.replaceDocuments(['d1', 'd2', 'd3', 'd4'], [doc('e', 'cache everywhere')])
    expect((await ranked(stream, 'cache')).map(([id]) => id)).toEqual(['d1', 'd2', 'd4'])
    await pending
    expect((await ranked(stream, 'cache')).map(([id]) => id)).toEqual(['e'])
  })
})

describe('BM25Stream input checks', () => {
  it.each([0, -1, 1.5, Number.NaN, '5'])('rejects topK %j with InvalidArgumentError naming it', async (topK) => {
    const stream = await streamOf(GOLDEN)
    const search = stream.search('cache', topK as number)
    await expect(search).rejects.toBeInstanceOf(InvalidArgumentError)
    await expect(stream.search('cache', topK as number)).rejects.toThrow(`topK must be a positive integer; received ${typeof topK === 'string' ? '"5"' : String(topK)}.`)
  })

  it('rejects an empty, blank or non-string query naming it', async () => {
    const stream = await streamOf(GOLDEN)
    await expect(stream.search('', 5)).rejects.toThrow('query must be a non-empty string; received "".')
    await expect(stream.search('  ', 5)).rejects.toBeInstanceOf(InvalidArgumentError)
    await expect(stream.search(42 as never, 5)).rejects.toThrow('received 42')
  })

  it('rejects a non-string id in get and remove', async () => {
    const stream = new BM25Stream()
    await expect(stream.get(5 as never)).rejects.toThrow('id must be a string; received 5.')
    await expect(stream.remove(undefined as never)).rejects.toThrow('id must be a string; received undefined.')
  })

  it.each([
    [{ k1: -1 }, 'options.k1 must be a finite number >= 0; received -1.'],
    [{ k1: Number.NaN }, 'options.k1 must be a finite number >= 0; received NaN.'],
    [{ b: 1.5 }, 'options.b must be a number in [0, 1]; received 1.5.'],
    [{ maxDocuments: 0 }, 'options.maxDocuments must be a positive integer or Infinity; received 0.'],
    [{ maxDocuments: 2.5 }, 'options.maxDocuments must be a positive integer or Infinity; received 2.5.'],
    [{ ttlMs: 0 }, 'options.ttlMs must be a number > 0 or Infinity; received 0.'],
    [{ ttlMs: Number.NaN }, 'options.ttlMs must be a number > 0 or Infinity; received NaN.'],
    [{ name: '' }, 'options.name must be a non-empty string; received "".'],
    [{ analyzer: {} }, 'options.analyzer must be an Analyzer with name, analyze and analyzeQuery; received an object.'],
    [{ now: 'soon' }, 'options.now must be a function returning milliseconds; received "soon".'],
    [{ onEvict: 5 }, 'options.onEvict must be a function; received 5.'],
  ])('rejects the option %j with a message naming it', (options, message) => {
    expect(() => new BM25Stream(options as never)).toThrow(message)
    expect(() => new BM25Stream(options as never)).toThrow(RagError)
  })

  it('takes its name and analyzer from the options', () => {
    const stream = new BM25Stream({ name: 'bm25-code', analyzer: codeAwareAnalyzer })
    expect(stream.name).toBe('bm25-code')
    expect(stream.analyzer.name).toBe('code-aware@1')
    expect(new BM25Stream().name).toBe('bm25')
    expect(new BM25Stream().analyzer).toBe(compatibleAnalyzer)
  })
})
