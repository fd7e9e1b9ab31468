/** The extraction keeps a receiver's last 300 characters: a receiver that long may be cut. */
const MAX_RECEIVER = 299
/** A plain or dotted name followed by its call's `(`: `Parser`, `self.stream.look`. */
const CALLEE = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(?=\()/

/**
 * The type of a call's receiver when that receiver is one call of a plain or dotted name, as the
 * layers read it (what the callee returns): `Parser()` for `Parser(self, source).parse()`,
 * `self.stream.look()` for `self.stream.look().test()`, `parse_cookie()` for
 * `parse_cookie(environ).get()`. `undefined` for any other receiver (a chain of calls, a
 * subscript, a parenthesized expression). `receiver` is the receiver as written, whitespace and
 * comments removed.
 *
 * @example
 * calledReceiverType('Parser(self,source,name)') // 'Parser()'
 * calledReceiverType('a().b()') // undefined
 */
export function calledReceiverType(receiver: string): string | undefined {
  if (receiver.length > MAX_RECEIVER || !receiver.endsWith(')')) return undefined
  const callee = CALLEE.exec(receiver)?.[0]
  if (callee === undefined) return undefined
  return closes(receiver, callee.length) === receiver.length - 1 ? `${callee}()` : undefined
}

/** Where the bracket opened at `open` closes, skipping quoted strings; -1 when it does not. */
function closes(text: string, open: number): number {
  let depth = 0
  for (let at = open; at < text.length; at++) {
    const c = text[at]
    if (c === '"' || c === "'") {
      const end = stringEnd(text, at)
      if (end < 0) return -1
      at = end
    } else if (c === '(' || c === '[' || c === '{') depth++
    else if (c === ')' || c === ']' || c === '}') {
      depth--
      if (depth === 0) return at
    }
  }
  return -1
}

/** The closing quote of the string opened at `start` (a backslash escapes the next character); -1 when none. */
function stringEnd(text: string, start: number): number {
  const quote = text[start]
  for (let at = start + 1; at < text.length; at++) {
    if (text[at] === '\\') at++
    else if (text[at] === quote) return at
  }
  return -1
}
