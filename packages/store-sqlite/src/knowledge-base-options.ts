import { InvalidArgumentError, describeValue, type Analyzer, type IndexedText } from '@rag/core'

/** Checks an `indexedText` option before the store uses it. @throws InvalidArgumentError naming what was received. */
export function assertIndexedText(indexedText: IndexedText): void {
  const { name, text } = indexedText as { name?: unknown; text?: unknown }
  if (typeof name !== 'string' || name.length === 0 || typeof text !== 'function') {
    throw new InvalidArgumentError(
      `indexedText must be { name: non-empty string, text(document) }; received name ${describeValue(name)} and text ${describeValue(text)}.`,
    )
  }
}

/** Options of {@link openSqliteKnowledgeBase}. */
export interface SqliteKnowledgeBaseOptions {
  /**
   * Analyzes documents for the full-text index and queries for `search` and `searchTfidf`. Pass
   * the analyzer your `BM25Stream` uses and `search` ranks exactly as it does. Its `name` is stored in the file:
   * reopening a non-empty store with another analyzer is an `INCOMPATIBLE_STORE` error.
   * @default basicAnalyzer from `@rag/core`
   */
  readonly analyzer?: Analyzer
  /**
   * What the full-text index analyses for each document: its content, or a text derived from it
   * (`pathAndSymbolText` from `@rag/core`: the `file` path and symbol names before the content).
   * Stored and returned documents are unchanged; only ranking is. Its `name` is stored in the
   * file beside the analyzer's: reopening a non-empty store with another one is an
   * `INCOMPATIBLE_STORE` error, and a store written before this option existed counts as `content`.
   * @default contentText from `@rag/core`
   * @example
   * const kb = await openSqliteKnowledgeBase('.rag/index.db', { analyzer: codeAwareAnalyzer, indexedText: pathAndSymbolText })
   */
  readonly indexedText?: IndexedText
  /**
   * Create the file (and schema) if `path` does not exist. With `false`, a missing file is a
   * RagError `NOT_FOUND`, so a read-only command never leaves an empty database behind.
   * @default true
   */
  readonly create?: boolean
  /**
   * How long a write waits for another process's write lock before failing with `CONFLICT`, in
   * milliseconds. Readers never wait for writers (WAL mode).
   * @default 5000
   */
  readonly busyTimeoutMs?: number
}
