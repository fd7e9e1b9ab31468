import {
  assertId,
  assertDocuments,
  assertIds,
  assertQuery,
  assertTopK,
  DuplicateIdError,
  InvalidArgumentError,
  Mutex,
  describeValue,
  type Document,
  type EmbedOptions,
  type Embedder,
  type IndexedText,
  type Replaceable,
  type SearchResult,
  type Stream,
} from '@rag/core'
import { contentText } from '@rag/lexical'
import { checkVectors } from './check-vectors.js'
import { topRows } from './top-k.js'
import { asUnitVector, toUnitVector } from './unit-vector.js'
import { createVectorRows, type Quantization, type VectorRows } from './vector-rows.js'

/** Options of {@link VectorStream}. */
export interface VectorStreamOptions {
  /** Turns documents and queries into vectors. Its `dimensions` fixes the stream's. */
  readonly embedder: Embedder
  /**
   * What is embedded for each document: its content, or a text derived from it such as
   * `pathAndSymbolText`. Stored and returned documents are never changed.
   * @default contentText
   */
  readonly indexedText?: IndexedText
  /**
   * `float32` keeps vectors exactly (4 bytes a dimension); `int8` keeps a quarter of that with
   * scores within about 1 % of exact.
   * @default 'float32'
   */
  readonly quantization?: Quantization
  /**
   * Results score above this (cosine similarity, in [-1, 1]) or are left out; 0 drops documents
   * that point away from the query or share nothing with it. `-Infinity` keeps every document.
   * @default 0
   */
  readonly minScore?: number
  /**
   * Queries the stream answers with no results, e.g. {@link isIdentifierQuery}: fused with
   * lexical streams, an exact symbol lookup then ranks exactly as it would without vectors.
   * @default () => false
   */
  readonly abstain?: (query: string) => boolean
  /**
   * The stream's name in fused results and explanations.
   * @default 'vector'
   */
  readonly name?: string
}

/** Per-call options of the writers: cancel a long embedding run, follow its progress. */
export type VectorWriteOptions = Pick<EmbedOptions, 'signal' | 'onProgress'>

function isEmbedder(value: unknown): value is Embedder {
  if (typeof value !== 'object' || value === null) return false
  const e = value as Record<string, unknown>
  return typeof e['name'] === 'string' && Number.isSafeInteger(e['dimensions']) && (e['dimensions'] as number) > 0 && typeof e['embed'] === 'function'
}

/**
 * Dense-vector retrieval: each document is embedded once when added, kept as a unit vector in one
 * contiguous buffer, and a query is embedded and scored against every vector by dot product
 * (cosine similarity) in one linear pass: exact top-k, no approximate index. A `Stream` for
 * `HybridRetriever`, and `Replaceable` so an index run swaps a whole generation in one step.
 *
 * Writers (`add`, `remove`, `replaceDocuments`, `replaceEmbedded`, `clear`) run one at a time;
 * each validates, embeds (the slow part, with nothing changed yet), then changes the rows in one
 * synchronous step, so a concurrent `search` sees the old or the new generation, never a mix. A
 * writer whose embedding fails or is cancelled changes nothing.
 *
 * @example
 * const stream = new VectorStream({ embedder: createHashEmbedder() })
 * await stream.add([{ id: 'a', content: 'open the database connection', metadata: {} }])
 * const hits = await stream.search('database connection', 5)
 */
export class VectorStream implements Stream, Replaceable {
  /** The stream's name, `vector` unless configured. */
  readonly name: string
  /** The embedder in use; record its `name` beside stored vectors. */
  readonly embedder: Embedder
  /** What is embedded for each document; record its `name` in fingerprints. */
  readonly indexedText: IndexedText
  readonly #minScore: number
  readonly #abstain: (query: string) => boolean
  readonly #rows: VectorRows
  readonly #documents: Document[] = []
  readonly #rowOf = new Map<string, number>()
  readonly #writers = new Mutex()
  #scores = new Float32Array(0)

