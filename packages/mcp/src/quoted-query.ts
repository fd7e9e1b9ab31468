import { oneLine } from '@rag/session'

/** The longest stretch of a query a message quotes back. */
const QUOTED_QUERY_CHARS = 60

/**
 * A query as a tool's message quotes it back (`No results for "..."`): JSON-quoted, one line, and
 * cut to its first 60 characters with `…`, so that a long query cannot push a message past the
 * agent's `max_tokens`.
 *
 * @example
 * quotedQuery('user '.repeat(200)) // '"user user user ... user…"' (60 characters inside the quotes, then …)
 */
export function quotedQuery(query: string): string {
  const chars = Array.from(query)
  return oneLine(JSON.stringify(chars.length > QUOTED_QUERY_CHARS ? `${chars.slice(0, QUOTED_QUERY_CHARS).join('')}…` : query))
}
