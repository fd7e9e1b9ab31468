import type { MetadataValue } from '@rag/core'

/**
 * One chunk before it becomes a `Chunk`: a half-open character range of the file plus what it is.
 * Every stage of the chunker (code, markdown, windows) produces these; `toChunks` turns them into
 * documents with ids and provenance.
 */
export interface Segment {
  /** Offset of the first character. */
  readonly start: number
  /** Offset just past the last character. */
  readonly end: number
  /** What the chunk is: `function`, `class`, `method`, `section`, `imports`, `code`, `text`, ... */
  readonly kind: string
  /** The symbol's own name, or `''`. */
  readonly symbol: string
  /** The qualified name (`Class.method`, or the section path), or `''`. */
  readonly qname: string
  /**
   * The declaration line(s) without the body, or the heading line, or `''`. A function computes it
   * only for the chunks that keep it (most small members merge into a neighbour's chunk).
   */
  readonly signature: string | (() => string)
  /** The qualified name of the enclosing symbol, or `''`. */
  readonly parent: string
  /** Further flat metadata (`sectionPath`, `symbols`, `overlap`, ...). */
  readonly extra?: Readonly<Record<string, MetadataValue>>
  /**
   * `false` for code inside a container that is not a member (fields, the closing brace): it
   * carries the container's fields but does not name it again in a merged chunk's `symbols`.
   */
  readonly named?: boolean
}

/** A segment with no symbol: a gap, a window, a preamble. */
export function plainSegment(start: number, end: number, kind: string, extra?: Record<string, MetadataValue>): Segment {
  return { start, end, kind, symbol: '', qname: '', signature: '', parent: '', ...(extra ? { extra } : {}) }
}
