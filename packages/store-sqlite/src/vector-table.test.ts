import { InvalidArgumentError, type Document } from '@rag/core'
import { describeStreamContract, doc } from '@rag/test-utils'
import { createHashEmbedder, VectorStream } from '@rag/vector'
import { afterAll, describe, expect, it } from 'vitest'
import type { DocumentVector, VectorEmbedderRecord } from './vector-table.js'
import { createTempStores } from './testing/temp-stores.js'

const stores = createTempStores('rag-store-sqlite-vectors-')
afterAll(() => stores.dispose())

const DIMENSIONS = 4
const embedder = (name: string, extra: Partial<VectorEmbedderRecord> = {}): VectorEmbedderRecord => ({ name, dimensions: DIMENSIONS, spec: { kind: 'test' }, ...extra })

/** A distinct vector per seed. */
function vector(seed: number): Float32Array {
  return Float32Array.from({ length: DIMENSIONS }, (_, i) => Math.sin(seed * 7 + i))
}

function entry(document: Document, seed: number): DocumentVector {
  return { id: document.id, contentHash: `h-${document.content}`, vector: vector(seed) }
}

describe('SqliteKnowledgeBase vectors', () => {
  it('commits vectors with their documents and reads them back after reopening, bit for bit', async () => {
    const path = stores.path()
    const kb = await stores.open(path)
    const docs = [doc('a', 'open the pool'), doc('b', 'close the pool'), doc('c', 'parse flags')]
    const model = Uint8Array.from([1, 2, 3, 250])
    await kb.commitGeneration({ addDocuments: docs, vectors: { embedder: embedder('e1', { model, state: { tokens: 9 } }), vectors: docs.slice(0, 2).map(entry) } })
    await kb.close()

    const again = await stores.open(path)
    expect(await again.loadVectorEmbedder()).toEqual({ name: 'e1', dimensions: DIMENSIONS, spec: { kind: 'test' }, model, state: { tokens: 9 }, vectorCount: 2 })
    const embedded = await again.loadEmbedded('e1')
    expect(embedded.documents).toEqual(docs.slice(0, 2))
    expect(embedded.contentHashes).toEqual(['h-open the pool', 'h-close the pool'])
    expect(embedded.vectors).toEqual([vector(0), vector(1)])
    expect(await again.loadVectors('e1')).toEqual({ ids: ['a', 'b'], vectors: [vector(0), vector(1)] })
    expect(await again.loadVectors('other')).toEqual({ ids: [], vectors: [] })
    expect((await again.loadUnembedded('e1')).map((d) => d.id)).toEqual(['c'])
    expect((await again.loadEmbedded('other')).documents).toEqual([])
    expect((await again.loadUnembedded('other')).map((d) => d.id)).toEqual(['a', 'b', 'c'])
  })

  it('finds stored vectors by content hash for the same embedder only', async () => {
    const kb = await stores.open()
    const docs = [doc('a', 'one'), doc('b', 'two')]
    await kb.commitGeneration({ addDocuments: docs, vectors: { embedder: embedder('e1'), vectors: docs.map(entry) } })
    const found = await kb.findVectors('e1', ['h-two', 'h-missing', 'h-two'])
    expect([...found.keys()]).toEqual(['h-two'])
    expect(found.get('h-two')).toEqual(vector(1))
    expect((await kb.findVectors('e2', ['h-two'])).size).toBe(0)
  })

  it('deletes a vector with its document in the same transaction, and keeps the rest', async () => {
    const kb = await stores.open()
    const docs = [doc('a', 'one'), doc('b', 'two'), doc('c', 'three')]
    await kb.commitGeneration({ addDocuments: docs, vectors: { embedder: embedder('e1'), vectors: docs.map(entry) } })
    await kb.replaceDocuments(['b'], [])
    await kb.remove('c')
    expect((await kb.loadEmbedded('e1')).documents.map((d) => d.id)).toEqual(['a'])
    expect((await kb.loadVectorEmbedder())?.vectorCount).toBe(1)
    expect((await kb.findVectors('e1', ['h-two'])).size).toBe(0)
  })

  it('replaces the embedder and deletes every vector of the old one when another embedder commits', async () => {
    const kb = await stores.open()
    const docs = [doc('a', 'one'), doc('b', 'two')]
    await kb.commitGeneration({ addDocuments: docs, vectors: { embedder: embedder('e1', { model: Uint8Array.of(9) }), vectors: docs.map(entry) } })
    await kb.commitGeneration({ vectors: { embedder: embedder('e2'), vectors: [entry(docs[0]!, 5)] } })
    const stored = await kb.loadVectorEmbedder()
    expect(stored).toMatchObject({ name: 'e2', vectorCount: 1, model: undefined })
    expect((await kb.loadEmbedded('e2')).vectors).toEqual([vector(5)])
    expect((await kb.loadEmbedded('e1')).documents).toEqual([])
  })

  it('keeps the stored model when the same embedder commits without one', async () => {
    const kb = await stores.open()
    await kb.commitGeneration({ addDocuments: [doc('a', 'one')], vectors: { embedder: embedder('e1', { model: Uint8Array.of(7, 7) }), vectors: [] } })
    await kb.commitGeneration({ addDocuments: [doc('b', 'two')], vectors: { embedder: embedder('e1', { state: { n: 1 } }), vectors: [entry(doc('b', 'two'), 1)] } })
    expect(await kb.loadVectorEmbedder()).toMatchObject({ model: Uint8Array.of(7, 7), state: { n: 1 }, vectorCount: 1 })
  })

  it('rejects a vector of a document that is not stored, and commits nothing of that generation', async () => {
    const kb = await stores.open()
    await kb.add([doc('a', 'one')])
    const commit = kb.commitGeneration({ addDocuments: [doc('b', 'two')], vectors: { embedder: embedder('e1'), vectors: [entry(doc('ghost', 'x'), 1)] } })
    await expect(commit).rejects.toThrow(/document "ghost", which is not stored/)
    expect((await kb.list()).map((d) => d.id)).toEqual(['a'])
    expect(await kb.loadVectorEmbedder()).toBeUndefined()
  })

  it('rejects a vector of the wrong length or with a non-finite value before writing', async () => {
    const kb = await stores.open()
    const short = { id: 'a', contentHash: 'h', vector: new Float32Array(3) }
    await expect(kb.commitGeneration({ addDocuments: [doc('a', 'one')], vectors: { embedder: embedder('e1'), vectors: [short] } })).rejects.toThrow(
      new InvalidArgumentError('vectors.vectors[0].vector must be a Float32Array of length 4 (the embedder\'s dimensions); received length 3.'),
    )
    const nan = { id: 'a', contentHash: 'h', vector: Float32Array.of(0, Number.NaN, 0, 0) }
    await expect(kb.commitGeneration({ addDocuments: [doc('a', 'one')], vectors: { embedder: embedder('e1'), vectors: [nan] } })).rejects.toBeInstanceOf(InvalidArgumentError)
    expect(await kb.size()).toBe(0)
  })

  it('drops every vector and the embedder on dropVectors, keeping the documents', async () => {
    const kb = await stores.open()
    await kb.commitGeneration({ addDocuments: [doc('a', 'one')], vectors: { embedder: embedder('e1', { model: Uint8Array.of(1) }), vectors: [entry(doc('a', 'one'), 0)] } })
    expect(await kb.dropVectors()).toBe(true)
    expect(await kb.loadVectorEmbedder()).toBeUndefined()
    expect((await kb.loadUnembedded('e1')).map((d) => d.id)).toEqual(['a'])
    expect(await kb.dropVectors()).toBe(false)
  })

  it('forgets the embedder and every vector on clear', async () => {
    const kb = await stores.open()
    await kb.commitGeneration({ addDocuments: [doc('a', 'one')], vectors: { embedder: embedder('e1', { model: Uint8Array.of(1) }), vectors: [entry(doc('a', 'one'), 0)] } })
    await kb.clear()
    expect(await kb.loadVectorEmbedder()).toBeUndefined()
  })
})

// The persisted variant: every document is embedded, committed with its vector to a store file,
// and the stream is rebuilt from the file by a fresh connection, as a new process would.
describeStreamContract('VectorStream over vectors persisted in SQLite (hash embedder)', async (documents) => {
  const hash = createHashEmbedder({ dimensions: 1024 })
  const path = stores.path()
  const writer = await stores.open(path)
  const vectors = await hash.embed(documents.map((d) => d.content))
  await writer.commitGeneration({
    addDocuments: documents,
    vectors: { embedder: { name: hash.name, dimensions: hash.dimensions, spec: { kind: 'hash' } }, vectors: documents.map((d, i) => ({ id: d.id, contentHash: d.content, vector: vectors[i]! })) },
  })
  await writer.close()
  const reader = await stores.open(path)
  const { documents: stored, vectors: loaded } = await reader.loadEmbedded(hash.name)
  const stream = new VectorStream({ embedder: hash })
  await stream.replaceEmbedded([], stored, loaded)
  return stream
})
