import { rowAt, type LineIndex } from '../../../lines.js'
import type { CallFact } from '../facts.js'
import { closingBracket, openingBracket } from './brackets.js'
import { isIdentifierCode } from './identifier-code.js'
import { openingAngle } from './type-arguments.js'
import { TextCall } from './text-call.js'

/** Which words around a `name(` make it a call, per language family. */
export interface CallWords {
  /** Names that are never calls when followed by `(`: `if`, `for`, `while`, `return`, `function`, `def`, ... */
  readonly keywords: ReadonlySet<string>
  /**
   * Words after which `name(` is still a call (`return f()`, `new F()`, `await f()`, `if f():`).
   * After any other word it is a declaration (`function f(`, `def f(`, `void f(`, `public F(`).
   */
  readonly beforeCall: ReadonlySet<string>
  /** `name(...) {` (and TypeScript's `name(...): T {`) is a definition, not a call. @default false */
  readonly braceDefinitions?: boolean
  /**
   * A line break may end a statement (JavaScript's automatic semicolons): `f(x)` with a `{` on a
   * later line is a call before a block, not a definition. @default false
   */
  readonly lineBreaksEndStatements?: boolean
  /** Generic arguments may stand between a name and its `(`: `f<T>(`, Rust's `f::<T>(`. @default false */
  readonly generics?: boolean
  /** `@name(...)` and `@a.b(...)` call a decorator factory (Python, JavaScript): calls marked `decorator`. @default false */
  readonly decoratorCalls?: boolean
  /** `@name` is an instance variable (Ruby), not a decorator. @default false */
  readonly instanceVariables?: boolean
  /** `[Name(...)]` at the start of a line or after another attribute is an attribute (C#). @default false */
  readonly bracketAttributes?: boolean
  /** `#name(` calls a private member (JavaScript). @default false */
  readonly privateNames?: boolean
  /** `@target:Name(` is an annotation with a use-site target (Kotlin's `@file:JvmName(`). @default false */
  readonly annotationTargets?: boolean
  /** A name may end in `!` or `?` (Ruby's `save!(`, `valid?(`, `Article.find_by_slug!(`). @default false */
  readonly bangNames?: boolean
  /**
   * A non-null assertion or optional chain in a receiver leaves it the same receiver: `ids!.push(`
   * and `conn?.lock.release(` are called on `ids` and `conn.lock` (TypeScript's `!`, Kotlin's `!!`,
   * C#'s `!`, `?.` and PHP's `?->`). @default false
   */
  readonly nullSafeReceivers?: boolean
  /** `->` begins a lambda's body (Java's `() -> sb.append(x)`, Kotlin's `{ x -> x.run() }`), joining no receiver. @default false */
  readonly arrowLambdas?: boolean
  /** A composite literal is a link of a receiver chain: Go's `Config{Handler: h}.ToMiddleware(`. @default false */
  readonly compositeLiterals?: boolean
  /**
   * `\` joins a namespace to its names (PHP's `\App\helper(`); elsewhere a `\` before a call ends
   * a continued line (Python's `x = a + \`, a C macro's), joining nothing. @default false
   */
  readonly backslashNamespaces?: boolean
  /**
   * `Name(x)` followed by a type (`:`), a match arm's `=>` or an assignment's `=` is a pattern, not a
   * call: Rust's `State(db): State<Db>` parameter, `Message::Write(text) =>`, `let Wrapper(inner) = w`. @default false
   */
  readonly tuplePatterns?: boolean
}

/** At most this many call sites per file are kept. */
const MAX_CALLS = 50_000
/** A receiver is read back at most this far. */
const MAX_RECEIVER = 300


function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13
}

/** Back from `end` over spaces; the offset of the last non-space before it, or -1. */
export function backOverSpace(masked: string, end: number): number {
  let i = end - 1
  while (i >= 0 && isSpace(masked.charCodeAt(i))) i--
  return i
}

