import type { Document } from './document.js'

/** How one stream saw a fused result: its rank (from 0) and its own score. */
export interface StreamContribution {
  /** The stream's `name`. */
  readonly stream: string
  /** Position in that stream's list, counted from 0. */
  readonly rank: number
  /** The stream's own score for the document. */
  readonly score: number
  /** This stream's share of the fused score: `weight / (k + rank + 1)`. */
  readonly fused: number
}

/** One hit: a document and how well it matched. Higher scores are better. */
export interface SearchResult {
  readonly document: Document
  readonly score: number
  /** Per-stream ranks and scores, set by retrievers that fuse several streams. */
  readonly explain?: readonly StreamContribution[]
}
