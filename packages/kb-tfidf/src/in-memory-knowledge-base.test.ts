import { ConfigError, DuplicateIdError, InvalidArgumentError, type Analyzer, type Document } from '@rag/core'
import { basicTokenize } from '@rag/lexical'
import { describe, expect, it } from 'vitest'
import { InMemoryKnowledgeBase } from './in-memory-knowledge-base.js'

const doc = (id: string, content: string, metadata: Document['metadata'] = {}): Document => ({ id, content, metadata })
const ids = (docs: readonly { id: string }[]) => docs.map((d) => d.id)

describe('InMemoryKnowledgeBase', () => {
  it('stores documents by reference', async () => {
    const kb = new InMemoryKnowledgeBase()
    const d = doc('a', 'some text', { file: 'a.ts' })
    await kb.add([d])
    expect(await kb.get('a')).toBe(d)
    expect((await kb.search('text', 1))[0]?.document).toBe(d)
  })

  it('lists in insertion order, a re-added id counting as new', async () => {
    const kb = new InMemoryKnowledgeBase()
    await kb.add([doc('c', 'x1'), doc('a', 'x2'), doc('b', 'x3')])
    await kb.replaceDocuments(['a'], [doc('a', 'again'), doc('d', 'new')])
    expect(ids(await kb.list())).toEqual(['c', 'b', 'a', 'd'])
  })

  it('ignores unknown ids in removeIds and reports remove() of a missing id as false', async () => {
    const kb = new InMemoryKnowledgeBase()
    await kb.add([doc('a', 'text')])
    await kb.replaceDocuments(['nope'], [])
    expect(await kb.size()).toBe(1)
    expect(await kb.remove('nope')).toBe(false)
  })

  it('uses the analyzer for documents and its query analysis for queries', async () => {
    const synonyms: Analyzer = {
      name: 'test-synonyms',
      analyze: basicTokenize,
      analyzeQuery: (text) => basicTokenize(text).flatMap((t) => (t === 'db' ? ['db', 'database'] : [t])),
    }
    const kb = new InMemoryKnowledgeBase({ analyzer: synonyms })
    await kb.add([doc('pool', 'open a database connection'), doc('other', 'render the page')])
    expect(ids((await kb.search('db', 5)).map((r) => r.document))).toEqual(['pool'])
    expect(kb.analyzer).toBe(synonyms)
  })

  it('rejects an analyzer without analyze or analyzeQuery with ConfigError', () => {
    expect(() => new InMemoryKnowledgeBase({ analyzer: { name: 'half', analyze: basicTokenize } as unknown as Analyzer })).toThrow(ConfigError)
  })

  it('leaves everything untouched when the analyzer throws half way through a batch', async () => {
    const fragile: Analyzer = {
      name: 'fragile',
      analyze: (text) => {
        if (text.includes('boom')) throw new TypeError('analyzer failed')
        return basicTokenize(text)
      },
      analyzeQuery: basicTokenize,
    }
    const kb = new InMemoryKnowledgeBase({ analyzer: fragile })
    await kb.add([doc('a', 'alpha beta')])
    const before = await kb.search('alpha', 5)
    const batch = [doc('n1', 'novelterm alpha'), doc('n2', 'boom'), doc('n3', 'othernovel')]
    await expect(kb.replaceDocuments(['a'], batch)).rejects.toThrow('analyzer failed')
    expect(ids(await kb.list())).toEqual(['a'])
    expect(await kb.search('alpha', 5)).toEqual(before)
    expect(await kb.search('novelterm othernovel', 5)).toEqual([])
    // The vocabulary is intact: the same new terms can be added afterwards.
    await kb.add([doc('n1', 'novelterm alpha'), doc('n3', 'othernovel')])
    expect(ids((await kb.search('novelterm', 5)).map((r) => r.document))).toEqual(['n1'])
    expect(ids((await kb.search('othernovel', 5)).map((r) => r.document))).toEqual(['n3'])
  })

  it('rejects an analyzer that returns something other than strings with ConfigError', async () => {
    const broken = { name: 'broken', analyze: () => 'not an array', analyzeQuery: basicTokenize } as unknown as Analyzer
    const kb = new InMemoryKnowledgeBase({ analyzer: broken })
    await expect(kb.add([doc('a', 'text')])).rejects.toThrow(ConfigError)
    await expect(kb.add([doc('a', 'text')])).rejects.toThrow('analyzer "broken" must return an array of strings for document "a"; received string.')
    const numbers = { name: 'numbers', analyze: () => [1, 2], analyzeQuery: basicTokenize } as unknown as Analyzer
    await expect(new InMemoryKnowledgeBase({ analyzer: numbers }).add([doc('b', 'text')])).rejects.toThrow(/must return strings for document "b"; received number/)
    expect(await kb.size()).toBe(0)
  })

  it('serializes writers, so of two concurrent adds of one id exactly one wins', async () => {
    const kb = new InMemoryKnowledgeBase()
    const outcomes = await Promise.allSettled([kb.add([doc('x', 'first')]), kb.add([doc('x', 'second')])])
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected'])
    expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateIdError)
    expect((await kb.get('x'))?.content).toBe('first')
  })

  it('names the clashing id and where it came from', async () => {
    const kb = new InMemoryKnowledgeBase()
    await kb.add([doc('a', 'x')])
    await expect(kb.add([doc('b', 'y'), doc('a', 'z')])).rejects.toThrow('documents[1]: id "a" is already stored.')
    await expect(kb.replaceDocuments([], [doc('a', 'z')])).rejects.toThrow('addDocuments[0]: id "a" is already stored and not in removeIds.')
    await expect(kb.replaceDocuments(['x', 7] as unknown as string[], [])).rejects.toThrow('removeIds[1] must be a string; received 7.')
  })

  it('rejects a non-string id in get and remove with InvalidArgumentError', async () => {
    const kb = new InMemoryKnowledgeBase()
    await expect(kb.get(3 as unknown as string)).rejects.toBeInstanceOf(InvalidArgumentError)
    await expect(kb.remove(undefined as unknown as string)).rejects.toThrow('id must be a string; received undefined.')
  })

  it('keeps serving after clear()', async () => {
    const kb = new InMemoryKnowledgeBase()
    await kb.add([doc('a', 'alpha')])
    await kb.clear()
    await kb.add([doc('a', 'alpha again')])
    expect(ids((await kb.search('alpha', 5)).map((r) => r.document))).toEqual(['a'])
  })

  it('scores term frequencies beyond its lookup table exactly', async () => {
    const kb = new InMemoryKnowledgeBase()
    await kb.add([doc('many', 'spam '.repeat(5000)), doc('one', 'spam ham')])
    // N = 2, df = 2: idf = 1 + ln(2 / 3) = 0.5945348918918356; idf² = 0.35347173767683665
    // one: 1 · idf² / √2 = 0.24994226266908365; many: (1 + ln 5000) · idf² / √5000 = 0.04757497601042744
    const [top, next] = await kb.search('spam', 2)
    expect(top?.document.id).toBe('one')
    expect(top?.score).toBeCloseTo(0.24994226266908365, 14)
    expect(next?.document.id).toBe('many')
    expect(next?.score).toBeCloseTo(0.04757497601042744, 14)
  })

  it('returns at most topK even when far more documents match', async () => {
    const kb = new InMemoryKnowledgeBase()
    await kb.add(Array.from({ length: 500 }, (_, i) => doc(`d${String(i).padStart(3, '0')}`, `common term ${'x'.repeat(2 + (i % 7))}`)))
    const results = await kb.search('common', 25)
    expect(results).toHaveLength(25)
    // Shorter documents score higher (1/√|d| is the same here), ties fall back to id order.
    expect(ids(results.map((r) => r.document))).toEqual(
      Array.from({ length: 25 }, (_, i) => `d${String(i).padStart(3, '0')}`).sort(),
    )
  })
})
