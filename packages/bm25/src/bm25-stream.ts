import { assertDocuments, assertIds, assertQuery, assertTopK, DuplicateIdError, InvalidArgumentError, LimitExceededError, Mutex, type Analyzer, type Document, type IndexedText, type Replaceable, type SearchResult, type Stream } from '@rag/core'
import { BM25_DEFAULTS, contentText } from '@rag/lexical'
import { compatibleAnalyzer } from './compatible-analyzer.js'
import { InvertedIndex } from './inverted-index.js'
import { MAX_SLOTS } from './postings.js'

/** Why documents left the stream without being removed. */
export type EvictionReason = 'capacity' | 'expired'

/** Documents the stream dropped on its own, reported to {@link BM25StreamOptions.onEvict}. */
export interface Eviction {
  /** Ids of the dropped documents, least recently accessed first. */
  readonly ids: readonly string[]
  /** `capacity`: more than `maxDocuments`; `expired`: not accessed for `ttlMs`. */
  readonly reason: EvictionReason
}

/** Options of {@link BM25Stream}. */
export interface BM25StreamOptions {
  /**
   * Turns documents and queries into terms. Must be deterministic: removal re-analyses a
   * document's text to update document frequencies.
   * @default compatibleAnalyzer
   */
  readonly analyzer?: Analyzer
  /**
   * What is analysed for each document: its content, or a text derived from it such as
   * `pathAndSymbolText` (the `file` path and symbol names before the content). Stored and returned
   * documents are never changed; only ranking is. Must be deterministic: removal re-analyses it.
   * @default contentText
   */
  readonly indexedText?: IndexedText
  /**
   * Term-frequency saturation: how much a repeated term keeps adding. Finite, `>= 0`.
   * @default 1.2 (`BM25_DEFAULTS.k1` of `@rag/lexical`)
   */
  readonly k1?: number
  /**
   * Length normalisation: 0 ignores document length, 1 normalises fully. In `[0, 1]`.
   * @default 0.75 (`BM25_DEFAULTS.b` of `@rag/lexical`)
   */
  readonly b?: number
  /**
   * Most documents held; past it the least recently accessed are evicted. A positive integer or
   * `Infinity`.
   * @default 10_000
   */
  readonly maxDocuments?: number
  /**
   * A document expires this many milliseconds after its last access. Positive, or `Infinity` to
   * never expire.
   * @default 3_600_000 (one hour)
   */
  readonly ttlMs?: number
  /**
   * The clock, in milliseconds; inject one in tests. Expiry assumes it never goes backwards.
   * @default Date.now
   */
  readonly now?: () => number
  /**
   * The stream's name in fused results and explanations.
   * @default 'bm25'
   */
  readonly name?: string
  /**
   * Told about documents evicted for capacity or expired. Errors it throws are ignored.
   * @default undefined
   */
  readonly onEvict?: (eviction: Eviction) => void
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value)
  if (typeof value === 'function') return 'a function'
  return typeof value === 'object' && value !== null ? 'an object' : String(value)
}

function check(ok: boolean, what: string, expected: string, value: unknown): void {
  if (!ok) throw new InvalidArgumentError(`${what} must be ${expected}; received ${describe(value)}.`)
}

function isIndexedText(value: unknown): value is IndexedText {
  if (typeof value !== 'object' || value === null) return false
  const t = value as Record<string, unknown>
  return typeof t['name'] === 'string' && t['name'].length > 0 && typeof t['text'] === 'function'
}

function isAnalyzer(value: unknown): value is Analyzer {
  if (typeof value !== 'object' || value === null) return false
  const a = value as Record<string, unknown>
  return typeof a['name'] === 'string' && typeof a['analyze'] === 'function' && typeof a['analyzeQuery'] === 'function'
}

/**
 * Okapi BM25 over an in-memory inverted index: a `Stream` for `HybridRetriever`, and `Replaceable`
 * so an index run can swap a whole generation of chunks in one step.
 *
 * Score of a document `d` for a query: the sum over the query's distinct terms `t` of
 * `idf(t) * tf * (k1 + 1) / (tf + k1 * (1 - b + b * dl / avgdl))` with
 * `idf(t) = ln(1 + (N - df + 0.5) / (df + 0.5))`. Ties rank the earlier-added document first.
 *
 * Access: adding a document, returning it from `search` (only the returned `topK`) and returning it
 * from `get` count as access; `size`, `remove` and merely scoring do not. Past `maxDocuments` the
 * least recently accessed documents are evicted; a document not accessed for `ttlMs` expires.
 * Both are checked lazily, at the start of every call (no timers), in O(evicted).
 *
 * Writers (`add`, `remove`, `replaceDocuments`, `clear`) run one at a time; each validates and
 * analyses first, then changes the index in one synchronous step, so a concurrent `search`
 * (which never waits) sees the old or the new generation, never a mix.
 *
 * @example
 * const bm25 = new BM25Stream({ maxDocuments: 50_000 })
 * await bm25.add([{ id: 'a', content: 'open the database connection', metadata: {} }])
 * const hits = await bm25.search('db connection', 5)
 */
