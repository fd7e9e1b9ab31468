import { InvalidArgumentError, describeValue, type Analyzer, type IndexedText } from '@rag/core'

/** Options of a project's store (`PostgresDatabase.project` / `openProject`). */
export interface PostgresKnowledgeBaseOptions {
  /**
   * Analyzes documents and queries. Its `name` is recorded with the project: a project with
   * chunks refuses another analyzer (`INCOMPATIBLE_STORE`); an empty one adopts it.
   * @default basicAnalyzer from `@rag/lexical`
   */
  readonly analyzer?: Analyzer
  /**
   * What the index analyses for each document (`contentText` or `pathAndSymbolText` from
   * `@rag/lexical`); recorded and checked like the analyzer.
   * @default contentText
   */
  readonly indexedText?: IndexedText
}

/** Checks an `indexedText` option before the store uses it. @throws InvalidArgumentError naming what was received. */
export function assertIndexedText(indexedText: IndexedText): void {
  const { name, text } = indexedText as { name?: unknown; text?: unknown }
  if (typeof name !== 'string' || name.length === 0 || typeof text !== 'function') {
    throw new InvalidArgumentError(`indexedText must be { name: non-empty string, text(document) }; received name ${describeValue(name)} and text ${describeValue(text)}.`)
  }
}
