/**
 * Characters a terminal may act on instead of printing: C0 controls but tab (ESC starts CSI/OSC
 * sequences such as `ESC[2J`, or OSC 52 that writes the clipboard; CR and BS overwrite), DEL, C1
 * controls (U+009B is an 8-bit CSI), the Unicode line and paragraph separators, and the
 * bidirectional overrides and isolates that reorder what is shown ("Trojan Source").
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g
// The same without line feed, for multi-line text such as a model's answer.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE_KEEPING_LF = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\b': '\\b', '\f': '\\f', '\v': '\\v', '\0': '\\0' }

function escapeOne(char: string): string {
  const named = NAMED[char]
  if (named !== undefined) return named
  const code = char.charCodeAt(0)
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`
}

/**
 * Makes text from the corpus or from a model safe to print on a terminal: every character a
 * terminal could act on becomes a visible escape (`ESC` → `\x1b`, U+202E → `\u202e`); tab is kept,
 * and so are line feeds with `keepLineFeeds` (an answer has lines; a path must not). `--json`
 * output never goes through it. Every text line of the CLI goes through it (`Output.line` and
 * `note` keep line feeds); fields that must stay on one line (paths, symbols, previews, queries)
 * are escaped whole where they are printed.
 *
 * @example
 * escapeTerminal('evil\u001b]52;c;aGk=\u0007.ts') // 'evil\\x1b]52;c;aGk=\\x07.ts'
 */
export function escapeTerminal(text: string, { keepLineFeeds = false }: { readonly keepLineFeeds?: boolean } = {}): string {
  return text.replace(keepLineFeeds ? UNSAFE_KEEPING_LF : UNSAFE, escapeOne)
}