  /** @throws InvalidArgumentError for a missing embedder or a malformed option. */
  constructor({ embedder, indexedText = contentText, quantization = 'float32', minScore = 0, abstain = () => false, name = 'vector' }: VectorStreamOptions) {
    if (!isEmbedder(embedder)) {
      throw new InvalidArgumentError(`embedder must be an Embedder (name, positive integer dimensions, embed); received ${describeValue(embedder)}.`)
    }
    if (typeof indexedText !== 'object' || indexedText === null || typeof indexedText.text !== 'function' || typeof indexedText.name !== 'string') {
      throw new InvalidArgumentError(`indexedText must be an IndexedText (name, text); received ${describeValue(indexedText)}.`)
    }
    if (quantization !== 'float32' && quantization !== 'int8') {
      throw new InvalidArgumentError(`quantization must be "float32" or "int8"; received ${describeValue(quantization)}.`)
    }
    if (typeof minScore !== 'number' || Number.isNaN(minScore)) {
      throw new InvalidArgumentError(`minScore must be a number; received ${describeValue(minScore)}.`)
    }
    if (typeof abstain !== 'function') {
      throw new InvalidArgumentError(`abstain must be a function of the query; received ${describeValue(abstain)}.`)
    }
    if (typeof name !== 'string' || name.length === 0) {
      throw new InvalidArgumentError(`name must be a non-empty string; received ${describeValue(name)}.`)
    }
    this.name = name
    this.embedder = embedder
    this.indexedText = indexedText
    this.#minScore = minScore
    this.#abstain = abstain
    this.#rows = createVectorRows(embedder.dimensions, quantization)
  }

  /** Length of every stored vector: the embedder's `dimensions`. */
  get dimensions(): number {
    return this.#rows.dimensions
  }

  /** `float32` or `int8`. */
  get quantization(): Quantization {
    return this.#rows.quantization
  }

  /** Bytes held by the vector buffer (its capacity), for status and memory budgets. */
  get vectorBytes(): number {
    return this.#rows.bytes
  }

  /**
   * The best `topK` documents by cosine similarity to the embedded query, above `minScore`,
   * highest first (ties: storage order); `[]` for a query `abstain` matches. Never waits for writers.
   *
   * @throws InvalidArgumentError for an empty query or a bad `topK`; whatever the embedder throws.
   */
  async search(query: string, topK: number): Promise<SearchResult[]> {
    assertQuery(query)
    assertTopK(topK)
    if (this.#abstain(query)) return []
    const vectors = await this.embedder.embed([query], { inputType: 'query' })
    checkVectors(this.embedder.name, this.dimensions, vectors, 1)
    const unit = toUnitVector(vectors[0]!)
    // From here on everything is synchronous: the rows cannot change under the scan.
    const count = this.#rows.count
    if (count === 0) return []
    if (this.#scores.length < count) this.#scores = new Float32Array(Math.max(count, this.#scores.length * 2))
    this.#rows.scoreAll(unit, this.#scores)
    const rows = topRows(this.#scores, count, topK, this.#minScore)
    const out: SearchResult[] = new Array(rows.length)
    for (let i = 0; i < rows.length; i++) out[i] = { document: this.#documents[rows[i]!]!, score: this.#scores[rows[i]!]! }
    return out
  }

  /**
   * Embeds and adds documents. An id already stored, or repeated in the batch, is a
   * `DuplicateIdError` and nothing is added.
   *
   * @throws InvalidArgumentError for a malformed document; DuplicateIdError; whatever the embedder throws.
   */
  async add(documents: readonly Document[], options: VectorWriteOptions = {}): Promise<void> {
    assertDocuments(documents)
    const adds = [...documents]
    await this.#writers.runExclusive(async () => {
      this.#checkIds([], adds, 'documents')
      this.#commit([], adds, await this.#embed(adds, options))
    })
  }

  /**
   * Removes `removeIds` (unknown ids are ignored), embeds `addDocuments` and adds them, in one
   * atomic step. An id may be both removed and re-added. Nothing changes until every vector is in
   * hand, so a rejected, failed or cancelled call leaves the contents untouched.
   *
   * @throws InvalidArgumentError for malformed input; DuplicateIdError for an added id that is
   * stored and not removed, or repeated in the batch; whatever the embedder throws.
   */
  async replaceDocuments(removeIds: readonly string[], addDocuments: readonly Document[], options: VectorWriteOptions = {}): Promise<void> {
    assertIds(removeIds, 'removeIds')
    assertDocuments(addDocuments, 'addDocuments')
    const removes = [...removeIds]
    const adds = [...addDocuments]
    await this.#writers.runExclusive(async () => {
      this.#checkIds(removes, adds, 'addDocuments')
      this.#commit(removes, adds, await this.#embed(adds, options))
    })
  }

