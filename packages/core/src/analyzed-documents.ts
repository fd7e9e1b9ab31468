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
  /**
   * The same terms joined by single spaces, for a caller that has them joined already (analysed
   * on another thread, where joining costs the caller nothing): a store that keeps terms as one
   * text column reads this first. It may block until the terms are ready, so a store reads it
   * while it writes, document by document, and the analysis overlaps the writes before.
   * `undefined` for a document the caller did not analyse.
   */
  joinedTerms?(document: Document): string | undefined
}
