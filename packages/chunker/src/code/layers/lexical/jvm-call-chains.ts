import { openingBracket } from './brackets.js'

/** The extraction keeps a receiver's last 300 characters: a longer chain is not written. */
const MAX_CHAIN = 300
/** How far back one link's arguments are read. */
const MAX_LOOKBACK = 4_000
/** Words before a `(` that call nothing (`if (a).b()`), nor start a value's name. */
const KEYWORDS = new Set([
  'if', 'while', 'for', 'foreach', 'switch', 'catch', 'synchronized', 'return', 'throw', 'new', 'await', 'typeof', 'sizeof', 'nameof',
  'default', 'checked', 'unchecked', 'lock', 'using', 'fixed', 'when', 'assert', 'case', 'else', 'do', 'try', 'yield', 'in', 'is', 'as',
])

const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\n' || c === '\t' || c === '\r'
const isWord = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36

/** The offset of the first non-blank character at or before `at`. */
function skipBack(masked: string, at: number): number {
  while (at >= 0 && isSpace(masked[at])) at--
  return at
}

/** The start of the name ending at `at` in masked code, or -1. */
function nameStart(masked: string, at: number): number {
  let start = at
  while (start >= 0 && isWord(masked.charCodeAt(start))) start--
  start++
  const first = masked.charCodeAt(start)
  return start > at || (first >= 48 && first <= 57) ? -1 : start
}

/** The offset of the `<` opening the type arguments whose `>` is at `close` (`m<T>(`, `.<T>m(`), or -1. */
function typeArgumentsStart(masked: string, close: number): number {
  let depth = 0
  for (let i = close; i >= Math.max(0, close - 200); i--) {
    const c = masked[i]
    if (c === '>') depth++
    else if (c === '<' && --depth === 0) return i
    else if (c === ';' || c === '{' || c === '}' || c === '(' || c === ')' || c === '=') return -1
  }
  return -1
}

/** The start of the dotted names ending at `at` (`a.b.c`), or -1 when they follow a call, an element or a separator with nothing before. */
function dottedStart(masked: string, at: number): number {
  let start = nameStart(masked, at)
  while (start >= 0) {
    const dot = skipBack(masked, start - 1)
    if (masked[dot] !== '.') break
    const next = nameStart(masked, skipBack(masked, dot - 1))
    if (next < 0) return -1
    start = next
  }
  return start
}

/** A type as a `new` writes it (`java.util.ArrayList`, `Map.Entry`): from its first capitalised segment, or `undefined`. */
function typeOfNew(path: string): string | undefined {
  const segments = path.split('.')
  const first = segments.findIndex((segment) => /^[A-Z]/.test(segment))
  return first < 0 ? undefined : segments.slice(first).join('.')
}

/** The chains of calls of one Java or C# file (see {@link jvmCallChains}). */
export interface JvmCallChains {
  /** The chain before the call whose name is at `nameOffset` (`ToStringBuilder::new().append()` for the last `.append(`), if its receiver is one. */
  at(nameOffset: number): string | undefined
  /** The chain whose last call's `)` is at `end`, and the offset where its head starts. */
  endingAt(end: number): { readonly chain: string; readonly start: number } | undefined
}

/**
 * A reader of Java and C# calls on a call's value (builder chains, fluent APIs) in one file's
 * masked code, in the notation of `@rag/core`'s `RawEdge.receiverType` the layers type link by link
 * through each method's declared return type: for the callee's name at `nameOffset`, its receiver
 * as a chain of calls. A chain starts at a `new` (`new ToStringBuilder(this)` starts
 * `ToStringBuilder::new()`), at a call of a plain or dotted name (`build(`, `this.builder(`,
 * `StringUtils.join(`), or at a method of a name of a type the code around declares (`sb.append(`
 * with `StringBuilder sb` starts `StringBuilder::append()`; a name holding a chain's value goes on
 * with it, `typeOf`); then each link is `.name(...)`, type arguments dropped (`.<T>of(`,
 * `Cast<T>(`), C#'s `?.` and `!` read as `.`. `undefined` for any other receiver: a cast or a
 * parenthesized value, an element, an anonymous class's body, a field of a call's value, or a
 * chain longer than 300 characters. Each link is read once per file.
 *
 * @example
 * const chains = jvmCallChains('new B(this).append("a", a).build()', () => undefined)
 * chains.at(28) // 'B::new().append()'
 */
