import { ConfigError, InvalidArgumentError, RagError, type Stream } from '@rag/core'
import { describe, expect, it, vi } from 'vitest'
import { HybridRetriever } from './hybrid-retriever.js'
import type { Logger } from './options.js'
import { doc, failingStream, listStream } from './testing/streams.js'

const quiet = (): Logger & { messages: string[] } => {
  const messages: string[] = []
  return { messages, warn: (message: string) => void messages.push(message) }
}
const ids = (results: readonly { document: { id: string } }[]) => results.map((r) => r.document.id)

describe('HybridRetriever.retrieve', () => {
  const bm25 = () => listStream('bm25', ['A', 'B', 'C', 'D'].map((id) => doc(id)))
  const tfidf = () => listStream('tfidf', ['B', 'E', 'F', 'A'].map((id) => doc(id)))

  it('fuses real streams by weighted RRF with hand-computed scores', async () => {
    const retriever = HybridRetriever.builder().stream(bm25(), 0.6).stream(tfidf(), 0.4).build()
    const results = await retriever.retrieve('anything', 2)
    // Each stream is asked for 4 and returns 4.
    // B: 0.6/62 + 0.4/61 = 0.016234796404019036; A: 0.6/61 + 0.4/64 = 0.016086065573770493
    expect(ids(results)).toEqual(['B', 'A'])
    expect(results[0]!.score).toBeCloseTo(0.016234796404019036, 15)
    expect(results[1]!.score).toBeCloseTo(0.016086065573770493, 15)
    expect(results[1]!.explain).toEqual([
      { stream: 'bm25', rank: 0, score: 4, fused: 0.6 / 61 },
      { stream: 'tfidf', rank: 3, score: 1, fused: 0.4 / 64 },
    ])
  })

  it("multiplies each fused score by the prior before the per-file cap and the cut; the ranking does not depend on topK; a bad prior is refused", async () => {
    const files = { A: 'a.ts', B: 'test/b.test.ts', C: 'a.ts', D: 'a.ts', E: 'e.ts', F: 'test/f.test.ts' }
    const withFile = (id: string) => doc(id, files[id as keyof typeof files])
    const lexical = () => listStream('bm25', ['B', 'A', 'C', 'D', 'F', 'E'].map(withFile))
    const retriever = HybridRetriever.builder({ maxPerFile: 2 }).stream(lexical(), 1).build()
    const prior = (document: { metadata: Record<string, unknown> }) => (String(document.metadata['file']).startsWith('test/') ? 0.1 : 1)
    const full = await retriever.retrieve('q', 6, { prior })
    // Tests fall behind; a.ts keeps two (A, C: D is capped), then e.ts, then the tests.
    expect(ids(full)).toEqual(['A', 'C', 'E', 'B', 'F'])
    expect(full[3]!.score).toBeCloseTo(0.1 / 61, 15)
    expect(full[3]!.explain).toEqual([{ stream: 'bm25', rank: 0, score: 6, fused: 1 / 61 }])
    for (const topK of [1, 2, 3, 4]) expect(ids(await retriever.retrieve('q', topK, { prior }))).toEqual(ids(full).slice(0, topK))
    expect(ids(await retriever.retrieve('q', 6))).toEqual(['B', 'A', 'C', 'F', 'E'])
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      await expect(retriever.retrieve('q', 3, { prior: () => bad })).rejects.toThrow(/prior\("B"\) must be a positive finite number/)
    }
  })

  it("takes one retrieval's per-file cap in place of the retriever's; a bad cap is refused", async () => {
    const files = { A: 'a.ts', B: 'a.ts', C: 'a.ts', D: 'a.ts', E: 'e.ts' }
    const retriever = HybridRetriever.builder({ maxPerFile: 2 }).stream(listStream('bm25', ['A', 'B', 'C', 'D', 'E'].map((id) => doc(id, files[id as keyof typeof files]))), 1).build()
    expect(ids(await retriever.retrieve('q', 5))).toEqual(['A', 'B', 'E'])
    expect(ids(await retriever.retrieve('q', 5, { maxPerFile: Number.POSITIVE_INFINITY }))).toEqual(['A', 'B', 'C', 'D', 'E'])
    expect(ids(await retriever.retrieve('q', 5, { maxPerFile: 3 }))).toEqual(['A', 'B', 'C', 'E'])
    for (const bad of [0, 1.5, -1, Number.NaN]) await expect(retriever.retrieve('q', 3, { maxPerFile: bad })).rejects.toThrow(/maxPerFile must be a positive integer or Infinity/)
  })

  it('asks each stream for minCandidates (50) for any small topK, with the query unchanged', async () => {
    for (const topK of [1, 7, 25]) {
      const a = bm25()
      const b = tfidf()
      await HybridRetriever.builder().stream(a, 0.6).stream(b, 0.4).build().retrieve('auth flow', topK)
      expect(a.calls).toEqual([['auth flow', 50]])
      expect(b.calls).toEqual([['auth flow', 50]])
    }
  })

  it('asks candidateMultiplier × topK rounded up to a tier (minCandidates × 2^n) for a larger topK', async () => {
    const depths: number[] = []
    for (const topK of [26, 50, 51, 300]) {
      const a = bm25()
      await HybridRetriever.builder().stream(a, 1).build().retrieve('q', topK)
      depths.push(a.calls[0]![1])
    }
    expect(depths).toEqual([100, 100, 200, 800])
    const b = bm25()
    await HybridRetriever.builder({ candidateMultiplier: 5, minCandidates: 10 }).stream(b, 1).build().retrieve('q', 3)
    expect(b.calls).toEqual([['q', 20]])
  })

  it('asks all streams at once', async () => {
    const started: string[] = []
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    const slow = (name: string): Stream => ({
      name,
      async search() {
        started.push(name)
        await gate
        return [{ document: doc(name), score: 1 }]
      },
    })
    const pending = HybridRetriever.builder().stream(slow('one'), 1).stream(slow('two'), 1).build().retrieve('q', 5)
    await new Promise((r) => setImmediate(r))
    expect(started).toEqual(['one', 'two'])
    release()
    expect(ids(await pending).sort()).toEqual(['one', 'two'])
  })

  it('logs and skips a stream that throws, synchronously or not', async () => {
    const logger = quiet()
    const syncThrower: Stream = {
      name: 'sync',
      search: () => {
        throw new Error('sync failure')
      },
    }
    const retriever = HybridRetriever.builder({ logger }).stream(failingStream('vector'), 0.5).stream(syncThrower, 0.2).stream(bm25(), 0.3).build()
    const results = await retriever.retrieve('q', 2)
    expect(ids(results)).toEqual(['A', 'B'])
    expect(results[0]!.score).toBeCloseTo(0.3 / 61, 15)
    expect(logger.messages).toEqual([
      'HybridRetriever "hybrid": stream "vector" failed and was skipped: vector is down',
      'HybridRetriever "hybrid": stream "sync" failed and was skipped: sync failure',
    ])
  })

  it('treats a malformed answer as a failure of that stream', async () => {
    const logger = quiet()
    const notArray = { name: 'odd', search: async () => 'nope' } as unknown as Stream
    const noId = { name: 'noid', search: async () => [{ document: { content: 'x' }, score: 1 }] } as unknown as Stream
    const results = await HybridRetriever.builder({ logger }).stream(notArray, 1).stream(noId, 1).stream(bm25(), 1).build().retrieve('q', 1)
    expect(ids(results)).toEqual(['A'])
    expect(logger.messages[0]).toContain('stream "odd" must return an array of results; received "nope".')
    expect(logger.messages[1]).toContain('stream "noid" returned a malformed result at [0]')
  })

  it('uses console.warn by default', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      await HybridRetriever.builder().stream(failingStream('down'), 1).stream(bm25(), 1).build().retrieve('q', 1)
      expect(warn).toHaveBeenCalledTimes(1)
      expect(warn.mock.calls[0]![0]).toContain('stream "down" failed and was skipped: down is down')
      expect(warn.mock.calls[0]![1]).toBeInstanceOf(Error)
    } finally {
      warn.mockRestore()
    }
  })

  it('survives a logger that throws', async () => {
    const logger: Logger = {
      warn: () => {
        throw new Error('logger broke')
      },
    }
    const results = await HybridRetriever.builder({ logger }).stream(failingStream('down'), 1).stream(bm25(), 1).build().retrieve('q', 1)
    expect(ids(results)).toEqual(['A'])
  })

  it('rejects with ALL_STREAMS_FAILED and an AggregateError cause when every stream throws', async () => {
    const logger = quiet()
    const first = new Error('bm25 exploded')
    const second = new RagError('IO', 'disk gone')
    const retriever = HybridRetriever.builder({ logger, name: 'main' }).stream(failingStream('bm25', first), 1).stream(failingStream('tfidf', second), 1).build()
    const error = await retriever.retrieve('q', 3).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RagError)
    expect((error as RagError).code).toBe('ALL_STREAMS_FAILED')
    expect((error as RagError).message).toBe('HybridRetriever "main": all 2 streams failed: "bm25" (bm25 exploded), "tfidf" (disk gone).')
    const cause = (error as RagError).cause
    expect(cause).toBeInstanceOf(AggregateError)
    expect((cause as AggregateError).errors).toEqual([first, second])
    expect(logger.messages).toHaveLength(2)
  })

  it('returns an empty list when every stream answers with nothing', async () => {
    const retriever = HybridRetriever.builder().stream(listStream('a', []), 1).stream(listStream('b', []), 1).build()
    expect(await retriever.retrieve('q', 5)).toEqual([])
  })

  it('cuts a stream that returns more than it was asked for', async () => {
    const greedy: Stream = { name: 'greedy', search: async () => ['A', 'B', 'C', 'D', 'E', 'F'].map((id, i) => ({ document: doc(id), score: 6 - i })) }
    const lift = listStream('lift', [doc('E')])
    // minCandidates 4, topK 2: each stream is asked for 4, so greedy's E (rank 4) does not count. E
    // gets 1/61 from lift alone and ties with A (1/61 from greedy); had it counted, E would lead with 1/61 + 1/65.
    const results = await HybridRetriever.builder({ minCandidates: 4 }).stream(greedy, 1).stream(lift, 1).build().retrieve('q', 2)
    expect(ids(results)).toEqual(['A', 'E'])
    expect(results[1]!.explain).toEqual([{ stream: 'lift', rank: 0, score: 1, fused: 1 / 61 }])
  })

  it('keeps at most three results per file by default', async () => {
    const sameFile = listStream('s', ['a', 'b', 'c', 'd', 'e'].map((id) => doc(id, 'one.ts')).concat([doc('f', 'two.ts')]))
    const results = await HybridRetriever.builder().stream(sameFile, 1).build().retrieve('q', 5)
    expect(ids(results)).toEqual(['a', 'b', 'c', 'f'])
  })

  it('applies the k option', async () => {
    const [top] = await HybridRetriever.builder({ k: 0 }).stream(bm25(), 1).build().retrieve('q', 1)
    expect(top!.score).toBe(1)
  })

  it('rejects an empty query or a bad topK before asking any stream', async () => {
    const a = bm25()
    const retriever = HybridRetriever.builder().stream(a, 1).build()
    await expect(retriever.retrieve('', 5)).rejects.toThrow('query must be a non-empty string; received "".')
    await expect(retriever.retrieve('  ', 5)).rejects.toBeInstanceOf(InvalidArgumentError)
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      await expect(retriever.retrieve('q', bad)).rejects.toThrow(`topK must be a positive integer; received ${bad}.`)
    }
    expect(a.calls).toEqual([])
  })
})

