/** Control characters and Unicode line separators: what could start a new line in a tool's text. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const LINE_BREAKING = /[\u0000-\u001F\u007F\u2028\u2029]/g

/**
 * A line of a tool's text built from the indexed repository's values (paths, names, signatures,
 * routes), kept one line: their control characters and line separators become U+FFFD, as in
 * `search_code`'s headers. A route written `'/a\nGET /forged'` or a file named with a newline then
 * cannot add a line that reads like another result.
 *
 * @example
 * oneLine('GET /a\nGET /forged at x.js:1') // 'GET /a\uFFFDGET /forged at x.js:1'
 */
export function oneLine(line: string): string {
  return line.replace(LINE_BREAKING, '\uFFFD')
}

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
