import { InvalidArgumentError } from '@rag/core'
import { doc } from '@rag/test-utils'
import { afterAll, describe, expect, it } from 'vitest'
import { SqliteTfidfStream } from './sqlite-tfidf-stream.js'
import { createTempStores } from './testing/temp-stores.js'

const stores = createTempStores('rag-store-sqlite-tfidf-')
afterAll(() => stores.dispose())

describe('SqliteKnowledgeBase.searchTfidf', () => {
  it('gives the hand-computed scores of the kb-tfidf worked example', async () => {
    const kb = await stores.open(':memory:')
    await kb.add([doc('a', 'alpha beta beta'), doc('b', 'beta gamma'), doc('c', 'gamma gamma gamma delta')])
    const hits = await kb.searchTfidf('beta gamma', 10)
    expect(hits.map((h) => h.document.id)).toEqual(['b', 'c', 'a'])
    expect(hits.map((h) => h.score)).toEqual([
      expect.closeTo(2 / Math.sqrt(2), 12),
      expect.closeTo((1 + Math.log(3)) / 2, 12),
      expect.closeTo((1 + Math.log(2)) / Math.sqrt(3), 12),
    ])
    expect(hits[0]!.document).toEqual(doc('b', 'beta gamma'))
  })

  it('orders equal scores by id and cuts ties at topK', async () => {
    const kb = await stores.open(':memory:')
    await kb.add([doc('z', 'same words'), doc('m', 'same words'), doc('a', 'same words'), doc('q', 'other text')])
    expect((await kb.searchTfidf('same', 2)).map((h) => h.document.id)).toEqual(['a', 'm'])
    expect((await kb.searchTfidf('same', 10)).map((h) => h.document.id)).toEqual(['a', 'm', 'z'])
  })

  it('finds nothing for unknown terms or a query without terms, and validates its arguments', async () => {
    const kb = await stores.open(':memory:')
    expect(await kb.searchTfidf('anything', 3)).toEqual([])
    await kb.add([doc('a', 'alpha beta')])
    expect(await kb.searchTfidf('gamma', 3)).toEqual([])
    expect(await kb.searchTfidf('!!', 3)).toEqual([])
    await expect(kb.searchTfidf('', 3)).rejects.toBeInstanceOf(InvalidArgumentError)
    await expect(kb.searchTfidf('alpha', 0)).rejects.toBeInstanceOf(InvalidArgumentError)
    await kb.close()
    await expect(kb.searchTfidf('alpha', 3)).rejects.toThrow(/closed/)
  })

  it('forgets removed and cleared documents', async () => {
    const kb = await stores.open(stores.path())
    await kb.add([doc('a', 'alpha beta'), doc('b', 'beta beta'), doc('c', 'gamma')])
    await kb.replaceDocuments(['b'], [doc('d', 'beta delta')])
    expect((await kb.searchTfidf('beta', 5)).map((h) => h.document.id)).toEqual(['a', 'd'])
    await kb.clear()
    expect(await kb.searchTfidf('beta', 5)).toEqual([])
    await kb.add([doc('e', 'beta')])
    expect((await kb.searchTfidf('beta', 5)).map((h) => h.document.id)).toEqual(['e'])
  })
})

describe('SqliteTfidfStream', () => {
  it('is a stream named tfidf (or as given) that searches by TF-IDF', async () => {
    const kb = await stores.open(':memory:')
    await kb.add([doc('a', 'alpha beta beta'), doc('b', 'beta gamma')])
    const stream = new SqliteTfidfStream(kb)
    expect(stream.name).toBe('tfidf')
    expect(new SqliteTfidfStream(kb, { name: 'kb' }).name).toBe('kb')
    expect(await stream.search('beta', 5)).toEqual(await kb.searchTfidf('beta', 5))
  })
})
