import { closing } from '../args.js'
import { openingBracket } from './brackets.js'
import { calleeBefore } from './callee-before.js'

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

/** A class's name as `new` calls it: its last segment capitalised (`Observable`, `pg.Pool`). */
const CLASS_NAME = /(?:^|\.)[A-Z][\w$]*$/

/** How far back a receiver's call is read: a receiver is cut at 300 characters anyway. */
const MAX_LOOKBACK = 2_000

/**
 * The type of a TypeScript or JavaScript call's receiver when that receiver is one call of a
 * plain or dotted name, read from the masked code before the callee's name at `nameOffset`: what
 * the callee returns (`innerFrom()` for `innerFrom(source).subscribe(...)`), or the class a `new`
 * builds (`Observable` for `new Observable<T>(init).pipe(...)`). `undefined` for any other receiver
 * (a chain of calls, an element, a parenthesized expression).
 */
export function calledReceiverTypeAt(masked: string, nameOffset: number): string | undefined {
  let at = nameOffset - 1
  while (at >= 0 && /\s/.test(masked[at]!)) at--
  if (masked[at] !== '.') return undefined
  at--
  while (masked[at] === '?' || masked[at] === '!') at--
  while (at >= 0 && /\s/.test(masked[at]!)) at--
  if (masked[at] !== ')') return undefined
  const open = openingBracket(masked, at, Math.max(0, at - MAX_LOOKBACK))
  const call = open < 0 ? undefined : calleeBefore(masked, open)
  if (call === undefined) return undefined
  const { callee, constructs } = call
  if (constructs) return CLASS_NAME.test(callee) ? callee : undefined
  return `${callee}()`
}
