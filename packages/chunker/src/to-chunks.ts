import type { Chunk, MetadataValue } from '@rag/core'
import { createIdAllocator } from './chunk-id.js'
import { rowAt, type LineIndex } from './lines.js'
import type { Segment } from './segment.js'

/** What every chunk of one file shares. */
export interface FileContext {
  /** Path relative to the indexed root; the chunks' `file` and the prefix of their ids. */
  readonly path: string
  /** Language recorded on every chunk. */
  readonly language: string
  /** Format recorded on every chunk. */
  readonly format: string
  /** Metadata added to every chunk of the file (e.g. markdown frontmatter); provenance keys win. */
  readonly fileMetadata?: Readonly<Record<string, MetadataValue>>
}

/**
 * Turns the segments of one file, in file order, into chunks: content sliced from the file,
 * provenance metadata with 1-based inclusive line numbers, and position-independent ids.
 */
export function toChunks(lines: LineIndex, segments: readonly Segment[], context: FileContext): Chunk[] {
  const allocate = createIdAllocator(context.path)
  const chunks: Chunk[] = []
  for (const [chunkIndex, segment] of segments.entries()) {
    const content = lines.text.slice(segment.start, segment.end)
    const metadata: Record<string, MetadataValue> = {
      ...context.fileMetadata,
      ...segment.extra,
      file: context.path,
      language: context.language,
      format: context.format,
      kind: segment.kind,
      symbol: segment.symbol,
      qname: segment.qname,
      signature: typeof segment.signature === 'string' ? segment.signature : segment.signature(),
      parent: segment.parent,
      startLine: rowAt(lines, segment.start) + 1,
      endLine: rowAt(lines, Math.max(segment.start, segment.end - 1)) + 1,
      chunkIndex,
    }
    chunks.push({ id: allocate(segment.qname || segment.kind, content), content, metadata })
  }
  return chunks
}
