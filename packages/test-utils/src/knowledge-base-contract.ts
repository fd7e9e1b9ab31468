import { DuplicateIdError, InvalidArgumentError, type Document, type KnowledgeBase } from '@rag/core'
import { describe, expect, it } from 'vitest'
import { doc, generation, smallCorpus } from './corpus.js'
import { describeStreamContract } from './stream-contract.js'

/**
 * Registers the shared `KnowledgeBase` contract suite, including the `Stream` contract for its
 * `search`. `create()` returns a fresh, empty knowledge base each call.
 *
 * @example
 * describeKnowledgeBaseContract('InMemoryKnowledgeBase', async () => new InMemoryKnowledgeBase())
 */
export function describeKnowledgeBaseContract(name: string, create: () => Promise<KnowledgeBase>): void {
  describeStreamContract(`${name}.search`, async (documents) => {
    const kb = await create()
    await kb.add(documents)
    return {
      name,
      search: (q, k) => kb.search(q, k),
      replaceDocuments: (r, a) => kb.replaceDocuments(r, a),
    }
  })

  describe(`${name} (KnowledgeBase contract)`, () => {
    it('adds, gets, lists and counts documents', async () => {
      const kb = await create()
      const corpus = smallCorpus()
      await kb.add(corpus)
      expect(await kb.size()).toBe(corpus.length)
      expect(await kb.get('db-pool')).toEqual(corpus[2])
      expect(await kb.get('missing')).toBeUndefined()
      expect((await kb.list()).map((d) => d.id)).toEqual(corpus.map((d) => d.id))
    })

    it('removes one document and reports whether it was there', async () => {
      const kb = await create()
      await kb.add(smallCorpus())
      expect(await kb.remove('db-pool')).toBe(true)
      expect(await kb.remove('db-pool')).toBe(false)
      expect(await kb.get('db-pool')).toBeUndefined()
      expect(await kb.size()).toBe(smallCorpus().length - 1)
      const hits = await kb.search('connection pool retries', 10)
      expect(hits.map((h) => h.document.id)).not.toContain('db-pool')
    })

    it('clears everything', async () => {
      const kb = await create()
      await kb.add(smallCorpus())
      await kb.clear()
      expect(await kb.size()).toBe(0)
      expect(await kb.list()).toEqual([])
      expect(await kb.search('token', 5)).toEqual([])
    })

    it('rejects an id that is already stored with DuplicateIdError and adds nothing from that batch', async () => {
      const kb = await create()
      await kb.add([doc('a', 'first text')])
      await expect(kb.add([doc('b', 'second'), doc('a', 'again')])).rejects.toBeInstanceOf(DuplicateIdError)
      expect(await kb.size()).toBe(1)
      expect(await kb.get('b')).toBeUndefined()
    })

    it('rejects a duplicate id within one batch', async () => {
      const kb = await create()
      await expect(kb.add([doc('a', 'x'), doc('a', 'y')])).rejects.toBeInstanceOf(DuplicateIdError)
      expect(await kb.size()).toBe(0)
    })

    it('rejects non-string content with InvalidArgumentError naming the document', async () => {
      const kb = await create()
      const bad = [{ id: 'n', content: 12, metadata: {} }] as unknown as Document[]
      await expect(kb.add(bad)).rejects.toThrow(InvalidArgumentError)
      await expect(kb.add(bad)).rejects.toThrow(/"n": content must be a string; received 12/)
    })

    it('replaces a generation atomically and rejects a clash with a stored id', async () => {
      const kb = await create()
      await kb.add(generation('alpha', 4))
      await expect(kb.replaceDocuments(['alpha-0'], [doc('alpha-1', 'clash')])).rejects.toBeInstanceOf(DuplicateIdError)
      expect(await kb.size()).toBe(4)
      await kb.replaceDocuments(['alpha-0', 'alpha-1', 'not-there'], generation('beta', 2))
      expect((await kb.list()).map((d) => d.id).sort()).toEqual(['alpha-2', 'alpha-3', 'beta-0', 'beta-1'])
    })

    it('keeps a replaced generation visible to get and list in one step', async () => {
      const kb = await create()
      const oldGen = generation('alpha', 10)
      await kb.add(oldGen)
      const listed: Promise<Document[]>[] = []
      const swap = kb.replaceDocuments(
        oldGen.map((d) => d.id),
        generation('beta', 10),
      )
      for (let i = 0; i < 10; i++) {
        listed.push(kb.list())
        await new Promise((r) => setImmediate(r))
      }
      await swap
      for (const list of await Promise.all(listed)) {
        const markers = new Set(list.map((d) => d.id.split('-')[0]))
        expect(markers.size).toBe(1)
        expect(list.length).toBe(10)
      }
    })

    it('stores metadata values of every allowed type unchanged', async () => {
      const kb = await create()
      const d = doc('m', 'metadata holder', { startLine: 3, endLine: 9, exported: true, language: 'typescript' })
      await kb.add([d])
      expect(await kb.get('m')).toEqual(d)
    })
  })
}
