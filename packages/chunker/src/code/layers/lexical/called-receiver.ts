import { closing } from '../args.js'

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
  return closing(receiver, callee.length) === receiver.length - 1 ? `${callee}()` : undefined
}
