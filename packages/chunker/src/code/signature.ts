import type { SymbolMatch } from './rules.js'

const MAX_SIGNATURE = 300

/** A line that is blank or only a comment: `# ...`, `// ...`, `/* ...`, ` * ...`, `*\/`. */
const TRAILING_NOISE = /^\s*(?:$|#(?!\[)|\/\/|\/\*|\*\/|\*\s)/

/** Skips one balanced bracket group that starts at `at`; returns the offset after it. */
function skipBalanced(s: string, at: number, open: string, close: string): number {
  let depth = 0
  for (let i = at; i < s.length; i++) {
    if (s[i] === open) depth++
    else if (s[i] === close && --depth === 0) return i + 1
  }
  return s.length
}

/** Drops leading decorators, annotations and attributes: `@Get('/') m()`, `[Obsolete] void M()`, `#[attr] fn f()`. */
function stripAttributes(s: string): string {
  let at = 0
  for (let guard = 0; guard < 32; guard++) {
    const rest = s.slice(at)
    if (rest.startsWith('@') && !rest.startsWith('@interface')) {
      const name = /^@[\w.$]+/.exec(rest)
      at += name ? name[0].length : 1
      if (s[at] === '(') at = skipBalanced(s, at, '(', ')')
    } else if (rest.startsWith('#[')) {
      at = skipBalanced(s, at + 1, '[', ']')
    } else if (rest.startsWith('[')) {
      at = skipBalanced(s, at, '[', ']')
    } else break
    while (s[at] === ' ') at++
  }
  return at >= s.length ? s : s.slice(at)
}

/** Whether a line holds annotations or Rust attributes and nothing else (`@Transactional(readOnly = true)`, `#[test]`). */
function onlyAttributes(line: string): boolean {
  // `stripAttributes` gives back the line itself when nothing is left after the attributes. Not
  // C#'s `[Attribute]`: a line of brackets is an INI section too.
  const opens = (line.startsWith('@') && !line.startsWith('@interface')) || line.startsWith('#[')
  return opens && stripAttributes(line) === line
}

/**
 * A symbol's signature: its declaration up to the body (or its first line when it has no body),
 * whitespace collapsed, leading attributes (when `dropAttributes`) and a trailing `{` or `:` dropped,
 * at most 300 characters.
 *
 * `declEnd` is `match.decl.endIndex`, passed by a caller that already read it.
 *
 * @example
 * // export async function load(path: string): Promise<Data> { ... }
 * // gives 'async function load(path: string): Promise<Data>'
 */
export function signatureOf(match: SymbolMatch, text: string, dropAttributes = true, declEnd = match.decl.endIndex): string {
  const { decl, body } = match
  const from = decl.startIndex
  let to = body && body.startIndex > from && body.startIndex <= declEnd ? body.startIndex : declEnd
  if (to === declEnd) {
    let lineStart = from
    let newline = text.indexOf('\n', from)
    // No body, and lines of attributes only first (Java's `@Query("...")` above `List<T> findAll();`): up to the line after them.
    while (dropAttributes && newline !== -1 && newline < to && onlyAttributes(text.slice(lineStart, newline).trim())) {
      lineStart = newline + 1
      newline = text.indexOf('\n', lineStart)
    }
    if (newline !== -1 && newline < to) to = newline
  }
  const slice = text.slice(from, Math.min(to, from + 4 * MAX_SIGNATURE))
  // The common case, one plain line: no line, attribute or trailing-noise handling needed.
  const first = slice.charCodeAt(0)
  if (slice.length <= MAX_SIGNATURE && !slice.includes('\n') && first !== 64 && first !== 91 && first !== 35) {
    const line = /\s\s|\t/.test(slice) ? slice.replace(/\s+/g, ' ') : slice
    return line.trim().replace(/\s*[{:]$/, '').replace(/\s+=$/, '')
  }
  const head = slice.split('\n')
  // A body that starts with comments (Ruby, Python) must not drag them into the signature.
  while (head.length > 1 && TRAILING_NOISE.test(head.at(-1) as string)) head.pop()
  const raw = head.join(' ').replace(/\s+/g, ' ').trim()
  return (dropAttributes ? stripAttributes(raw) : raw)
    .replace(/\s*[{:]$/, '')
    .replace(/\s+=$/, '')
    .slice(0, MAX_SIGNATURE)
}