/** The length of the joiner (`.`, `?.`, `::`, `->`, PHP's `?->` and `\`) ending at `at`, or 0. */
function joinerBefore(masked: string, at: number, arrowLambdas = false, backslash = false): number {
  const c = masked.charCodeAt(at)
  if (c === 46) return masked.charCodeAt(at - 1) === 63 ? 2 : masked.charCodeAt(at - 1) === 46 ? 0 : 1
  if (c === 58 && masked.charCodeAt(at - 1) === 58) return 2
  if (c === 62 && masked.charCodeAt(at - 1) === 45 && !arrowLambdas) return masked.charCodeAt(at - 2) === 63 ? 3 : 2
  if (c === 92 && backslash) return 1
  return 0
}

/** Python's string prefixes (`f`, `b`, `r`, `u` and pairs of them). */
function isStringPrefix(code: number): boolean {
  return code === 102 || code === 70 || code === 98 || code === 66 || code === 114 || code === 82 || code === 117 || code === 85
}

/**
 * Where the string literal whose closing quote is at `close` opens (its prefix included: `b''`,
 * `rf""`), in masked code, where a literal's contents are blank; -1 when its contents are not
 * (a template literal's `${...}`, an f-string's fields) or it opens before `floor`.
 */
function stringOpening(masked: string, close: number, floor: number): number {
  const quote = masked.charCodeAt(close)
  let at = close - 1
  while (at >= floor && isSpace(masked.charCodeAt(at))) at--
  if (at < floor || masked.charCodeAt(at) !== quote) return -1
  let prefix = 0
  while (prefix < 2 && at - prefix - 1 >= floor && isStringPrefix(masked.charCodeAt(at - prefix - 1))) prefix++
  // A prefix is one only when no name runs into it (`cb''` is no literal of this shape).
  return prefix > 0 && at - prefix - 1 >= 0 && isIdentifierCode(masked.charCodeAt(at - prefix - 1)) ? at : at - prefix
}

/** What a language's receiver chains may hold besides names, calls and indexes (see {@link CallWords}). */
type ChainWords = Pick<CallWords, 'nullSafeReceivers' | 'arrowLambdas' | 'compositeLiterals' | 'backslashNamespaces'>

/**
 * Where the receiver chain before a callee starts: `a.b(c).d` in `a.b(c).d.f(`. `long` when the
 * chain runs past {@link MAX_RECEIVER} characters (a builder chain): its start is then unknown.
 * With `nullSafeReceivers`, non-null assertions are links of the chain too (`a!.b!.f(`); with
 * `arrowLambdas`, `->` is a lambda's arrow, no joiner; with `compositeLiterals`, `T{...}` is a
 * link; `limit` is how far back to read.
 */
function chainStart(masked: string, nameStart: number, words: ChainWords = {}, limit = MAX_RECEIVER): { start: number; hasReceiver: boolean; long: boolean } {
  const nullSafe = words.nullSafeReceivers === true
  const arrowLambdas = words.arrowLambdas === true
  const literals = words.compositeLiterals === true
  const backslash = words.backslashNamespaces === true
  let at = backOverSpace(masked, nameStart)
  let joiner = at >= 0 ? joinerBefore(masked, at, arrowLambdas, backslash) : 0
  if (joiner === 0) return { start: nameStart, hasReceiver: false, long: false }
  let start = nameStart
  let floor = Math.max(0, nameStart - limit)
  const long = { start, hasReceiver: true, long: true }
  while (joiner > 0) {
    const from = at - joiner + 1
    at = backOverSpace(masked, from)
    // Blank runs do not count against the limit: a doc comment between two links of a chain
    // (`router.route('/')`, a JSDoc block, then `.get(...)`) leaves it one chain.
    floor = Math.max(0, floor - (from - 1 - at))
    // `ids!.push(`, Kotlin's `repo!!.save(`: a non-null assertion stays in the chain.
    if (nullSafe) while (at > floor && masked.charCodeAt(at) === 33) at--
    if (at < floor) return { ...long, start }
    let c = masked.charCodeAt(at)
    // Calls and indexes in the chain: `load().run(`, `items[0].get(`, `(x as T).f(`; Go's literals, `T{}.f(`.
    while (c === 41 || c === 93 || (literals && c === 125)) {
      const open = openingBracket(masked, at, floor)
      if (open < 0) return { ...long, start }
      start = open
      // Only a name right against the bracket is part of the chain (`f(x)`, not `of (x)`).
      at = open - 1
      c = at >= 0 ? masked.charCodeAt(at) : 0
      if (!isIdentifierCode(c)) return { start, hasReceiver: true, long: false }
    }
    // A string literal heads the chain: `', '.join(names)`, `"yes".equals(answer)`.
    if (c === 34 || c === 39 || c === 96) {
      const open = stringOpening(masked, at, floor)
      if (open >= 0) start = open
      break
    }
    if (!isIdentifierCode(c)) break
    let word = at
    while (word > floor && isIdentifierCode(masked.charCodeAt(word - 1))) word--
    // A JavaScript private field in the chain: `this.#index.search(`.
    if (word > floor + 1 && masked.charCodeAt(word - 1) === 35 && masked.charCodeAt(word - 2) === 46) word--
    // A word that reaches the floor (or a bracket that opened at it) may start before it: the chain's start is unknown.
    if (word <= floor && floor > 0) return { ...long, start }
    start = word
    at = backOverSpace(masked, word)
    joiner = at >= 0 ? joinerBefore(masked, at, arrowLambdas, backslash) : 0
  }
  return { start, hasReceiver: true, long: false }
}

