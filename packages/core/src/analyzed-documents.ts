import type { Analyzer } from './analyzer.js'
import type { Document } from './document.js'
import type { IndexedText } from './indexed-text.js'

/**
 * Terms of documents that a caller has analysed already, handed to a store with the same documents
 * so it need not analyse them again (an index run that trains a static embedder reads every
 * chunk's terms before the commit). A store may read them, but only when `analyzer` and
 * `indexedText` are the very objects it analyses with (compared by identity, so a wrapper or
 * another analyzer of the same name never slips in other terms); it analyses every other document
 * itself.
 */
export interface AnalyzedDocuments {
  /** The analyzer the terms come from. */
  readonly analyzer: Analyzer
  /** What was analysed for each document. */
  readonly indexedText: IndexedText
  /**
   * `analyzer.analyze(indexedText.text(document))` for a document the caller analysed (looked up
   * by object identity), or `undefined` for any other.
   */
  terms(document: Document): readonly string[] | undefined
}
