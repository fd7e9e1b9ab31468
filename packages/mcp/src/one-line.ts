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