/**
 * Where the whole receiver chain before a callee starts, however long (a builder chain:
 * `App::new()` of `App::new().service(a)...default_service(b)`), in masked code.
 */
export function chainHead(masked: string, nameStart: number): number {
  return chainStart(masked, nameStart, {}, masked.length).start
}

/** Where not to look for calls: definitions' own names, and spans that hold only types. */
export interface ScanExclusions {
  /** Offsets where a definition's name starts (`m` of `m(a): void;`, `foo` of `def foo(`). */
  readonly definitionNames: ReadonlySet<number>
  /** Spans (start, end) with no calls in them: TypeScript interfaces and type aliases. */
  readonly typeSpans: readonly (readonly [number, number])[]
}

function inSpans(spans: readonly (readonly [number, number])[], offset: number): boolean {
  for (const [start, end] of spans) if (offset >= start && offset < end) return true
  return false
}

/**
 * Finds the call sites of a file in its masked text (comments and strings blanked): every
 * `name(` (with generic arguments where the language has them) that is not a keyword, a
 * declaration (`function f(`, `def f(`, `void f(`, a definition's own name), a method definition
 * (`m(a) {`), a decorator or an attribute (`@get(`, `#[get(`). The receiver chain before the name
 * is read back (`app`, `os.path`, `?` for an expression); arguments are parsed from the original
 * text on demand.
 */
