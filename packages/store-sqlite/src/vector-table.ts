import type Database from 'better-sqlite3'
import { InvalidArgumentError, type Document, type EmbeddedDocuments, type StoredVectorEmbedder, type StoredVectors, type VectorCommit } from '@rag/core'
import { rowToDocument } from './document-rows.js'

type EmbedderRow = [name: string, dimensions: number, spec: string, model: Buffer | null, state: string]

function toBlob(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength)
}

function fromBlob(blob: Buffer): Float32Array {
  // Copy into a buffer of its own: the blob's offset need not be 4-byte aligned.
  const bytes = new Uint8Array(blob.byteLength)
  bytes.set(blob)
  return new Float32Array(bytes.buffer)
}

/** Copies equal-length blobs into one buffer and returns a view per blob (one allocation, not one per vector). */
function fromBlobs(blobs: readonly Buffer[]): Float32Array[] {
  if (blobs.length === 0) return []
  const width = blobs[0]!.byteLength
  const bytes = new Uint8Array(width * blobs.length)
  const dimensions = width / 4
  const all = new Float32Array(bytes.buffer)
  return blobs.map((blob, i) => {
    if (blob.byteLength !== width) return fromBlob(blob)
    bytes.set(blob, i * width)
    return all.subarray(i * dimensions, (i + 1) * dimensions)
  })
}

/**
 * The statements of the vector tables on one connection. Reads run inside the caller's read
 * snapshot, writes inside the caller's write transaction.
 */
export class VectorTable {
  readonly #embedder: Database.Statement<[], EmbedderRow>
  readonly #count: Database.Statement<[], number>
  readonly #byHash: Database.Statement<[string], Buffer>
  readonly #embedded: Database.Statement<[], [string, string, string, string, Buffer]>
  readonly #idVectors: Database.Statement<[], [string, Buffer]>
  readonly #unembedded: Database.Statement<[], [string, string, string]>
  readonly #all: Database.Statement<[], [string, string, string]>
  readonly #seqOf: Database.Statement<[string], number>
  readonly #put: Database.Statement<[number, string, Buffer]>
  readonly #putEmbedder: Database.Statement<[string, number, string, Buffer | null, string]>
  readonly #deleteAll: Database.Statement<[]>
  readonly #deleteEmbedder: Database.Statement<[]>

  constructor(db: Database.Database) {
    this.#embedder = db.prepare<[], EmbedderRow>('SELECT name, dimensions, spec, model, state FROM vector_embedder WHERE id = 1').raw()
    this.#count = db.prepare<[], number>('SELECT count(*) FROM document_vectors').pluck()
    this.#byHash = db.prepare<[string], Buffer>('SELECT vector FROM document_vectors WHERE content_hash = ? LIMIT 1').pluck()
    this.#embedded = db
      .prepare<[], [string, string, string, string, Buffer]>(
        'SELECT d.id, d.content, d.metadata, v.content_hash, v.vector FROM documents AS d JOIN document_vectors AS v ON v.seq = d.seq ORDER BY d.seq',
      )
      .raw()
    this.#idVectors = db.prepare<[], [string, Buffer]>('SELECT d.id, v.vector FROM documents AS d JOIN document_vectors AS v ON v.seq = d.seq ORDER BY d.seq').raw()
    this.#unembedded = db
      .prepare<[], [string, string, string]>(
        'SELECT d.id, d.content, d.metadata FROM documents AS d LEFT JOIN document_vectors AS v ON v.seq = d.seq WHERE v.seq IS NULL ORDER BY d.seq',
      )
      .raw()
    this.#all = db.prepare<[], [string, string, string]>('SELECT id, content, metadata FROM documents ORDER BY seq').raw()
    this.#seqOf = db.prepare<[string], number>('SELECT seq FROM documents WHERE id = ?').pluck()
    this.#put = db.prepare('INSERT OR REPLACE INTO document_vectors (seq, content_hash, vector) VALUES (?, ?, ?)')
    this.#putEmbedder = db.prepare('INSERT OR REPLACE INTO vector_embedder (id, name, dimensions, spec, model, state) VALUES (1, ?, ?, ?, ?, ?)')
    this.#deleteAll = db.prepare('DELETE FROM document_vectors')
    this.#deleteEmbedder = db.prepare('DELETE FROM vector_embedder')
  }

