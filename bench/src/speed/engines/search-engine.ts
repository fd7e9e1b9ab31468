import type { Document } from '@rag/core'

/** What the speed runs need from any search library: load documents, answer a query with ids. */
export interface SearchEngine {
  /** Indexes every document in one go (the library's batch API where it has one). */
  index(docs: readonly Document[]): Promise<void>
  /** Ids of the best `topK` documents, best first. */
  search(query: string, topK: number): Promise<readonly string[]>
}

/** A search library as it appears in the report. */
export interface EngineSpec {
  /** Short label for tables, e.g. `minisearch 7.2.0`. */
  readonly label: string
  /** The exact settings used, for the report. */
  readonly settings: string
  /** A fresh, empty engine. */
  create(): Promise<SearchEngine>
}