export function scanCalls(text: string, masked: string, lines: LineIndex, words: CallWords, exclusions: ScanExclusions): CallFact[] {
  const calls: CallFact[] = []
  let funcOpens: number[] | undefined
  // Every call has a `(`: look back from each one for a name (cheaper than matching every word).
  for (let open = masked.indexOf('('); open >= 0; open = masked.indexOf('(', open + 1)) {
    if (calls.length >= MAX_CALLS) break
    let at = backOverSpace(masked, open)
    // `f?.(x)`: an optional call.
    if (at > 0 && masked.charCodeAt(at) === 46 && masked.charCodeAt(at - 1) === 63) at = backOverSpace(masked, at - 1)
    if (at >= 0 && masked.charCodeAt(at) === 62 && words.generics) {
      // Generic arguments: `f<T>(`, `fastify.get<{ Params: P }>(`, Rust's `collect::<Vec<_>>(`.
      const angle = openingAngle(masked, at)
      if (angle < 0) continue
      at = backOverSpace(masked, angle)
      if (at > 0 && masked.charCodeAt(at) === 58 && masked.charCodeAt(at - 1) === 58) at = backOverSpace(masked, at - 1)
    }
    // Ruby's `save!(` and `valid?(`: the `!` or `?` ends the name.
    const bang = words.bangNames === true && at > 0 && (masked.charCodeAt(at) === 33 || masked.charCodeAt(at) === 63) && isIdentifierCode(masked.charCodeAt(at - 1))
    const nameEnd = at
    if (bang) at--
    if (at < 0 || !isIdentifierCode(masked.charCodeAt(at))) continue
    let nameStart = at
    while (nameStart > 0 && isIdentifierCode(masked.charCodeAt(nameStart - 1))) nameStart--
    if (words.privateNames && nameStart > 0 && masked.charCodeAt(nameStart - 1) === 35) nameStart--
    const first = masked.charCodeAt(nameStart)
    if (first >= 48 && first <= 57) continue
    if (exclusions.definitionNames.has(nameStart)) continue
    if (exclusions.typeSpans.length > 0 && inSpans(exclusions.typeSpans, nameStart)) continue
    const name = masked.slice(nameStart, nameEnd + 1)
    const chain = chainStart(masked, nameStart, words)
    let { start } = chain
    const { hasReceiver } = chain
    // A keyword is one only on its own: `router.get(` and `obj.delete(` are calls.
    if (!hasReceiver && words.keywords.has(name)) continue
    if (chain.long) {
      // A link of a long builder chain: a method call, whatever stands before the chain.
      calls.push(new TextCall(text, masked, name, rowAt(lines, nameStart), start, true, receiverEndAt(masked, start, nameStart), open, false, words.nullSafeReceivers))
      continue
    }
    // What stands before the call (or its receiver chain): a decorator, an attribute, a declaring word.
    let before = backOverSpace(masked, start)
    let decorator = false
    let prev = before >= 0 ? masked.charCodeAt(before) : 0
    if (prev === 64 && words.instanceVariables && before === start - 1) {
      // Ruby's `@items.push(x)`: the receiver starts at the `@`.
      start = before
      before = backOverSpace(masked, start)
      prev = before >= 0 ? masked.charCodeAt(before) : 0
    } else if (prev === 64) {
      if (!words.decoratorCalls) continue // @decorator(
      // `@name(`: a decorator's call; `a @ f(x)`: a call in Python's matrix product.
      decorator = before === start - 1
    }
    if (prev === 58 && words.annotationTargets && before === start - 1) {
      // Kotlin's `@file:JvmName(`, `@get:Mapping(`: an annotation, after its use-site target.
      let word = before
      while (word > 0 && isIdentifierCode(masked.charCodeAt(word - 1))) word--
      if (word < before && masked.charCodeAt(word - 1) === 64) continue
    }
    // `#[attribute(`, `#![attribute(` (not a macro's brackets: `vec![Arg::new("a")]` calls).
    if (prev === 91 && (masked.charCodeAt(before - 1) === 35 || (masked.charCodeAt(before - 1) === 33 && masked.charCodeAt(before - 2) === 35))) continue
    if (prev === 91 && words.bracketAttributes) {
      const ahead = backOverSpace(masked, before)
      const c = ahead >= 0 ? masked.charCodeAt(ahead) : 10
      if (ahead < 0 || c === 93 || c === 40 || c === 44 || c === 123 || c === 125 || c === 59 || masked.lastIndexOf('\n', before) > ahead) continue
    }
    let prevWord = ''
    // A word on the same line before the call declares it (`function f(`, `def f(`, `void f(`),
    // unless it is one after which calls stand (`return f(`); a word on the line before ends a statement.
    const sameLine = masked.lastIndexOf('\n', start - 1) < before
    if (isIdentifierCode(prev) && sameLine) {
      let word = before
      while (word > 0 && isIdentifierCode(masked.charCodeAt(word - 1))) word--
      prevWord = masked.slice(word, before + 1)
      const code = prevWord.charCodeAt(0)
      const number = code >= 48 && code <= 57
      if (!number && !words.beforeCall.has(prevWord)) continue
    } else if (prev === 126 && !hasReceiver) {
      continue // C++'s `~Name(`: a destructor
    } else if (prev === 41 && !hasReceiver && sameLine) {
      // Go's `func (s *T) Name(`: a receiver list before the name on its line (only where a `func (` may open it).
      const floor = Math.max(0, before - 200)
      funcOpens ??= funcParentheses(masked)
      if (anyWithin(funcOpens, floor, before)) {
        const receiverOpen = openingBracket(masked, before, floor)
        const keyword = receiverOpen > 0 ? backOverSpace(masked, receiverOpen) : -1
        if (keyword >= 3 && masked.slice(keyword - 3, keyword + 1) === 'func') continue
      }
    }
    if (words.tuplePatterns && isTuplePattern(masked, start, open)) continue
    if (words.braceDefinitions && prevWord !== 'new' && isDefinitionBody(masked, open, masked.lastIndexOf('\n', start - 1) >= before, words.lineBreaksEndStatements === true)) continue
    const receiverEnd = hasReceiver ? receiverEndAt(masked, start, nameStart) : nameStart
    calls.push(new TextCall(text, masked, name, rowAt(lines, nameStart), start, hasReceiver, receiverEnd, open, decorator, words.nullSafeReceivers))
  }
  return calls
}