describe('HybridRetriever as a Stream', () => {
  it('is named "hybrid" by default and searches like retrieve', async () => {
    const retriever = HybridRetriever.builder().stream(listStream('s', [doc('A'), doc('B')]), 1).build()
    expect(retriever.name).toBe('hybrid')
    expect(await retriever.search('q', 2)).toEqual(await retriever.retrieve('q', 2))
  })

  it('nests inside another retriever', async () => {
    const inner = HybridRetriever.builder({ name: 'code' }).stream(listStream('bm25', [doc('A'), doc('B')]), 1).build()
    const outer = HybridRetriever.builder().stream(inner, 0.5).stream(listStream('docs', [doc('B'), doc('C')]), 0.5).build()
    const results = await outer.retrieve('q', 3)
    // B: 0.5/62 (code, rank 1) + 0.5/61 (docs, rank 0) leads.
    expect(ids(results)).toEqual(['B', 'A', 'C'])
    expect(results[0]!.explain?.map((e) => e.stream)).toEqual(['code', 'docs'])
  })
})

describe('HybridRetriever.builder', () => {
  it('throws ConfigError with code CONFIG when no stream was added', () => {
    const build = () => HybridRetriever.builder().build()
    expect(build).toThrow(ConfigError)
    expect(build).toThrow('HybridRetriever "hybrid" needs at least one stream; add one with .stream(stream, weight).')
    try {
      build()
    } catch (error) {
      expect((error as RagError).code).toBe('CONFIG')
    }
  })

  it('throws ConfigError when two streams share a name', () => {
    const builder = HybridRetriever.builder().stream(listStream('bm25', []), 0.6)
    expect(() => builder.stream(listStream('bm25', []), 0.4)).toThrow(ConfigError)
    expect(() => builder.stream(listStream('bm25', []), 0.4)).toThrow('stream "bm25" was added twice; give each stream of a retriever its own name.')
  })

  it.each([Number.NaN, 0, -0.4, Number.POSITIVE_INFINITY])('rejects the weight %s with InvalidArgumentError naming it', (weight) => {
    const add = () => HybridRetriever.builder().stream(listStream('bm25', []), weight)
    expect(add).toThrow(InvalidArgumentError)
    expect(add).toThrow(`weight of stream "bm25" must be a finite number greater than 0; received ${weight}.`)
  })

  it('rejects something that is not a stream', () => {
    expect(() => HybridRetriever.builder().stream({ name: 'x' } as unknown as Stream, 1)).toThrow('stream must be a Stream with a search method.')
    expect(() => HybridRetriever.builder().stream({ name: '', search: async () => [] }, 1)).toThrow('stream must be a Stream with a non-empty name; received name "".')
    expect(() => HybridRetriever.builder().stream(undefined as unknown as Stream, 1)).toThrow(InvalidArgumentError)
  })

  it.each([
    [{ k: -1 }, 'k must be a finite number of at least 0; received -1.'],
    [{ k: Number.NaN }, 'k must be a finite number of at least 0; received NaN.'],
    [{ candidateMultiplier: 0 }, 'candidateMultiplier must be a positive integer; received 0.'],
    [{ candidateMultiplier: 1.5 }, 'candidateMultiplier must be a positive integer; received 1.5.'],
    [{ maxPerFile: 0 }, 'maxPerFile must be a positive integer or Infinity; received 0.'],
    [{ minCandidates: 0 }, 'minCandidates must be a positive integer; received 0.'],
    [{ minCandidates: 2.5 }, 'minCandidates must be a positive integer; received 2.5.'],
    [{ maxCandidates: 40 }, 'maxCandidates must be an integer of at least minCandidates (50); received 40.'],
    [{ maxCandidates: Number.POSITIVE_INFINITY }, 'maxCandidates must be an integer of at least minCandidates (50); received Infinity.'],
    [{ name: '' }, 'name must be a non-empty string; received "".'],
    [{ logger: {} as Logger }, 'logger must have a warn(message, ...details) method; received a value without one.'],
  ])('rejects the options %o with ConfigError', (options, message) => {
    expect(() => HybridRetriever.builder(options)).toThrow(ConfigError)
    expect(() => HybridRetriever.builder(options)).toThrow(message)
  })

  it('builds retrievers that later stream() calls do not change', async () => {
    const builder = HybridRetriever.builder().stream(listStream('a', [doc('A')]), 1)
    const first = builder.build()
    const second = builder.stream(listStream('b', [doc('B')]), 1).build()
    expect(ids(await first.retrieve('q', 5))).toEqual(['A'])
    expect(ids(await second.retrieve('q', 5))).toEqual(['A', 'B'])
  })
})