export class BM25Stream implements Stream, Replaceable {
  /** The stream's name, `bm25` unless configured. */
  readonly name: string
  /** The analyzer in use; record its `name` in fingerprints. */
  readonly analyzer: Analyzer
  /** What is analysed for each document; record its `name` in fingerprints. */
  readonly indexedText: IndexedText
  readonly #params: { readonly k1: number; readonly b: number }
  readonly #maxDocuments: number
  readonly #ttlMs: number
  readonly #now: () => number
  readonly #onEvict: ((eviction: Eviction) => void) | undefined
  readonly #index: InvertedIndex
  readonly #writers = new Mutex()

  /** @throws InvalidArgumentError for an option outside its documented range. */
  constructor({
    analyzer = compatibleAnalyzer,
    indexedText = contentText,
    k1 = BM25_DEFAULTS.k1,
    b = BM25_DEFAULTS.b,
    maxDocuments = 10_000,
    ttlMs = 3_600_000,
    now = Date.now,
    name = 'bm25',
    onEvict,
  }: BM25StreamOptions = {}) {
    check(isAnalyzer(analyzer), 'options.analyzer', 'an Analyzer with name, analyze and analyzeQuery', analyzer)
    check(isIndexedText(indexedText), 'options.indexedText', 'an IndexedText with a non-empty name and text(document)', indexedText)
    check(typeof k1 === 'number' && Number.isFinite(k1) && k1 >= 0, 'options.k1', 'a finite number >= 0', k1)
    check(typeof b === 'number' && b >= 0 && b <= 1, 'options.b', 'a number in [0, 1]', b)
    check(
      maxDocuments === Number.POSITIVE_INFINITY || (Number.isSafeInteger(maxDocuments) && maxDocuments >= 1),
      'options.maxDocuments',
      'a positive integer or Infinity',
      maxDocuments,
    )
    check(typeof ttlMs === 'number' && ttlMs > 0, 'options.ttlMs', 'a number > 0 or Infinity', ttlMs)
    check(typeof now === 'function', 'options.now', 'a function returning milliseconds', now)
    check(typeof name === 'string' && name.length > 0, 'options.name', 'a non-empty string', name)
    check(onEvict === undefined || typeof onEvict === 'function', 'options.onEvict', 'a function', onEvict)
    this.name = name
    this.analyzer = analyzer
    this.indexedText = indexedText
    this.#params = { k1, b }
    this.#maxDocuments = maxDocuments
    this.#ttlMs = ttlMs
    this.#now = now
    this.#onEvict = onEvict
    this.#index = new InvertedIndex(analyzer, undefined, indexedText)
  }

