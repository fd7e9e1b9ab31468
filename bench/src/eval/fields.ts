import type { Document } from '@rag/core'

/**
 * What text a stream indexes for a chunk. `content` is the chunk alone (the seed); the others
 * prepend the chunk's `file` path and/or its symbol names (`qname`, or `symbol`, plus the
 * `symbols` list of a merged chunk) on lines of their own. The streams still return the original
 * chunk, so only ranking changes.
 */
export type FieldSet = 'content' | 'path' | 'symbol' | 'path+symbol'

/** Every {@link FieldSet}, the seed's first. */
export const FIELD_SETS: readonly FieldSet[] = ['content', 'path', 'symbol', 'path+symbol']

/** The symbol names of a chunk, space-separated, each once. */
export function symbolText(chunk: Document): string {
  const { qname, symbol, symbols } = chunk.metadata
  const names = [qname || symbol, ...String(symbols ?? '').split(/,\s*/)]
    .map((n) => String(n ?? '').trim())
    .filter((n) => n.length > 0)
  return [...new Set(names)].join(' ')
}

/** The text indexed for `chunk` under `fields`. */
export function indexedText(chunk: Document, fields: FieldSet): string {
  const head: string[] = []
  if (fields === 'path' || fields === 'path+symbol') head.push(String(chunk.metadata.file ?? ''))
  if (fields === 'symbol' || fields === 'path+symbol') head.push(symbolText(chunk))
  const prefix = head.filter((h) => h.length > 0).join('\n')
  return prefix ? `${prefix}\n${chunk.content}` : chunk.content
}

/** The documents a stream indexes: same ids and metadata, content from {@link indexedText}. */
export function derivedDocuments(chunks: readonly Document[], fields: FieldSet): Document[] {
  if (fields === 'content') return [...chunks]
  return chunks.map((chunk) => ({ id: chunk.id, content: indexedText(chunk, fields), metadata: chunk.metadata }))
}
