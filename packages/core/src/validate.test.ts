import { describe, expect, it } from 'vitest'
import { DuplicateIdError, InvalidArgumentError, RagError } from './errors.js'
import { assertDocuments, assertId, assertIds, assertQuery, assertTopK, assertWeight } from './validate.js'

describe('assertTopK', () => {
  it.each([0, -1, 2.5, Number.NaN, Number.POSITIVE_INFINITY, '5', undefined])('rejects %s naming the value', (value) => {
    expect(() => assertTopK(value)).toThrow(InvalidArgumentError)
    expect(() => assertTopK(value)).toThrow(`topK must be a positive integer; received ${typeof value === 'string' ? '"5"' : String(value)}.`)
  })

  it('accepts a positive integer', () => {
    expect(() => assertTopK(10)).not.toThrow()
  })
})

describe('assertQuery', () => {
  it('rejects an empty or blank query', () => {
    expect(() => assertQuery('')).toThrow('query must be a non-empty string; received "".')
    expect(() => assertQuery('   ')).toThrow(InvalidArgumentError)
    expect(() => assertQuery(7)).toThrow('received 7')
  })
})

describe('assertWeight', () => {
  it('rejects NaN, infinities, zero and negatives', () => {
    for (const w of [Number.NaN, Number.POSITIVE_INFINITY, 0, -0.5]) {
      expect(() => assertWeight(w, 'weight of stream "bm25"')).toThrow(/weight of stream "bm25" must be a finite number greater than 0/)
    }
  })
})

describe('assertDocuments', () => {
  it('rejects non-string content naming the document', () => {
    const bad = [{ id: 'a', content: 42, metadata: {} }]
    expect(() => assertDocuments(bad)).toThrow('documents[0] "a": content must be a string; received 42.')
  })

  it('rejects a duplicate id within the batch with DuplicateIdError', () => {
    const docs = [
      { id: 'x', content: '', metadata: {} },
      { id: 'x', content: '', metadata: {} },
    ]
    try {
      assertDocuments(docs)
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(DuplicateIdError)
      expect(error).toBeInstanceOf(RagError)
      expect((error as DuplicateIdError).code).toBe('DUPLICATE_ID')
      expect((error as DuplicateIdError).id).toBe('x')
    }
  })

  it('rejects nested metadata and non-finite numbers', () => {
    expect(() => assertDocuments([{ id: 'a', content: '', metadata: { n: Number.NaN } }])).toThrow('metadata.n')
    expect(() => assertDocuments([{ id: 'a', content: '', metadata: { o: {} } }])).toThrow('metadata.o')
  })

  it('rejects an empty id', () => {
    expect(() => assertDocuments([{ id: '', content: '', metadata: {} }])).toThrow('documents[0].id must be a non-empty string')
  })
})

describe('assertIds', () => {
  it('rejects a non-string id', () => {
    expect(() => assertIds(['a', 3])).toThrow('ids[1] must be a string; received 3.')
    expect(() => assertId(5)).toThrow('id must be a string; received 5.')
    expect(() => assertId(undefined, 'documentId')).toThrow('documentId must be a string; received undefined.')
    expect(() => assertId('a')).not.toThrow()
  })
})
