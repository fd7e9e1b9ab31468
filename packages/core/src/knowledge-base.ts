import type { Document } from './document.js'
import type { SearchResult } from './search-result.js'

/**
 * Anything that can swap one generation of documents for the next in one step: readers see the
 * whole old set or the whole new set, never part of each.
 */
export interface Replaceable {
  /**
   * Removes `removeIds` (unknown ids are ignored) and adds `addDocuments` as one atomic step.
   * An id may be both removed and re-added. Validation happens before anything changes, so a
   * rejected call leaves the contents untouched.
   */
  replaceDocuments(removeIds: readonly string[], addDocuments: readonly Document[]): Promise<void>
}

/**
 * A document store with search. Asynchronous at every method so a remote store (PostgreSQL) is a
 * drop-in for the in-memory one.
 */
export interface KnowledgeBase extends Replaceable {
  /** Adds documents. An id that is already stored, or repeated in the batch, is a `DuplicateIdError`. */
  add(documents: readonly Document[]): Promise<void>
  /** The document with this id, or `undefined`. */
  get(id: string): Promise<Document | undefined>
  /** Removes one document; `true` if it was there. */
  remove(id: string): Promise<boolean>
  /** Every stored document, in insertion order. */
  list(): Promise<Document[]>
  /** The best `topK` matches for `query`, highest score first. */
  search(query: string, topK: number): Promise<SearchResult[]>
  /** Removes every document. */
  clear(): Promise<void>
  /** How many documents are stored. */
  size(): Promise<number>
}
