import { escapeTerminal } from './escape-terminal.js'

/** How much of a user's input a message repeats. */
export const ECHO_MAX_CHARS = 200

/**
 * User input (a query, a flag's value) as a message repeats it: on one line, escaped for the
 * terminal, and cut to its first `max` characters followed by `… (N chars)`, so a 100 KB query
 * does not come back as a 100 KB error line.
 *
 * @example
 * echoInput('a'.repeat(100_000)) // 'aaaa…aaa… (100000 chars)' (200 a's, then the count)
 */
export function echoInput(text: string, max: number = ECHO_MAX_CHARS): string {
  const shown = text.length <= max ? text : `${text.slice(0, max)}… (${text.length} chars)`
  return escapeTerminal(shown)
}
