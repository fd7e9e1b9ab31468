import { InvalidArgumentError, type Analyzer, type Document, type IndexedText } from '@rag/core'
import {
  Bm25Scorer,
  contentText,
  growFloat64,
  growUint32,
  kthLargest,
  nextEpoch,
  TermTable,
  termIdPath,
  Uint32List,
  type Bm25Parameters,
  type TermResolver,
} from '@rag/lexical'
import { DocumentSlots } from './document-slots.js'
import { MAX_SLOTS, PostingsPool } from './postings.js'
import { selectTopK } from './top-k.js'

/** New documents analysed and written where readers cannot see them yet; see {@link InvertedIndex.stage}. */
export interface StagedDocuments {
  readonly documents: readonly Document[]
  /** Slot of `documents[0]`; the others follow. */
  readonly firstSlot: number
  /** Terms with staged postings, each once. */
  readonly terms: Uint32Array
}

/** One scored document of a query. */
export interface ScoredSlot {
  readonly slot: number
  readonly score: number
}

/**
 * The inverted index behind `BM25Stream`: a term dictionary with document frequencies, postings
 * in a {@link PostingsPool}, and the documents in {@link DocumentSlots}.
 *
 * Writing is two-phase. {@link InvertedIndex.stage} analyses new documents and writes their
 * postings past every term's committed end, into slots no reader looks at; it may throw, and then
 * undoes itself. {@link InvertedIndex.commit} then removes documents and publishes the staged ones
 * in one synchronous step that cannot throw, so a search sees the old or the new state.
 *
 * Removal leaves tombstones: the slot dies, its postings stay and are skipped, and `df` is
 * decremented by re-analysing the removed text (so no per-document term lists are stored). When
 * dead slots or terms no live document holds outnumber live ones, everything is rebuilt densely.
 */
export class InvertedIndex implements TermResolver {
  readonly #analyzer: Analyzer
  readonly #indexedText: IndexedText
  readonly #compactAfter: number
  #terms = new TermTable()
  #df = new Uint32Array(0)
  #zeroDfTerms = 0
  readonly #postings = new PostingsPool()

  readonly #slots = new DocumentSlots()
  #epoch = nextEpoch()

  /** Per-query scratch: score per slot (0 = untouched) and the touched slots. */
  #scores = new Float64Array(0)
  #touched = new Uint32Array(0)
  /** Per-query scratch: the scores of the touched slots, in touched order (for the top-K cut-off). */
  #gathered = new Float64Array(0)
  /** Staging scratch: per term, tf in the current document, then staged df of the batch. */
  #tf = new Uint32Array(0)
  #stagedDf = new Uint32Array(0)
  readonly #ids = new Uint32List()
  readonly #unique = new Uint32List()

  /**
   * @param compactAfter dead slots (or dead terms) needed before a compaction is considered.
   * @param indexedText what is analysed for each document (staging and removal alike).
   */
  constructor(analyzer: Analyzer, compactAfter = 1024, indexedText: IndexedText = contentText) {
    this.#analyzer = analyzer
    this.#indexedText = indexedText
    this.#compactAfter = compactAfter
  }

  /** Live documents. */
  get size(): number {
    return this.#slots.size
  }

  /** Slots handed out since the last compaction, live and dead. */
  get slotCount(): number {
    return this.#slots.count
  }

  /** Terms in the dictionary, including terms no live document holds. */
  get termCount(): number {
    return this.#terms.size
  }

  /** Changes whenever existing term ids change meaning; see {@link TermResolver.epoch}. */
  get epoch(): number {
    return this.#epoch
  }

  /** The slot of a live document, or `undefined`. */
  slotOf(id: string): number | undefined {
    return this.#slots.slotOf(id)
  }

  /** The document in a live slot. */
  document(slot: number): Document {
    return this.#slots.document(slot)
  }

  /** When the document in `slot` was last accessed. */
  lastAccess(slot: number): number {
    return this.#slots.lastAccess(slot)
  }

  /** Live `[id, slot]` entries, least recently accessed first. */
  byAccess(): IterableIterator<[string, number]> {
    return this.#slots.byAccess()
  }

  /** Marks the document in `slot` accessed at `now`: it moves to the most recent end. */
  touch(slot: number, now: number): void {
    this.#slots.touch(slot, now)
  }

  /** Live document frequency of `term` (0 if unknown). */
  df(term: string): number {
    const id = this.#terms.id(term)
    return id === undefined ? 0 : this.#df[id]!
  }

  /** The id of `term`, added to the dictionary (with df 0) if new: the {@link TermResolver} side. */
  idOf(term: string): number {
    const count = this.#terms.size
    const id = this.#terms.intern(term)
    if (id === count) this.#addedTerm(id)
    return id
  }

