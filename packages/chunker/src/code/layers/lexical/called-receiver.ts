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

/** Links of a chain of calls typed at most (`Joi.string().required().email()` has three before `email`). */
const MAX_LINKS = 4
/** A link's name right before its call's `(`, after the `.` (or `?.`) that follows the call before it: `required` of `Joi.string().required(`. */
const LINK_BEFORE = /\)\s*[?!]?\s*\.\s*([A-Za-z_$][\w$]*)\s*$/

/**
 * The type of a TypeScript or JavaScript call's receiver when that receiver is a call of a plain
 * or dotted name, read from the masked code before the callee's name at `nameOffset`: what the
 * callee returns (`innerFrom()` for `innerFrom(source).subscribe(...)`), or the class a `new`
 * builds (`Observable` for `new Observable<T>(init).pipe(...)`); or a chain of such calls, link
 * by link as written, up to four (`Joi.string().required()` for `Joi.string().required().email()`,
 * `request().get()` for `request(app).get('/').expect(200)`): what the last link returns.
 * `undefined` for any other receiver (an element, a parenthesized expression, a chain that starts
 * at a `new`).
 */
export function calledReceiverTypeAt(masked: string, nameOffset: number, links = MAX_LINKS): string | undefined {
  let at = nameOffset - 1
  while (at >= 0 && /\s/.test(masked[at]!)) at--
  if (masked[at] !== '.') return undefined
  at--
  while (masked[at] === '?' || masked[at] === '!') at--
  while (at >= 0 && /\s/.test(masked[at]!)) at--
  if (masked[at] !== ')') return undefined
  const open = openingBracket(masked, at, Math.max(0, at - MAX_LOOKBACK))
  const call = open < 0 ? undefined : calleeBefore(masked, open)
  if (call !== undefined) {
    const { callee, constructs } = call
    if (constructs) return CLASS_NAME.test(callee) ? callee : undefined
    return `${callee}()`
  }
  // A link of a chain: the call before it types it, link by link.
  const before = open < 0 || links <= 1 ? undefined : masked.slice(Math.max(0, open - 100), open)
  const link = before === undefined ? undefined : LINK_BEFORE.exec(before)
  if (before === undefined || link === undefined || link === null) return undefined
  const name = link[1] as string
  const inner = calledReceiverTypeAt(masked, open - before.length + link.index + link[0].lastIndexOf(name), links - 1)
  const type = inner?.endsWith(')') ? `${inner}.${name}()` : undefined
  return type !== undefined && type.length <= MAX_RECEIVER ? type : undefined
}