  /** The stored embedder, or `undefined` when no vector was ever committed (or after `clear`). */
  embedder(): StoredVectorEmbedder | undefined {
    const row = this.#embedder.get()
    if (row === undefined) return undefined
    const [name, dimensions, spec, model, state] = row
    return {
      name,
      dimensions,
      spec: JSON.parse(spec) as StoredVectorEmbedder['spec'],
      model: model === null ? undefined : new Uint8Array(model),
      state: JSON.parse(state) as StoredVectorEmbedder['state'],
      vectorCount: this.#count.get() ?? 0,
    }
  }

  /** Stored vectors of `embedderName` by content hash, for the hashes that have one. */
  find(embedderName: string, contentHashes: readonly string[]): Map<string, Float32Array> {
    const out = new Map<string, Float32Array>()
    if (this.#embedder.get()?.[0] !== embedderName) return out
    for (const hash of contentHashes) {
      if (out.has(hash)) continue
      const blob = this.#byHash.get(hash)
      if (blob !== undefined) out.set(hash, fromBlob(blob))
    }
    return out
  }

  /** Every document with a vector of `embedderName` (none when the stored embedder is another). */
  embedded(embedderName: string): EmbeddedDocuments {
    const out: EmbeddedDocuments = { documents: [], contentHashes: [], vectors: [] }
    if (this.#embedder.get()?.[0] !== embedderName) return out
    const blobs: Buffer[] = []
    for (const [id, content, metadata, hash, blob] of this.#embedded.all()) {
      out.documents.push(rowToDocument([id, content, metadata]))
      out.contentHashes.push(hash)
      blobs.push(blob)
    }
    out.vectors.push(...fromBlobs(blobs))
    return out
  }

  /** The id and vector of every document with a vector of `embedderName`: no content is read, so a search process starts fast. */
  vectors(embedderName: string): StoredVectors {
    if (this.#embedder.get()?.[0] !== embedderName) return { ids: [], vectors: [] }
    const rows = this.#idVectors.all()
    return { ids: rows.map((row) => row[0]), vectors: fromBlobs(rows.map((row) => row[1])) }
  }

  /** Every document without a vector of `embedderName` (all of them when the stored embedder is another). */
  unembedded(embedderName: string): Document[] {
    const rows = this.#embedder.get()?.[0] === embedderName ? this.#unembedded.all() : this.#all.all()
    return rows.map((row) => rowToDocument(row))
  }

  /**
   * Writes a checked commit inside the caller's write transaction, after its documents changed.
   *
   * @throws InvalidArgumentError for a vector of a document that is not stored (the transaction rolls back).
   */
  write(commit: VectorCommit, path: string): void {
    const { embedder, vectors } = commit
    const stored = this.#embedder.get()
    const same = stored !== undefined && stored[0] === embedder.name
    if (!same) this.#deleteAll.run()
    const model = embedder.model !== undefined ? Buffer.from(embedder.model) : same ? stored[3] : null
    this.#putEmbedder.run(embedder.name, embedder.dimensions, JSON.stringify(embedder.spec), model, JSON.stringify(embedder.state ?? {}))
    for (const { id, contentHash, vector } of vectors) {
      const seq = this.#seqOf.get(id)
      if (seq === undefined) throw new InvalidArgumentError(`${path}: a vector was committed for document "${id}", which is not stored.`)
      this.#put.run(seq, contentHash, toBlob(vector))
    }
  }

  /** Forgets the embedder (its vectors go with their documents). */
  clear(): void {
    this.#deleteAll.run()
    this.#deleteEmbedder.run()
  }
}
