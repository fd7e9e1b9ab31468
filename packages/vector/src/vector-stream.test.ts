import { CancelledError, ConfigError, DuplicateIdError, InvalidArgumentError, type Document, type Embedder } from '@rag/core'
import { pathAndSymbolText } from '@rag/lexical'
import { describe, expect, it } from 'vitest'
import { createHashEmbedder } from './hash-embedder.js'
import { isIdentifierQuery } from './identifier-query.js'
import { VectorStream } from './vector-stream.js'

const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet', 'kilo', 'lima']
const docs = (n: number, prefix = 'd'): Document[] => Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}`, content: `${WORDS[i % WORDS.length]} item${i} shared`, metadata: {} }))
// 4,096 buckets keep the few terms of these fixtures apart (at 512, `item4` and `shared` collide
// with opposite signs and cancel: feature hashing's weakness, which the static tier does not have).
const hash = createHashEmbedder({ dimensions: 4096 })

describe('VectorStream', () => {
  it('finds each document by its own word after removals moved rows around', async () => {
    const stream = new VectorStream({ embedder: hash })
    await stream.add(docs(12))
    await stream.replaceDocuments(['d0', 'd5', 'd11'], [])
    expect(await stream.remove('d3')).toBe(true)
    expect(await stream.remove('d3')).toBe(false)
    expect(await stream.size()).toBe(8)
    for (const i of [1, 2, 4, 6, 7, 8, 9, 10]) {
      const [top] = await stream.search(`item${i}`, 3)
      expect(top?.document.id).toBe(`d${i}`)
    }
    expect(await stream.get('d0')).toBeUndefined()
    expect((await stream.get('d4'))?.content).toBe('echo item4 shared')
  })

  it('keeps int8 scores within 1 % of float32 and the same ranking on real text', async () => {
    const texts = Array.from({ length: 200 }, (_, i) => ({ id: `t${i}`, content: `${WORDS[i % 12]} ${WORDS[(i * 7) % 12]} ${WORDS[(i * 5) % 12]} value${i % 17} shared`, metadata: {} }))
    const exact = new VectorStream({ embedder: hash })
    const small = new VectorStream({ embedder: hash, quantization: 'int8' })
    await exact.add(texts)
    await small.add(texts)
    for (const query of ['alpha bravo', 'value3 kilo', 'shared echo golf']) {
      const a = await exact.search(query, 200)
      const b = new Map((await small.search(query, 200)).map((r) => [r.document.id, r.score]))
      for (const r of a) expect(Math.abs(r.score - (b.get(r.document.id) ?? 0))).toBeLessThan(0.01)
    }
    expect(small.vectorBytes).toBeLessThan(exact.vectorBytes / 3.5)
  })

  it('sizes the buffer exactly for one batch and grows by a quarter after', async () => {
    const stream = new VectorStream({ embedder: createHashEmbedder({ dimensions: 64 }) })
    await stream.add(docs(1000))
    expect(stream.vectorBytes).toBe(1000 * 64 * 4)
    await stream.add(docs(1, 'x'))
    expect(stream.vectorBytes).toBe(1250 * 64 * 4)
    await stream.clear()
    expect(await stream.size()).toBe(0)
    expect(await stream.search('alpha', 5)).toEqual([])
  })

  it('returns every document with minScore -Infinity, and only related ones by default', async () => {
    const all = new VectorStream({ embedder: hash, minScore: Number.NEGATIVE_INFINITY })
    const related = new VectorStream({ embedder: hash })
    await all.add(docs(5))
    await related.add(docs(5))
    expect(await all.search('zzz nothing', 10)).toHaveLength(5)
    expect(await related.search('zzz nothing', 10)).toEqual([])
  })

  it('embeds the indexed text, returning the stored document unchanged', async () => {
    const stream = new VectorStream({ embedder: hash, indexedText: pathAndSymbolText })
    const doc: Document = { id: 'a', content: 'return this.cache.get(key)', metadata: { file: 'src/session-cache.ts', symbol: 'lookupSession' } }
    await stream.add([doc, { id: 'b', content: 'unrelated words', metadata: {} }])
    const [top] = await stream.search('lookupSession', 2)
    expect(top?.document).toBe(doc)
  })

  it('abstains from the queries it is told to', async () => {
    const stream = new VectorStream({ embedder: hash, abstain: isIdentifierQuery })
    await stream.add(docs(3))
    expect(await stream.search('item1', 3)).toEqual([])
    expect((await stream.search('item1 shared', 3)).length).toBeGreaterThan(0)
  })

  it('adds precomputed vectors with replaceEmbedded, checking their count and length', async () => {
    const stream = new VectorStream({ embedder: hash })
    const [a, b] = await hash.embed(['alpha one', 'bravo two'])
    await stream.replaceEmbedded([], [{ id: 'a', content: 'x', metadata: {} }, { id: 'b', content: 'y', metadata: {} }], [a!, b!])
    expect((await stream.search('bravo', 1))[0]?.document.id).toBe('b')
    await expect(stream.replaceEmbedded([], [{ id: 'c', content: 'z', metadata: {} }], [])).rejects.toThrow('vectors must hold one vector per added document (1); received 0 vectors.')
    await expect(stream.replaceEmbedded([], [{ id: 'c', content: 'z', metadata: {} }], [new Float32Array(3)])).rejects.toBeInstanceOf(ConfigError)
    await expect(stream.replaceEmbedded([], [{ id: 'a', content: 'z', metadata: {} }], [a!])).rejects.toBeInstanceOf(DuplicateIdError)
    expect(await stream.size()).toBe(2)
  })

  it('changes nothing when embedding is cancelled or fails', async () => {
    const stream = new VectorStream({ embedder: hash })
    await stream.add(docs(3))
    const controller = new AbortController()
    controller.abort()
    await expect(stream.replaceDocuments(['d0'], docs(2, 'n'), { signal: controller.signal })).rejects.toBeInstanceOf(CancelledError)
    const broken: Embedder = { name: 'broken', dimensions: 4096, embed: async () => [new Float32Array(7)] }
    const other = new VectorStream({ embedder: broken })
    await expect(other.add(docs(1))).rejects.toThrow('Embedder broken returned a vector of 7 dimensions for text 0; expected 4096 (check the configured dimensions).')
    expect(await other.size()).toBe(0)
    expect((await stream.search('alpha', 5)).map((r) => r.document.id)).toEqual(['d0'])
    expect(await stream.size()).toBe(3)
  })

  it('reports progress of a write', async () => {
    const stream = new VectorStream({ embedder: createHashEmbedder({ batchSize: 4 }) })
    const seen: number[] = []
    await stream.add(docs(10), { onProgress: (p) => seen.push(p.embedded) })
    expect(seen).toEqual([4, 8, 10])
  })

  it('rejects bad options and arguments with InvalidArgumentError', async () => {
    expect(() => new VectorStream({ embedder: {} as Embedder })).toThrow(InvalidArgumentError)
    expect(() => new VectorStream({ embedder: hash, quantization: 'int4' as 'int8' })).toThrow('quantization must be "float32" or "int8"; received "int4".')
    expect(() => new VectorStream({ embedder: hash, minScore: Number.NaN })).toThrow(InvalidArgumentError)
    expect(() => new VectorStream({ embedder: hash, name: '' })).toThrow(InvalidArgumentError)
    const stream = new VectorStream({ embedder: hash })
    await expect(stream.remove(3 as unknown as string)).rejects.toBeInstanceOf(InvalidArgumentError)
    await expect(stream.add(docs(2).concat(docs(1)))).rejects.toBeInstanceOf(DuplicateIdError)
  })
})

describe('isIdentifierQuery', () => {
  it('tells a symbol lookup from a question', () => {
    for (const q of ['getAuthToken', 'get_auth_token', 'TextWrapper.fill', 'std::vector', 'HTTPServer', 'parse', ' _private ', 'useState()', 'kebab-case-name']) expect(isIdentifierQuery(q)).toBe(true)
    for (const q of ['get auth token', 'how does parse work', 'a.b c', '42abc', '', 'what?']) expect(isIdentifierQuery(q)).toBe(false)
  })
})