  /**
   * {@link replaceDocuments} with vectors the caller already has (a store that kept them, keyed
   * by content and embedder): `vectors[i]` belongs to `addDocuments[i]` and must come from this
   * stream's embedder over this stream's indexed text. Nothing is embedded. The vectors are
   * copied into the stream's buffer when the call runs: do not change them until it settles.
   *
   * @throws InvalidArgumentError for malformed input or a vector count that differs from the
   * documents; ConfigError for a vector of another length; DuplicateIdError as in `replaceDocuments`.
   */
  async replaceEmbedded(removeIds: readonly string[], addDocuments: readonly Document[], vectors: readonly Float32Array[]): Promise<void> {
    assertIds(removeIds, 'removeIds')
    assertDocuments(addDocuments, 'addDocuments')
    if (!Array.isArray(vectors) || vectors.length !== addDocuments.length) {
      const got = Array.isArray(vectors) ? `${vectors.length} vectors` : describeValue(vectors)
      throw new InvalidArgumentError(`vectors must hold one vector per added document (${addDocuments.length}); received ${got}.`)
    }
    checkVectors(this.embedder.name, this.dimensions, vectors, vectors.length)
    const removes = [...removeIds]
    const adds = [...addDocuments]
    // Unit vectors are taken as they are (the rows copy them): the caller must not change them until this settles.
    const units = vectors.map(asUnitVector)
    await this.#writers.runExclusive(() => {
      this.#checkIds(removes, adds, 'addDocuments')
      this.#commit(removes, adds, units)
    })
  }

  /**
   * Removes one document; `true` if it was stored.
   *
   * @throws InvalidArgumentError if `id` is not a string.
   */
  async remove(id: string): Promise<boolean> {
    assertId(id)
    return this.#writers.runExclusive(() => {
      if (!this.#rowOf.has(id)) return false
      this.#commit([id], [], [])
      return true
    })
  }

  /**
   * The stored document with this id, or `undefined`.
   *
   * @throws InvalidArgumentError if `id` is not a string.
   */
  async get(id: string): Promise<Document | undefined> {
    assertId(id)
    const row = this.#rowOf.get(id)
    return row === undefined ? undefined : this.#documents[row]
  }

  /** Removes every document (the buffer keeps its capacity). */
  async clear(): Promise<void> {
    await this.#writers.runExclusive(() => {
      this.#rows.truncate(0)
      this.#documents.length = 0
      this.#rowOf.clear()
    })
  }

  /** How many documents are stored. */
  async size(): Promise<number> {
    return this.#rows.count
  }

  #checkIds(removeIds: readonly string[], adds: readonly Document[], where: string): void {
    const removing = new Set(removeIds)
    adds.forEach((doc, i) => {
      if (this.#rowOf.has(doc.id) && !removing.has(doc.id)) {
        throw new DuplicateIdError(doc.id, `${where}[${i}]: id "${doc.id}" is already stored; remove it in the same call to replace it.`)
      }
    })
  }

  /** Unit vectors of the indexed texts of `documents`; nothing in the stream changes. */
  async #embed(documents: readonly Document[], { signal, onProgress }: VectorWriteOptions): Promise<Float32Array[]> {
    if (documents.length === 0) return []
    const texts = documents.map((doc, i) => {
      const text = this.indexedText.text(doc)
      if (typeof text !== 'string') {
        throw new InvalidArgumentError(`indexedText "${this.indexedText.name}" returned ${describeValue(text)} for document ${i} ("${doc.id}"); expected a string.`)
      }
      return text
    })
    const vectors = await this.embedder.embed(texts, { signal, onProgress, inputType: 'document' })
    checkVectors(this.embedder.name, this.dimensions, vectors, texts.length)
    return vectors.map(toUnitVector)
  }

  /** Removes, then appends, in one synchronous step. */
  #commit(removeIds: readonly string[], adds: readonly Document[], vectors: readonly Float32Array[]): void {
    const rows = this.#rows
    rows.reserve(adds.length)
    for (const id of removeIds) {
      const row = this.#rowOf.get(id)
      if (row === undefined) continue
      const last = rows.count - 1
      if (row !== last) {
        rows.move(last, row)
        const moved = this.#documents[last]!
        this.#documents[row] = moved
        this.#rowOf.set(moved.id, row)
      }
      rows.truncate(last)
      this.#documents.length = last
      this.#rowOf.delete(id)
    }
    for (let i = 0; i < adds.length; i++) {
      this.#rowOf.set(adds[i]!.id, rows.count)
      this.#documents.push(adds[i]!)
      rows.append(vectors[i]!)
    }
  }
}
