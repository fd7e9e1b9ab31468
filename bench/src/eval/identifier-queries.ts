import type { Chunk } from '@rag/core'
import { fnv1a } from '../corpus/real-code.js'

/** A query that names one symbol, and the chunk that defines it. */
export interface IdentifierQuery {
  readonly text: string
  /** The id of the only chunk whose `symbol` is this name. */
  readonly target: string
}

/** Looks like an identifier a user would paste: 6+ characters, and camelCase, PascalCase with a second capital, or snake_case. */
function isDistinctiveIdentifier(name: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]{5,}$/.test(name) && (/[a-z][A-Z]/.test(name) || /[A-Za-z0-9]_[A-Za-z0-9]/.test(name))
}

/**
 * Exact-identifier queries from a real corpus: symbol names (the chunker's `symbol` metadata) that
 * exactly one chunk defines and that look like identifiers, `limit` of them chosen by a fixed hash.
 * The query is the name alone, as a user looking up a function types it.
 */
export function identifierQueries(chunks: readonly Chunk[], limit: number, salt = ''): IdentifierQuery[] {
  const definers = new Map<string, string[]>()
  for (const chunk of chunks) {
    const symbol = chunk.metadata.symbol
    if (typeof symbol !== 'string' || !isDistinctiveIdentifier(symbol)) continue
    const list = definers.get(symbol)
    if (list) list.push(chunk.id)
    else definers.set(symbol, [chunk.id])
  }
  return [...definers.entries()]
    .filter(([, ids]) => ids.length === 1)
    .map(([text, ids]) => ({ text, target: ids[0]!, h: fnv1a(`identifier:${salt}:${text}`) }))
    .sort((a, b) => a.h - b.h || (a.text < b.text ? -1 : 1))
    .slice(0, limit)
    .map(({ text, target }) => ({ text, target }))
}
