import { InvalidArgumentError, type Document, type DocumentVector, type EmbeddedDocuments, type GenerationCommit, type StoredVectorEmbedder, type StoredVectors, type VectorEmbedderRecord } from '@rag/core'
import { describe, expect, it } from 'vitest'
import { doc } from './corpus.js'
import type { PersistentStoreHarness } from './layer-store-contract.js'

/** What the vector contract needs of a persistent store (`SqliteKnowledgeBase`, `PostgresKnowledgeBase`). */
export interface VectorStore {
  commitGeneration(commit: GenerationCommit): Promise<void>
  replaceDocuments(removeIds: readonly string[], addDocuments: readonly Document[]): Promise<void>
  add(documents: readonly Document[]): Promise<void>
  remove(id: string): Promise<boolean>
  list(): Promise<Document[]>
  size(): Promise<number>
  clear(): Promise<void>
  loadVectorEmbedder(): Promise<StoredVectorEmbedder | undefined>
  findVectors(embedderName: string, contentHashes: readonly string[]): Promise<Map<string, Float32Array>>
  loadEmbedded(embedderName: string): Promise<EmbeddedDocuments>
  loadVectors(embedderName: string): Promise<StoredVectors>
  loadUnembedded(embedderName: string): Promise<Document[]>
  dropVectors(): Promise<boolean>
}

const DIMENSIONS = 4
const embedder = (name: string, extra: Partial<VectorEmbedderRecord> = {}): VectorEmbedderRecord => ({ name, dimensions: DIMENSIONS, spec: { kind: 'test' }, ...extra })

/** A distinct vector per seed. */
function vector(seed: number): Float32Array {
  return Float32Array.from({ length: DIMENSIONS }, (_, i) => Math.sin(seed * 7 + i))
}

function entry(document: Document, seed: number): DocumentVector {
  return { id: document.id, contentHash: `h-${document.content}`, vector: vector(seed) }
}

/**
 * Registers the shared suite of a store that keeps vectors with its chunks
 * (`commitGeneration({ vectors })`, `loadVectorEmbedder`, `findVectors`, `loadEmbedded`,
 * `loadVectors`, `loadUnembedded`, `dropVectors`): vectors commit in the chunks' transaction, go
 * with their documents, come back bit for bit, and never mix two embedders.
 *
 * @example
 * describeVectorStoreContract('SqliteKnowledgeBase', { create: () => stores.open(), reopen: (kb) => stores.open(kb.path) })
 */
