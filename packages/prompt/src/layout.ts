import type { Document } from '@rag/core'

/**
 * One hit, rendered in three parts so that the token budget can cut `body` (the content) on a
 * line boundary while the parts around it stay intact.
 */
export interface RenderedBlock {
  /** Everything before the content (fenced: `<evidence>` ... `<content>`; plain: the header line). */
  readonly before: string
  /** The rendered content; `\n` separates its lines. */
  readonly body: string
  /** Everything after the content, up to the next block. */
  readonly after: string
}

/**
 * A prompt format: `start`, then one block per hit, then an optional truncation marker, then
 * `end` (which holds the query, in the prompt formats). Rendering is pure and synchronous.
 */
export interface PromptLayout {
  /** Text before the first block. */
  readonly start: string
  /** Renders one hit; `rank` is its position in the results, from 0. */
  block(document: Document, rank: number): RenderedBlock
  /** Renders the truncation marker around a one-line note (plain ASCII, no escaping needed). */
  marker(note: string): string
  /** Text after the last block and the marker; it carries the query. */
  readonly end: string
}

/** Joins a block's parts. */
export function blockText(block: RenderedBlock): string {
  return block.before + block.body + block.after
}
