import { RagError, type Analyzer, type Document, type IndexedText, type SearchResult } from '@rag/core'
import { contentText, kthLargest, termIdPath, tfidfTermWeight, Uint32List } from '@rag/lexical'
import { DocumentSlots } from './document-slots.js'
import { growFloat64, growUint32 } from './grow.js'
import { stageBatch, type StageScratch, type StagedBatch } from './stage-batch.js'
import { TermCache } from './term-cache.js'
import { TermPostings } from './term-postings.js'
import { selectTopK } from './top-k.js'

/**
 * The TF-IDF index behind `InMemoryKnowledgeBase`: documents in slots, an inverted index of term
 * frequencies, and the scoring loop. Every method is synchronous, so a reader can never observe a
 * half-applied change; serializing writers is the caller's job.
 *
 * score(q, d) = 1/√|d| · Σ over unique query terms t in d of (1 + ln tf(t, d)) · idf(t)²,
 * idf(t) = 1 + ln(N / (df(t) + 1)). Postings keep raw term frequencies and slots keep `1/√|d|`,
 * so nothing stored depends on N: idf is computed per query from the live counts.
 */
export class TfidfIndex {
  readonly #analyzer: Analyzer
  readonly #indexedText: IndexedText
  readonly #slots = new DocumentSlots()
  readonly #postings = new TermPostings()
  readonly #termCache = new TermCache(this.#postings)
  readonly #stageScratch: StageScratch = { counts: new Uint32Array(0), ids: new Uint32List(), unique: new Uint32List() }
  /** Query scratch: per-slot score accumulator, all zeros between queries. */
  #acc = new Float64Array(0)
  /** Query scratch: slots touched by the current query. */
  #touched = new Uint32Array(0)
  /** Query scratch: the score of each touched slot, parallel to `#touched`. */
  #scores = new Float64Array(0)

  /** @param indexedText what is analysed for each document. */
  constructor(analyzer: Analyzer, indexedText: IndexedText = contentText) {
    this.#analyzer = analyzer
    this.#indexedText = indexedText
  }

  get size(): number {
    return this.#slots.size
  }

  has(id: string): boolean {
    return this.#slots.has(id)
  }

  get(id: string): Document | undefined {
    return this.#slots.get(id)
  }

  list(): Document[] {
    return this.#slots.list()
  }

  /**
   * Analyses `documents`; hand the result to {@link TfidfIndex.apply} in the same synchronous step.
   * New terms enter the vocabulary here, invisible to searches until postings arrive; if the
   * analyzer throws they are taken out again, so a failed stage changes nothing.
   */
  stage(documents: readonly Document[]): StagedBatch {
    const newTerms: string[] = []
    try {
      // A term-id path resolves each distinct token once, so the term cache would only add work.
      const vocabulary = termIdPath(this.#analyzer) === undefined ? this.#termCache : this.#postings
      return stageBatch(documents, this.#analyzer, this.#indexedText, vocabulary, this.#stageScratch, newTerms)
    } catch (error) {
      this.#postings.forgetUncommitted()
      throw error
    } finally {
      this.#termCache.clear()
    }
  }

  /**
   * Removes `removeIds` (unknown ids are ignored), then adds the staged batch, in one synchronous
   * step. The batch must have been staged against the current state, with no change in between,
   * and its ids must be free once `removeIds` are gone. Returns how many documents were removed.
   */
  apply(removeIds: readonly string[], batch: StagedBatch): number {
    if (batch.firstNewTermId !== this.#postings.termCount) {
      throw new RagError('INTERNAL', 'A staged batch was applied to a changed index; stage and apply must run in one step.')
    }
    let removed = 0
    for (const id of removeIds) {
      const termIds = this.#slots.remove(id)
      if (termIds === undefined) continue
      this.#postings.release(termIds)
      removed++
    }
    const { documents, offsets, termIds, freqs, norms } = batch
    if (documents.length > 0) {
      this.#postings.commitTerms()
      const firstSlot = this.#slots.slotCount
      this.#slots.appendBatch(documents, norms, termIds, offsets)
      const docs = this.#slots.docs
      this.#postings.append(termIds, freqs, offsets, firstSlot, (slot) => docs[slot] !== undefined)
    }
    if (removed > 0 || documents.length > 0) this.#compactIfWasteful()
    return removed
  }

  /** The best `topK` documents for `query`, highest score first, ties by id. */
  search(query: string, topK: number): SearchResult[] {
    const n = this.#slots.size
    if (n === 0) return []
    const postings = this.#postings
    const docs = this.#slots.docs
    const slotCount = docs.length
    if (this.#acc.length < slotCount) {
      this.#acc = growFloat64(this.#acc, slotCount, 0)
      this.#touched = growUint32(this.#touched, slotCount, 0)
      this.#scores = growFloat64(this.#scores, slotCount, 0)
    }
    const acc = this.#acc
    const touched = this.#touched
    let touchedCount = 0
    const seen = new Set<number>()
    for (const term of this.#analyzer.analyzeQuery(query)) {
      const t = postings.id(term)
      if (t === undefined || seen.has(t)) continue
      seen.add(t)
      const df = postings.df(t)
      if (df === 0) continue
      touchedCount = postings.accumulate(t, tfidfTermWeight(n, df), acc, touched, touchedCount, docs)
    }

    const norms = this.#slots.norms
    const scores = this.#scores
    for (let i = 0; i < touchedCount; i++) {
      const slot = touched[i]!
      scores[i] = acc[slot]! * norms[slot]!
      acc[slot] = 0
    }
    // Only documents scoring at least the topK-th best score can be in the top K: the heap with
    // its tie-break by id sees those alone (the same result as over every touched document).
    let candidates = touchedCount
    if (touchedCount > topK) {
      const cutoff = kthLargest(scores, touchedCount, topK)
      candidates = 0
      for (let i = 0; i < touchedCount; i++) {
        const score = scores[i]!
        if (score < cutoff) continue
        touched[candidates] = touched[i]!
        scores[candidates++] = score
      }
    }
    const best = selectTopK(touched, scores, candidates, topK, (slot) => docs[slot]!.id)
    return best.map((i) => ({ document: docs[touched[i]!]!, score: scores[i]! }))
  }

  /** Bytes held by typed arrays, for memory reports. */
  get byteLength(): number {
    const s = this.#slots
    return (
      this.#postings.byteLength + s.norms.byteLength + s.termStart.byteLength + s.terms.byteLength +
      this.#acc.byteLength + this.#touched.byteLength + this.#scores.byteLength + this.#stageScratch.counts.byteLength +
      this.#stageScratch.ids.items.byteLength + this.#stageScratch.unique.items.byteLength
    )
  }

  /**
   * Rewrites everything tightly once waste (abandoned pool cells, postings and slots of removed
   * documents) passes half of what is held, so waste stays bounded and compaction is amortized.
   */
  #compactIfWasteful(): void {
    const postings = this.#postings
    const slots = this.#slots
    if (postings.waste * 2 <= postings.poolUsed && slots.deadCount * 2 <= slots.slotCount) return
    const termMap = postings.compact(slots.slotMap())
    slots.compact(termMap)
    this.#acc = new Float64Array(slots.slotCount)
    this.#touched = new Uint32Array(slots.slotCount)
    this.#scores = new Float64Array(slots.slotCount)
  }
}
