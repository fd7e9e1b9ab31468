import type { SearchResult } from '@rag/core'

/**
 * Metadata the index keeps for its own lookups, not for a reader: the names a chunk defines or
 * merges (`defines`, `symbols`: lists that can run to a thousand characters), its place among the
 * file's chunks (`chunkIndex`) and a text window's overlap.
 */
const INDEX_KEYS: ReadonlySet<string> = new Set(['defines', 'symbols', 'chunkIndex', 'overlap'])

/**
 * The provenance keys of a context prompt for these hits when the caller names none: every key
 * their metadata has, `file` first and then in the order met, but the index's own lookup keys.
 */
export function contextKeys(results: readonly SearchResult[]): string[] {
  const keys = new Set<string>()
  for (const { document } of results) for (const key of Object.keys(document.metadata)) if (!INDEX_KEYS.has(key)) keys.add(key)
  return keys.has('file') ? ['file', ...[...keys].filter((key) => key !== 'file')] : [...keys]
}
