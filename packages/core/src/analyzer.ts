/**
 * Turns text into index terms. The same analysis runs on documents and queries, except that
 * `analyzeQuery` may add terms (synonyms) that documents never get.
 */
export interface Analyzer {
  /** A stable name, recorded in fingerprints so a changed analyzer forces a re-index. */
  readonly name: string
  /** Terms of a document, in order, duplicates kept (term frequency matters). */
  analyze(text: string): string[]
  /** Terms of a query, in order, with any query-time expansion applied. */
  analyzeQuery(text: string): string[]
}
