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

/** A TypeScript or JavaScript callee as a receiver type writes it: `innerFrom`, `this.#store.read`, `pg.Pool`. */
const TS_CALLEE = /^(?:this\.)?#?[A-Za-z_$][\w$]*(?:\.#?[A-Za-z_$][\w$]*)*$/
/** A class's name as `new` calls it: its last segment capitalised (`Observable`, `pg.Pool`). */
const CLASS_NAME = /(?:^|\.)[A-Z][\w$]*$/

/** How far back a receiver's call is read: a receiver is cut at 300 characters anyway. */
const MAX_LOOKBACK = 2_000

/** The offset of the bracket opening the group that closes at `close` (`)` or `>`), reading backwards; -1 when none within reach. */
function openingBefore(masked: string, close: number, open: string, shut: string): number {
  let depth = 0
  for (let at = close; at >= 0 && close - at < MAX_LOOKBACK; at--) {
    const char = masked[at]
    if (char === shut && !(shut === '>' && masked[at - 1] === '=')) depth++
    else if (char === open && --depth === 0) return at
  }
  return -1
}

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
  at = openingBefore(masked, at, '(', ')') - 1
  while (at >= 0 && (masked[at] === ' ' || masked[at] === '\t')) at--
  if (masked[at] === '>') at = openingBefore(masked, at, '<', '>') - 1
  const end = at + 1
  while (at >= 0 && /[\w$#.]/.test(masked[at]!)) at--
  const callee = masked.slice(at + 1, end)
  if (at + 1 >= end || !TS_CALLEE.test(callee)) return undefined
  const before = masked.slice(Math.max(0, at - 20), at + 1).replace(/[ \t]+$/, '')
  if (/[.?!)\]]$/.test(before)) return undefined
  if (/(?:^|[^\w$.])new$/.test(before)) return CLASS_NAME.test(callee) ? callee : undefined
  return `${callee}()`
}