  /**
   * Makes sure `count` more slots fit below 2^24, compacting first if needed. Call before
   * resolving slots for a change: a compaction renumbers them.
   */
  reserve(count: number): void {
    if (this.#slots.count + count > MAX_SLOTS) this.#compact()
  }

  /**
   * Analyses live documents that are about to be removed and returns the term ids whose `df` each
   * one holds (once per document). Changes nothing visible.
   */
  stageRemoval(slots: readonly number[]): Uint32Array {
    const decrements = new Uint32List()
    const firstNewTerm = this.#terms.size
    for (const slot of slots) {
      const first = decrements.length
      this.#analyze(this.#textOf(this.#slots.document(slot)))
      const ids = this.#ids.items
      for (let k = 0; k < this.#ids.length; k++) {
        const id = ids[k]!
        if (this.#tf[id]!++ === 0) decrements.push(id)
      }
      for (let k = first; k < decrements.length; k++) this.#tf[decrements.items[k]!] = 0
    }
    // A deterministic analyzer meets no new term here; if one did, it holds no df to give back.
    if (this.#terms.size > firstNewTerm) this.#forgetTermsFrom(firstNewTerm)
    return decrements.toArray().filter((id) => id < firstNewTerm)
  }

  /**
   * Analyses `documents` and stages their postings in the slots after the last one. Nothing is
   * visible until {@link InvertedIndex.commit}; if the analyzer throws, the staging is undone
   * (new terms forgotten, staged postings dropped) and the error passes through.
   */
  stage(documents: readonly Document[]): StagedDocuments {
    const firstSlot = this.#slots.count
    const firstNewTerm = this.#terms.size
    const terms = new Uint32List()
    this.#slots.reserve(documents.length)
    this.#ensureScratch()
    const unique = this.#unique
    unique.clear()
    try {
      for (let i = 0; i < documents.length; i++) {
        const doc = documents[i]!
        const slot = firstSlot + i
        this.#analyze(this.#textOf(doc))
        const ids = this.#ids.items
        const length = this.#ids.length
        unique.clear()
        for (let k = 0; k < length; k++) {
          const id = ids[k]!
          if (this.#tf[id]!++ === 0) unique.push(id)
        }
        for (let k = 0; k < unique.length; k++) {
          const id = unique.items[k]!
          this.#postings.append(id, slot, this.#tf[id]!)
          this.#tf[id] = 0
          if (this.#stagedDf[id]!++ === 0) terms.push(id)
        }
        unique.clear()
        this.#slots.stage(i, doc, length)
      }
    } catch (error) {
      for (let k = 0; k < unique.length; k++) this.#tf[unique.items[k]!] = 0
      for (let k = 0; k < terms.length; k++) this.#stagedDf[terms.items[k]!] = 0
      this.#postings.rollback(terms.items, terms.length)
      this.#slots.unstage()
      this.#forgetTermsFrom(firstNewTerm)
      throw error
    }
    return { documents, firstSlot, terms: terms.toArray() }
  }

  /**
   * Applies one change in a single synchronous step: removes `removeSlots` (whose term ids
   * {@link InvertedIndex.stageRemoval} returned as `decrements`), then publishes `staged` with last
   * access `now`, then compacts if tombstones have piled up. Never throws.
   */
  commit(removeSlots: readonly number[], decrements: Uint32Array, staged: StagedDocuments | undefined, now: number): void {
    for (const slot of removeSlots) this.#slots.kill(slot)
    for (const id of decrements) {
      if (this.#df[id]! > 0 && --this.#df[id]! === 0) this.#zeroDfTerms++
    }
    if (staged !== undefined) this.#publish(staged, now)
    if (this.#shouldCompact()) this.#compact()
  }

  /**
   * The best `topK` live documents for the analysed query `terms` (each distinct term counted
   * once), best first, ties by document id (code-unit order).
   */
  search(terms: readonly string[], topK: number, parameters: Bm25Parameters): ScoredSlot[] {
    const n = this.#slots.size
    if (n === 0) return []
    const scorer = new Bm25Scorer(parameters, n, this.#slots.totalLength)
    const scores = this.#scores
    const touched = this.#touched
    const lengths = this.#slots.lengths
    const alive = this.#slots.alive
    const postings = this.#postings
    const pool = postings.words
    let count = 0
    const seen = new Set<number>()
    for (const term of terms) {
      const id = this.#terms.id(term)
      if (id === undefined || seen.has(id) || this.#df[id] === 0) continue
      seen.add(id)
      const idf = scorer.idf(this.#df[id]!)
      for (let block = postings.firstBlock(id); block !== 0; block = postings.nextBlock(id, block)) {
        const end = postings.blockEnd(id, block)
        for (let i = block + 2; i < end; i++) {
          const word = pool[i]!
          if (word === 0) continue
          let tf = word & 0xff
          if (tf === 0xff) tf = pool[++i]!
          const slot = word >>> 8
          if (alive[slot] === 0) continue
          const weight = scorer.score(idf, tf, lengths[slot]!)
          if (scores[slot] === 0) touched[count++] = slot
          scores[slot]! += weight
        }
      }
    }
    // Only slots scoring at least the topK-th best score can be in the top K: the heap sees those
    // alone (the same result as over every touched slot); the others are cleared at once.
    let candidates = count
    if (count > topK) {
      const gathered = this.#gathered
      for (let i = 0; i < count; i++) gathered[i] = scores[touched[i]!]!
      const cutoff = kthLargest(gathered, count, topK)
      candidates = 0
      for (let i = 0; i < count; i++) {
        const slot = touched[i]!
        if (gathered[i]! >= cutoff) touched[candidates++] = slot
        else scores[slot] = 0
      }
    }
    const best = selectTopK(scores, touched, candidates, topK, (slot) => this.document(slot).id)
    const out: ScoredSlot[] = []
    for (const slot of best) out.push({ slot, score: scores[slot]! })
    for (let i = 0; i < candidates; i++) scores[touched[i]!] = 0
    return out
  }

  /** Forgets everything. */
  clear(): void {
    this.#terms = new TermTable()
    this.#df = new Uint32Array(0)
    this.#zeroDfTerms = 0
    this.#postings.clear()
    this.#slots.clear()
    this.#scores = new Float64Array(0)
    this.#touched = new Uint32Array(0)
    this.#gathered = new Float64Array(0)
    this.#tf = new Uint32Array(0)
    this.#stagedDf = new Uint32Array(0)
    this.#epoch = nextEpoch()
  }

  /** The text analysed for `doc`: `indexedText.text(doc)`, which must be a string. */
  #textOf(doc: Document): string {
    const text: unknown = this.#indexedText.text(doc)
    if (typeof text !== 'string') {
      throw new InvalidArgumentError(`indexed text "${this.#indexedText.name}" returned ${typeof text} for document "${doc.id}"; expected a string.`)
    }
    return text
  }

  /** Fills `#ids` with the term ids of `text`, through the analyzer's shortcut when it has one. */
  #analyze(text: string): void {
    const out = this.#ids
    out.clear()
    const path = termIdPath(this.#analyzer)
    if (path !== undefined) path.appendIds(text, this, out)
    else for (const term of this.#analyzer.analyze(text)) out.push(this.idOf(term))
  }

  /** Gives the term just added to the dictionary as `id` its df (0) and scratch entries. */
  #addedTerm(id: number): void {
    if (this.#df.length <= id) {
      this.#df = growUint32(this.#df, id + 1)
      this.#tf = growUint32(this.#tf, id + 1)
      this.#stagedDf = growUint32(this.#stagedDf, id + 1)
    }
    this.#postings.ensureTerms(id + 1)
    this.#zeroDfTerms++
  }

  #forgetTermsFrom(first: number): void {
    this.#zeroDfTerms -= this.#terms.size - first
    this.#terms.truncate(first)
    this.#postings.truncateTerms(first)
    this.#epoch = nextEpoch()
  }

  #publish(staged: StagedDocuments, now: number): void {
    const { documents, terms } = staged
    this.#slots.publish(documents.length, now)
    // An indexed loop: this runs once per batch, unoptimized, where for-of allocates per step.
    for (let k = 0; k < terms.length; k++) {
      const id = terms[k]!
      if (this.#df[id] === 0) this.#zeroDfTerms--
      this.#df[id]! += this.#stagedDf[id]!
      this.#stagedDf[id] = 0
    }
    this.#postings.publish(terms, terms.length)
  }

  /** Sizes the per-query scratch to the slot table. */
  #ensureScratch(): void {
    const capacity = this.#slots.capacity
    if (this.#scores.length >= capacity) return
    this.#scores = growFloat64(this.#scores, capacity)
    this.#touched = growUint32(this.#touched, capacity)
    this.#gathered = growFloat64(this.#gathered, capacity)
  }

  #shouldCompact(): boolean {
    const liveTerms = this.#terms.size - this.#zeroDfTerms
    return (
      (this.#slots.dead >= this.#compactAfter && this.#slots.dead > this.#slots.size) ||
      (this.#zeroDfTerms >= this.#compactAfter && this.#zeroDfTerms > liveTerms) ||
      (this.#postings.garbageWords >= this.#compactAfter && 2 * this.#postings.garbageWords > this.#postings.usedWords)
    )
  }

  /** Renumbers live slots and live terms densely (order kept) and rebuilds the postings. */
  #compact(): void {
    const slotMap = this.#slots.compact()
    const termCount = this.#terms.size
    const termMap = new Int32Array(termCount).fill(-1)
    const terms = new TermTable()
    const df = new Uint32Array(Math.max(16, termCount - this.#zeroDfTerms))
    for (let t = 0; t < termCount; t++) {
      if (this.#df[t] === 0) continue
      const id = terms.intern(this.#terms.term(t))
      termMap[t] = id
      df[id] = this.#df[t]!
    }
    this.#postings.rebuild(termCount, termMap, terms.size, slotMap)
    this.#terms = terms
    this.#df = df
    this.#tf = new Uint32Array(df.length)
    this.#stagedDf = new Uint32Array(df.length)
    this.#zeroDfTerms = 0
    this.#scores = new Float64Array(this.#slots.capacity)
    this.#touched = new Uint32Array(this.#slots.capacity)
    this.#gathered = new Float64Array(this.#slots.capacity)
    this.#epoch = nextEpoch()
  }
}