export function jvmCallChains(masked: string, typeOf: (name: string, offset: number) => string | undefined): JvmCallChains {
  const chains = new Map<number, string | undefined>()
  // Where the chain ending at a `)` starts (its head's first character).
  const starts = new Map<number, number>()

  const chainEndingAt = (close: number): string | undefined => {
    if (chains.has(close)) return chains.get(close)
    chains.set(close, undefined)
    const chain = readChain(close)
    chains.set(close, chain !== undefined && chain.length <= MAX_CHAIN ? chain : undefined)
    return chains.get(close)
  }

  // The value ending at `end` when it is a call's (`f()`, C#'s `f()!`): the offset of its `)`.
  const callEnd = (end: number): number => {
    const close = masked[end] === '!' || masked[end] === '?' ? skipBack(masked, end - 1) : end
    return masked[close] === ')' ? close : -1
  }

  const readChain = (close: number): string | undefined => {
    const open = openingBracket(masked, close, Math.max(0, close - MAX_LOOKBACK))
    if (open < 0 || masked[open] !== '(') return undefined
    let at = skipBack(masked, open - 1)
    // C#'s `Cast<T>(`: the type arguments are no part of the callee.
    if (masked[at] === '>') {
      const start = typeArgumentsStart(masked, at)
      if (start < 0) return undefined
      at = skipBack(masked, start - 1)
    }
    const start = nameStart(masked, at)
    const name = start < 0 ? undefined : masked.slice(start, at + 1)
    if (name === undefined || KEYWORDS.has(name)) return undefined
    let before = skipBack(masked, start - 1)
    // Java's `Foo.<T>of(`.
    if (masked[before] === '>') {
      const typeArguments = typeArgumentsStart(masked, before)
      if (typeArguments < 0) return undefined
      before = skipBack(masked, typeArguments - 1)
    }
    if (masked[before] === '.') {
      let end = skipBack(masked, before - 1)
      // C#'s null-conditional `a?.b(`.
      if (masked[end] === '?') end = skipBack(masked, end - 1)
      const value = callEnd(end)
      if (value >= 0) {
        const chain = chainEndingAt(value)
        starts.set(close, starts.get(value) ?? -1)
        return chain === undefined ? undefined : `${chain}.${name}()`
      }
      return valueCall(close, end, name)
    }
    // A plain name's call: `build(`, `return build(`; not a call of a call's value (`f()(`) nor of an element.
    starts.set(close, start)
    if (masked.slice(Math.max(0, before - 2), before + 1) === 'new' && !isWord(masked.charCodeAt(before - 3))) {
      starts.set(close, before - 2)
      return /^[A-Z]/.test(name) ? `${name}::new()` : undefined
    }
    return '!?)]\'"'.includes(masked[before] ?? ' ') ? undefined : `${name}()`
  }

  // `new a.B(`, `this.builder(`, `StringUtils.join(`, `sb.append(` of an `sb` of a known type; the value before the name ends at `end`.
  const valueCall = (close: number, end: number, name: string): string | undefined => {
    const valueStart = dottedStart(masked, end)
    if (valueStart < 0) return undefined
    const value = masked.slice(valueStart, end + 1).replace(/\s+/g, '')
    const before = skipBack(masked, valueStart - 1)
    const constructs = masked.slice(Math.max(0, before - 2), before + 1) === 'new' && !isWord(masked.charCodeAt(before - 3))
    starts.set(close, constructs ? before - 2 : valueStart)
    if (constructs) {
      const type = typeOfNew(`${value}.${name}`)
      return type === undefined ? undefined : `${type}::new()`
    }
    if ('!?)]\'"'.includes(masked[before] ?? ' ')) return undefined
    const first = value.split('.', 1)[0] as string
    if (KEYWORDS.has(first)) return undefined
    const type = value === first ? typeOf(value, end) : undefined
    if (type === undefined) return `${value}.${name}()`
    // A name holding a chain's value goes on with `.`; one of a type calls that type's method.
    return /\)$/.test(type) ? (type.startsWith('await ') ? undefined : `${type}.${name}()`) : /^[A-Z][\w$]*(?:\.[A-Z][\w$]*)*$/.test(type) ? `${type}::${name}()` : undefined
  }

  return {
    at: (nameOffset) => {
      let dot = skipBack(masked, nameOffset - 1)
      if (masked[dot] === '>') dot = skipBack(masked, typeArgumentsStart(masked, dot) - 1)
      if (masked[dot] !== '.') return undefined
      let end = skipBack(masked, dot - 1)
      if (masked[end] === '?') end = skipBack(masked, end - 1)
      const close = callEnd(end)
      return close < 0 ? undefined : chainEndingAt(close)
    },
    endingAt: (end) => {
      const close = callEnd(end)
      const chain = close < 0 ? undefined : chainEndingAt(close)
      return chain === undefined ? undefined : { chain, start: starts.get(close) ?? -1 }
    },
  }
}