export function describeVectorStoreContract<S extends VectorStore>(name: string, harness: PersistentStoreHarness<S>): void {
  describe(`${name} (vector store contract)`, () => {
    it('commits vectors with their documents and reads them back through a new connection, bit for bit', async () => {
      const kb = await harness.create()
      const docs = [doc('a', 'open the pool'), doc('b', 'close the pool'), doc('c', 'parse flags')]
      const model = Uint8Array.from([1, 2, 3, 250, 0, 92])
      // Values that a decimal round trip would change: the nearest float32 to 0.1, a subnormal, -0.
      const exact = Float32Array.of(0.1, 1.4e-45, -0, 3.4028234663852886e38)
      await kb.commitGeneration({
        addDocuments: docs,
        vectors: { embedder: embedder('e1', { model, state: { tokens: 9 } }), vectors: [entry(docs[0]!, 0), { id: 'b', contentHash: 'h-close the pool', vector: exact }] },
      })

      const again = await harness.reopen(kb)
      expect(await again.loadVectorEmbedder()).toEqual({ name: 'e1', dimensions: DIMENSIONS, spec: { kind: 'test' }, model, state: { tokens: 9 }, vectorCount: 2 })
      const embedded = await again.loadEmbedded('e1')
      expect(embedded.documents).toEqual(docs.slice(0, 2))
      expect(embedded.contentHashes).toEqual(['h-open the pool', 'h-close the pool'])
      expect(embedded.vectors).toEqual([vector(0), exact])
      expect(Object.is(embedded.vectors[1]![2], -0)).toBe(true)
      expect(await again.loadVectors('e1')).toEqual({ ids: ['a', 'b'], vectors: [vector(0), exact] })
      expect(await again.loadVectors('other')).toEqual({ ids: [], vectors: [] })
      expect((await again.loadUnembedded('e1')).map((d) => d.id)).toEqual(['c'])
      expect((await again.loadEmbedded('other')).documents).toEqual([])
      expect((await again.loadUnembedded('other')).map((d) => d.id)).toEqual(['a', 'b', 'c'])
    })

    it('finds stored vectors by content hash for the same embedder only', async () => {
      const kb = await harness.create()
      const docs = [doc('a', 'one'), doc('b', 'two'), doc('c', 'two')]
      await kb.commitGeneration({ addDocuments: docs, vectors: { embedder: embedder('e1'), vectors: docs.map(entry) } })
      const found = await kb.findVectors('e1', ['h-two', 'h-missing', 'h-two'])
      expect([...found.keys()]).toEqual(['h-two'])
      expect([vector(1), vector(2)]).toContainEqual(found.get('h-two'))
      expect((await kb.findVectors('e2', ['h-two'])).size).toBe(0)
      expect((await kb.findVectors('e1', [])).size).toBe(0)
    })

    it('takes any text as a content hash, however long', async () => {
      const kb = await harness.create()
      // Cyrillic letters in no pattern, so the text stays long inside an index too.
      const hash = `sha:${Array.from({ length: 5000 }, (_, i) => String.fromCharCode(0x430 + Math.floor(Math.abs(Math.sin(i * 12.9898) * 43758.5453) % 32))).join('')}`
      await kb.commitGeneration({ addDocuments: [doc('a', 'one')], vectors: { embedder: embedder('e1'), vectors: [{ id: 'a', contentHash: hash, vector: vector(3) }] } })
      expect(await kb.findVectors('e1', [hash, hash.slice(0, -1)])).toEqual(new Map([[hash, vector(3)]]))
      expect((await kb.loadEmbedded('e1')).contentHashes).toEqual([hash])
    })

    it('deletes a vector with its document in the same transaction, and keeps the rest', async () => {
      const kb = await harness.create()
      const docs = [doc('a', 'one'), doc('b', 'two'), doc('c', 'three')]
      await kb.commitGeneration({ addDocuments: docs, vectors: { embedder: embedder('e1'), vectors: docs.map(entry) } })
      await kb.replaceDocuments(['b'], [])
      await kb.remove('c')
      expect((await kb.loadEmbedded('e1')).documents.map((d) => d.id)).toEqual(['a'])
      expect((await kb.loadVectorEmbedder())?.vectorCount).toBe(1)
      expect((await kb.findVectors('e1', ['h-two'])).size).toBe(0)
      // A document removed and added again in one commit has no vector until one is committed with it.
      await kb.commitGeneration({ removeIds: ['a'], addDocuments: [doc('a', 'one again')] })
      expect((await kb.loadUnembedded('e1')).map((d) => d.id)).toEqual(['a'])
      await kb.commitGeneration({ removeIds: ['a'], addDocuments: [doc('a', 'one more')], vectors: { embedder: embedder('e1'), vectors: [entry(doc('a', 'one more'), 4)] } })
      expect(await kb.loadVectors('e1')).toEqual({ ids: ['a'], vectors: [vector(4)] })
    })

    it('replaces the embedder and deletes every vector of the old one when another embedder commits', async () => {
      const kb = await harness.create()
      const docs = [doc('a', 'one'), doc('b', 'two')]
      await kb.commitGeneration({ addDocuments: docs, vectors: { embedder: embedder('e1', { model: Uint8Array.of(9) }), vectors: docs.map(entry) } })
      await kb.commitGeneration({ vectors: { embedder: embedder('e2'), vectors: [entry(docs[0]!, 5)] } })
      expect(await kb.loadVectorEmbedder()).toMatchObject({ name: 'e2', vectorCount: 1, model: undefined })
      expect((await kb.loadEmbedded('e2')).vectors).toEqual([vector(5)])
      expect((await kb.loadEmbedded('e1')).documents).toEqual([])
      expect((await kb.findVectors('e2', ['h-two'])).size).toBe(0)
    })

    it('keeps the stored model when the same embedder commits without one, and replaces a vector committed again', async () => {
      const kb = await harness.create()
      await kb.commitGeneration({ addDocuments: [doc('a', 'one')], vectors: { embedder: embedder('e1', { model: Uint8Array.of(7, 7) }), vectors: [] } })
      await kb.commitGeneration({ addDocuments: [doc('b', 'two')], vectors: { embedder: embedder('e1', { state: { n: 1 } }), vectors: [entry(doc('b', 'two'), 1)] } })
      expect(await kb.loadVectorEmbedder()).toMatchObject({ model: Uint8Array.of(7, 7), state: { n: 1 }, vectorCount: 1 })
      await kb.commitGeneration({ vectors: { embedder: embedder('e1'), vectors: [{ ...entry(doc('b', 'two'), 3), contentHash: 'h-new' }] } })
      expect(await kb.loadEmbedded('e1')).toEqual({ documents: [doc('b', 'two')], contentHashes: ['h-new'], vectors: [vector(3)] })
      expect(await kb.loadVectorEmbedder()).toMatchObject({ state: {}, vectorCount: 1 })
    })

    it('rejects a vector of a document that is not stored, and commits nothing of that generation', async () => {
      const kb = await harness.create()
      await kb.add([doc('a', 'one')])
      const commit = kb.commitGeneration({ addDocuments: [doc('b', 'two')], vectors: { embedder: embedder('e1'), vectors: [entry(doc('ghost', 'x'), 1)] } })
      await expect(commit).rejects.toThrow(/document "ghost", which is not stored/)
      expect((await kb.list()).map((d) => d.id)).toEqual(['a'])
      expect(await kb.loadVectorEmbedder()).toBeUndefined()
    })

    it('rejects a vector of the wrong length or with a non-finite value before writing', async () => {
      const kb = await harness.create()
      const short = { id: 'a', contentHash: 'h', vector: new Float32Array(3) }
      await expect(kb.commitGeneration({ addDocuments: [doc('a', 'one')], vectors: { embedder: embedder('e1'), vectors: [short] } })).rejects.toThrow(
        new InvalidArgumentError("vectors.vectors[0].vector must be a Float32Array of length 4 (the embedder's dimensions); received length 3."),
      )
      const nan = { id: 'a', contentHash: 'h', vector: Float32Array.of(0, Number.NaN, 0, 0) }
      await expect(kb.commitGeneration({ addDocuments: [doc('a', 'one')], vectors: { embedder: embedder('e1'), vectors: [nan] } })).rejects.toBeInstanceOf(InvalidArgumentError)
      expect(await kb.size()).toBe(0)
    })

    it('calls a deferred vector commit once, after the documents are written, and writes what it returns in the same transaction', async () => {
      const kb = await harness.create()
      const docs = [doc('a', 'open the pool'), doc('b', 'close the pool')]
      let calls = 0
      await kb.commitGeneration({
        addDocuments: docs,
        vectors: () => {
          calls++
          return { embedder: embedder('late'), vectors: docs.map((d, i) => entry(d, i)) }
        },
      })
      expect(calls).toBe(1)
      const again = await harness.reopen(kb)
      expect(await again.loadVectorEmbedder()).toMatchObject({ name: 'late', vectorCount: 2 })
      expect((await again.loadVectors('late')).vectors).toEqual([vector(0), vector(1)])
    })

    it('rolls the whole generation back when a deferred vector commit throws or returns bad vectors', async () => {
      const kb = await harness.create()
      await kb.commitGeneration({ addDocuments: [doc('a', 'one')], vectors: { embedder: embedder('e1'), vectors: [entry(doc('a', 'one'), 1)] } })
      const failed = kb.commitGeneration({
        removeIds: ['a'],
        addDocuments: [doc('b', 'two')],
        vectors: () => {
          throw new Error('training failed')
        },
      })
      await expect(failed).rejects.toThrow('training failed')
      const short = { id: 'b', contentHash: 'h', vector: new Float32Array(3) }
      await expect(kb.commitGeneration({ removeIds: ['a'], addDocuments: [doc('b', 'two')], vectors: () => ({ embedder: embedder('e2'), vectors: [short] }) })).rejects.toThrow(
        new InvalidArgumentError("vectors.vectors[0].vector must be a Float32Array of length 4 (the embedder's dimensions); received length 3."),
      )
      const again = await harness.reopen(kb)
      expect((await again.list()).map((d) => d.id)).toEqual(['a'])
      expect(await again.loadVectorEmbedder()).toMatchObject({ name: 'e1', vectorCount: 1 })
    })

    it('drops every vector and the embedder on dropVectors, keeping the documents', async () => {
      const kb = await harness.create()
      expect(await kb.dropVectors()).toBe(false)
      await kb.commitGeneration({ addDocuments: [doc('a', 'one')], vectors: { embedder: embedder('e1', { model: Uint8Array.of(1) }), vectors: [entry(doc('a', 'one'), 0)] } })
      expect(await kb.dropVectors()).toBe(true)
      expect(await kb.loadVectorEmbedder()).toBeUndefined()
      expect((await kb.loadUnembedded('e1')).map((d) => d.id)).toEqual(['a'])
      expect(await kb.dropVectors()).toBe(false)
    })

    it('forgets the embedder and every vector on clear', async () => {
      const kb = await harness.create()
      await kb.commitGeneration({ addDocuments: [doc('a', 'one')], vectors: { embedder: embedder('e1', { model: Uint8Array.of(1) }), vectors: [entry(doc('a', 'one'), 0)] } })
      await kb.clear()
      expect(await kb.loadVectorEmbedder()).toBeUndefined()
      await kb.add([doc('a', 'one')])
      expect((await kb.loadUnembedded('e1')).map((d) => d.id)).toEqual(['a'])
    })
  })
}