/**
 * Whether the call starting at `start`, its parentheses opening at `open`, is followed by `:` (not
 * `::`), `=>`, `=` (not `==`) or a match arm's guard (`Message::Move(p) if ...`): a pattern's (see
 * `tuplePatterns`), unless that guard makes the call (`Some(v) if valid(v) =>`).
 */
function isTuplePattern(masked: string, start: number, open: number): boolean {
  const close = closingBracket(masked, open, Math.min(masked.length, open + 2000))
  if (close < 0) return false
  let i = close + 1
  while (i < masked.length && isSpace(masked.charCodeAt(i))) i++
  const c = masked.charCodeAt(i)
  const next = masked.charCodeAt(i + 1)
  if (c === 58) return next !== 58
  if (c === 105 && next === 102 && !isIdentifierCode(masked.charCodeAt(i + 2))) return true
  if (c !== 61 || next === 61) return false
  return !(next === 62 && GUARD.test(masked.slice(masked.lastIndexOf('\n', start) + 1, start)))
}

/** A match arm's guard before a call on its line: `Some(v) if ` (then `v.is_empty() =>` is a call). */
const GUARD = /\bif\b/

/** Offsets of every bracket that follows `func` and spaces, in order: where a Go method's receiver list may open. */
function funcParentheses(masked: string): number[] {
  const out: number[] = []
  for (let at = masked.indexOf('func'); at >= 0; at = masked.indexOf('func', at + 1)) {
    let next = at + 4
    while (next < masked.length && isSpace(masked.charCodeAt(next))) next++
    const c = masked.charCodeAt(next)
    if (c === 40 || c === 91 || c === 123) out.push(next)
  }
  return out
}

/** Whether sorted `offsets` hold one in `from..to` (inclusive). */
function anyWithin(offsets: readonly number[], from: number, to: number): boolean {
  let low = 0
  let high = offsets.length
  while (low < high) {
    const mid = (low + high) >> 1
    if ((offsets[mid] as number) < from) low = mid + 1
    else high = mid
  }
  return low < offsets.length && (offsets[low] as number) <= to
}

/** The end of a receiver chain: back from the name over the joiner and spaces. */
function receiverEndAt(masked: string, start: number, nameStart: number): number {
  let end = nameStart
  while (end > start) {
    const c = masked.charCodeAt(end - 1)
    if (isSpace(c) || c === 46 || c === 58 || c === 62 || c === 63 || c === 92 || c === 45) end--
    else break
  }
  return end
}

/**
 * `m(a) {` or, for a definition that starts its line, TypeScript's `m(a): Promise<T> {` (elsewhere
 * a `:` is a ternary's or an object's): the parentheses are a parameter list. With `lineBreaksEnd`,
 * a `{` on a later line than the `)` opens a block after a call.
 */
function isDefinitionBody(masked: string, open: number, startsLine: boolean, lineBreaksEnd: boolean): boolean {
  const close = closingBracket(masked, open, Math.min(masked.length, open + 4000))
  if (close < 0) return false
  let i = close + 1
  let lineBreak = false
  for (; i < masked.length && isSpace(masked.charCodeAt(i)); i++) lineBreak ||= masked.charCodeAt(i) === 10
  const c = masked.charCodeAt(i)
  if (c === 123) return !(lineBreak && lineBreaksEnd)
  if (c !== 58 || !startsLine) return false
  // A return type: scan to `{` (definition) or to what ends an expression (`;`, `,`, `)`, `=`).
  let depth = 0
  for (let k = i + 1; k < Math.min(masked.length, i + 300); k++) {
    const d = masked.charCodeAt(k)
    if (d === 60 || d === 40 || d === 91) depth++
    else if (d === 62 || d === 41 || d === 93) {
      if (depth === 0 && d !== 62) return false
      depth = Math.max(0, depth - 1)
    } else if (depth === 0 && d === 123) return k > i + 1
    else if (depth === 0 && (d === 59 || d === 44 || d === 61 || d === 10)) return false
  }
  return false
}