  /**
   * The best `topK` documents for `query`, highest score first; empty when no query term is
   * indexed. Returned documents count as accessed. Never waits for writers.
   *
   * @throws InvalidArgumentError for an empty query or a `topK` that is not a positive integer.
   */
  async search(query: string, topK: number): Promise<SearchResult[]> {
    assertQuery(query)
    assertTopK(topK)
    const now = this.#now()
    this.#expire(now)
    const terms = this.analyzer.analyzeQuery(query)
    if (terms.length === 0) return []
    const hits = this.#index.search(terms, topK, this.#params)
    const results = hits.map(({ slot, score }) => ({ document: this.#index.document(slot), score }))
    // Touch the worst first so the best hit ends up the most recently accessed.
    for (let i = hits.length - 1; i >= 0; i--) this.#index.touch(hits[i]!.slot, now)
    return results
  }

  /**
   * Adds documents. An id already stored, or repeated in the batch, is a `DuplicateIdError` and
   * nothing is added. Past `maxDocuments`, the least recently accessed documents are evicted (the
   * earliest of this batch too, if the batch alone is larger).
   *
   * @throws InvalidArgumentError for a malformed document; DuplicateIdError for a repeated id.
   */
  async add(documents: readonly Document[]): Promise<void> {
    assertDocuments(documents)
    const adds = [...documents]
    await this.#writers.runExclusive(() => this.#replace([], adds, 'documents'))
  }

  /**
   * Removes `removeIds` (unknown ids are ignored) and adds `addDocuments` in one atomic step.
   * An id may be both removed and re-added. Validation and analysis happen before anything
   * changes, so a rejected call leaves the contents untouched.
   *
   * @throws InvalidArgumentError for malformed input; DuplicateIdError for an added id that is
   * stored and not removed, or repeated in the batch.
   */
  async replaceDocuments(removeIds: readonly string[], addDocuments: readonly Document[]): Promise<void> {
    assertIds(removeIds, 'removeIds')
    assertDocuments(addDocuments, 'addDocuments')
    const removes = [...removeIds]
    const adds = [...addDocuments]
    await this.#writers.runExclusive(() => this.#replace(removes, adds, 'addDocuments'))
  }

  /**
   * Removes one document; `true` if it was stored.
   *
   * @throws InvalidArgumentError if `id` is not a string.
   */
  async remove(id: string): Promise<boolean> {
    check(typeof id === 'string', 'id', 'a string', id)
    return this.#writers.runExclusive(() => {
      const now = this.#now()
      this.#expire(now)
      const slot = this.#index.slotOf(id)
      if (slot === undefined) return false
      this.#index.commit([slot], this.#index.stageRemoval([slot]), undefined, now)
      return true
    })
  }

  /**
   * The stored document with this id, or `undefined`. A found document counts as accessed.
   *
   * @throws InvalidArgumentError if `id` is not a string.
   */
  async get(id: string): Promise<Document | undefined> {
    check(typeof id === 'string', 'id', 'a string', id)
    const now = this.#now()
    this.#expire(now)
    const slot = this.#index.slotOf(id)
    if (slot === undefined) return undefined
    this.#index.touch(slot, now)
    return this.#index.document(slot)
  }

  /** Removes every document. */
  async clear(): Promise<void> {
    await this.#writers.runExclusive(() => this.#index.clear())
  }

  /** How many documents are stored (expired ones are dropped first). */
  async size(): Promise<number> {
    this.#expire(this.#now())
    return this.#index.size
  }

  /** The body of every add: check ids, plan evictions, analyse, then commit in one step. */
  #replace(removeIds: readonly string[], adds: readonly Document[], where: string): void {
    const index = this.#index
    const now = this.#now()
    this.#expire(now)
    const removing = new Set(removeIds)
    adds.forEach((doc, i) => {
      if (index.slotOf(doc.id) !== undefined && !removing.has(doc.id)) {
        throw new DuplicateIdError(doc.id, `${where}[${i}]: id "${doc.id}" is already stored; remove it in the same call to replace it.`)
      }
    })
    const removed: string[] = []
    for (const id of removing) if (index.slotOf(id) !== undefined) removed.push(id)
    let excess = index.size - removed.length + adds.length - this.#maxDocuments
    const evicted: string[] = []
    if (excess > 0) {
      for (const [id] of index.byAccess()) {
        if (excess === 0) break
        if (removing.has(id)) continue
        evicted.push(id)
        excess--
      }
    }
    let kept = adds
    if (excess > 0) {
      // The batch alone is larger than the capacity: its earliest documents would be evicted at once.
      kept = adds.slice(excess)
      for (const doc of adds.slice(0, excess)) evicted.push(doc.id)
    }
    // Staging happens before removal, so the slots must fit next to every live document.
    if (index.size + kept.length > MAX_SLOTS) {
      const wanted = index.size + kept.length
      throw new LimitExceededError('documents', MAX_SLOTS, wanted, `A BM25Stream holds at most ${MAX_SLOTS} documents while replacing; this call needs ${wanted}.`)
    }
    index.reserve(kept.length)
    const removeSlots: number[] = []
    for (const id of [...removed, ...evicted]) {
      const slot = index.slotOf(id)
      if (slot !== undefined) removeSlots.push(slot)
    }
    const decrements = index.stageRemoval(removeSlots)
    const staged = index.stage(kept)
    index.commit(removeSlots, decrements, staged, now)
    this.#notify(evicted, 'capacity')
  }

  /** Drops documents not accessed for `ttlMs`, oldest first, stopping at the first fresh one. */
  #expire(now: number): void {
    if (this.#ttlMs === Number.POSITIVE_INFINITY) return
    const slots: number[] = []
    const ids: string[] = []
    for (const [id, slot] of this.#index.byAccess()) {
      if (now - this.#index.lastAccess(slot) < this.#ttlMs) break
      slots.push(slot)
      ids.push(id)
    }
    if (slots.length === 0) return
    this.#index.commit(slots, this.#index.stageRemoval(slots), undefined, now)
    this.#notify(ids, 'expired')
  }

  #notify(ids: readonly string[], reason: EvictionReason): void {
    if (ids.length === 0 || this.#onEvict === undefined) return
    try {
      this.#onEvict({ ids, reason })
    } catch {
      // A listener must not break the index: the eviction has already happened.
    }
  }
}
