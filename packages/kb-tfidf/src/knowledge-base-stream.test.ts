import { ConfigError, InvalidArgumentError, type KnowledgeBase, type SearchResult } from '@rag/core'
import { smallCorpus } from '@rag/test-utils'
import { describe, expect, it } from 'vitest'
import { InMemoryKnowledgeBase } from './in-memory-knowledge-base.js'
import { KnowledgeBaseStream } from './knowledge-base-stream.js'

describe('KnowledgeBaseStream', () => {
  it('returns the TF-IDF results of a real InMemoryKnowledgeBase unchanged', async () => {
    const kb = new InMemoryKnowledgeBase()
    await kb.add(smallCorpus())
    const stream = new KnowledgeBaseStream(kb)
    expect(stream.name).toBe('knowledge-base')
    const results = await stream.search('authentication token', 3)
    expect(results).toEqual(await kb.search('authentication token', 3))
    expect(results[0]?.document.id).toBe('auth-token')
  })

  it('sees documents added to the knowledge base after it was created', async () => {
    const kb = new InMemoryKnowledgeBase()
    const stream = new KnowledgeBaseStream(kb, { name: 'tfidf' })
    expect(await stream.search('late arrival', 5)).toEqual([])
    await kb.add([{ id: 'late', content: 'a late arrival', metadata: {} }])
    expect((await stream.search('late arrival', 5)).map((r) => r.document.id)).toEqual(['late'])
    expect(stream.name).toBe('tfidf')
  })

  it('checks the query and topK before asking the knowledge base', async () => {
    let calls = 0
    const kb = { search: async () => (calls++, []) } as unknown as KnowledgeBase
    const stream = new KnowledgeBaseStream(kb)
    await expect(stream.search('', 5)).rejects.toBeInstanceOf(InvalidArgumentError)
    await expect(stream.search('query', 0)).rejects.toThrow('topK must be a positive integer; received 0.')
    expect(calls).toBe(0)
  })

  it('cuts the list of a store that returns more than topK', async () => {
    const hit = (id: string, score: number): SearchResult => ({ document: { id, content: id, metadata: {} }, score })
    const kb = { search: async () => [hit('a', 3), hit('b', 2), hit('c', 1)] } as unknown as KnowledgeBase
    const results = await new KnowledgeBaseStream(kb).search('anything', 2)
    expect(results.map((r) => r.document.id)).toEqual(['a', 'b'])
  })

  it('passes errors of the knowledge base through', async () => {
    const kb = { search: async () => Promise.reject(new Error('store offline')) } as unknown as KnowledgeBase
    await expect(new KnowledgeBaseStream(kb).search('q', 1)).rejects.toThrow('store offline')
  })

  it('rejects a missing knowledge base or an empty name with ConfigError', () => {
    expect(() => new KnowledgeBaseStream(undefined as unknown as KnowledgeBase)).toThrow(ConfigError)
    expect(() => new KnowledgeBaseStream(new InMemoryKnowledgeBase(), { name: ' ' })).toThrow('name must be a non-empty string; received " ".')
  })
})
