import type { Document } from './document.js'

/**
 * What an index analyses for a document: its content, or a text derived from it (e.g. the path and
 * symbol names on lines before the content). The stored and returned document is never changed;
 * only ranking is. `name` is recorded beside an index, so a changed choice forces a re-index.
 * Must be deterministic: removal re-analyses the same text.
 */
export interface IndexedText {
  /** A stable name with a version, e.g. `content` or `path+symbol@1`. */
  readonly name: string
  /** The text to analyse for `document`. */
  text(document: Document): string
}
