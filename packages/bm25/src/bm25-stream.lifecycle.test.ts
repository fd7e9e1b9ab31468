import type { Document } from '@rag/core'
import { describe, expect, it } from 'vitest'
import { BM25Stream, type Eviction } from './bm25-stream.js'

const doc = (id: string, content = `text of ${id}`): Document => ({ id, content, metadata: {} })

/** A stream with a hand-driven clock and a log of evictions. */
function harness(options: { maxDocuments?: number; ttlMs?: number } = {}) {
  const clock = { now: 0 }
  const evictions: Eviction[] = []
  const stream = new BM25Stream({ ...options, now: () => clock.now, onEvict: (e) => evictions.push(e) })
  const ids = async (query: string, topK = 10) => (await stream.search(query, topK)).map((r) => r.document.id)
  return { clock, evictions, stream, ids }
}

describe('BM25Stream capacity', () => {
  it('holds 10,000 documents by default and evicts the least recently added past that', async () => {
    const { stream, evictions } = harness({ ttlMs: Number.POSITIVE_INFINITY })
    await stream.add(Array.from({ length: 10_000 }, (_, i) => doc(`d${i}`)))
    expect(await stream.size()).toBe(10_000)
    await stream.add([doc('extra')])
    expect(await stream.size()).toBe(10_000)
    expect(await stream.get('d0')).toBeUndefined()
    expect(evictions).toEqual([{ ids: ['d0'], reason: 'capacity' }])
  })

  it('evicts the least recently accessed: search results and get count as access', async () => {
    const { stream, evictions, ids } = harness({ maxDocuments: 3 })
    await stream.add([doc('a', 'alpha'), doc('b', 'beta'), doc('c', 'gamma')])
    expect(await ids('alpha')).toEqual(['a'])
    await stream.get('b')
    await stream.add([doc('d', 'delta')])
    expect(evictions).toEqual([{ ids: ['c'], reason: 'capacity' }])
    expect(await ids('alpha beta gamma delta')).toEqual(['a', 'b', 'd'])
  })

  it('does not count scoring without being returned, size, or a miss as access', async () => {
    const { stream, evictions } = harness({ maxDocuments: 2 })
    await stream.add([doc('a', 'shared word'), doc('b', 'shared word')])
    // Both match; only the top one (a, the smaller id) is returned.
    expect((await stream.search('shared', 1)).map((r) => r.document.id)).toEqual(['a'])
    await stream.size()
    await stream.get('zzz')
    await stream.add([doc('c')])
    expect(evictions).toEqual([{ ids: ['b'], reason: 'capacity' }])
  })

  it('counts removals before evicting in a replace', async () => {
    const { stream, evictions } = harness({ maxDocuments: 3 })
    await stream.add([doc('a'), doc('b'), doc('c')])
    await stream.replaceDocuments(['b'], [doc('d')])
    expect(evictions).toEqual([])
    await stream.replaceDocuments(['a', 'c', 'd'], [doc('a'), doc('c'), doc('e')])
    expect(evictions).toEqual([])
    expect(await stream.size()).toBe(3)
  })

  it('keeps the latest documents of a batch larger than the capacity', async () => {
    const { stream, evictions, ids } = harness({ maxDocuments: 2 })
    await stream.add([doc('old', 'word')])
    await stream.add([doc('a', 'word'), doc('b', 'word'), doc('c', 'word')])
    expect(await ids('word')).toEqual(['b', 'c'])
    expect(evictions).toEqual([{ ids: ['old', 'a'], reason: 'capacity' }])
  })

  it('ignores an eviction listener that throws', async () => {
    const stream = new BM25Stream({
      maxDocuments: 1,
      onEvict: () => {
        throw new Error('listener failed')
      },
    })
    await stream.add([doc('a')])
    await expect(stream.add([doc('b')])).resolves.toBeUndefined()
    expect(await stream.get('b')).toBeDefined()
  })
})

describe('BM25Stream expiry', () => {
  it('expires a document one hour after its last access by default', async () => {
    const { clock, stream, evictions } = harness()
    await stream.add([doc('a')])
    clock.now = 3_600_000 - 1
    expect(await stream.size()).toBe(1)
    clock.now = 3_600_000
    expect(await stream.size()).toBe(0)
    expect(evictions).toEqual([{ ids: ['a'], reason: 'expired' }])
  })

  it('restarts the hour on each access', async () => {
    const { clock, stream, ids } = harness({ ttlMs: 1000 })
    await stream.add([doc('a', 'alpha'), doc('b', 'beta'), doc('c', 'gamma')])
    clock.now = 600
    await stream.get('a')
    expect(await ids('gamma')).toEqual(['c'])
    clock.now = 1000
    expect(await ids('alpha beta gamma')).toEqual(['a', 'c'])
    // The search returned a and c at 1000: both restart there.
    clock.now = 1599
    expect(await stream.get('a')).toBeDefined()
    clock.now = 2000
    expect(await stream.size()).toBe(1)
    clock.now = 2598
    expect(await stream.get('a')).toBeDefined()
    clock.now = 3598
    expect(await stream.size()).toBe(0)
  })

  it('expires the oldest first and scores the rest as if they had never been there', async () => {
    const { clock, stream } = harness({ ttlMs: 100 })
    await stream.add([doc('old1', 'cache miss'), doc('old2', 'cache hit')])
    clock.now = 50
    await stream.add([doc('new', 'cache read')])
    clock.now = 120
    const fresh = new BM25Stream()
    await fresh.add([doc('new', 'cache read')])
    expect(await stream.search('cache', 5)).toEqual(await fresh.search('cache', 5))
  })

  it('lets an expired id be added again', async () => {
    const { clock, stream } = harness({ ttlMs: 10 })
    await stream.add([doc('a', 'first')])
    clock.now = 10
    await stream.add([doc('a', 'second')])
    expect((await stream.get('a'))?.content).toBe('second')
  })

  it('never expires with ttlMs Infinity', async () => {
    const { clock, stream } = harness({ ttlMs: Number.POSITIVE_INFINITY })
    await stream.add([doc('a')])
    clock.now = Number.MAX_SAFE_INTEGER
    expect(await stream.size()).toBe(1)
  })

  it('expires thousands of documents in one step and keeps working', async () => {
    const { clock, stream, evictions } = harness({ ttlMs: 1000, maxDocuments: 100_000 })
    await stream.add(Array.from({ length: 5000 }, (_, i) => doc(`x${i}`, `bulk ${i}`)))
    clock.now = 500
    await stream.add([doc('keep', 'bulk keeper')])
    clock.now = 1000
    expect((await stream.search('bulk', 10)).map((r) => r.document.id)).toEqual(['keep'])
    expect(evictions[0]?.ids).toHaveLength(5000)
  })
})
