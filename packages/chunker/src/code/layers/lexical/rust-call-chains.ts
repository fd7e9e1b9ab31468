import { openingBracket } from './brackets.js'

/** The extraction keeps a receiver's last 300 characters: a longer chain is not written. */
const MAX_CHAIN = 300
/** How far back one link's arguments are read. */
const MAX_LOOKBACK = 4_000
/** Words that are no callee (`if (a).b()`) nor a value a chain starts on. */
const KEYWORDS = new Set(['if', 'while', 'match', 'return', 'in', 'for', 'loop', 'else', 'break', 'move', 'as', 'let', 'mut', 'ref', 'await', 'yield', 'unsafe', 'async', 'fn', 'impl', 'dyn', 'where'])

const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\n' || c === '\t' || c === '\r'

const isWord = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95

/** The start of the name (`[A-Za-z_]\w*`) ending at `at` in masked code, or -1 (read backwards: a `$`-anchored pattern would try every start). */
function nameStart(masked: string, at: number): number {
  let start = at
  while (start >= 0 && isWord(masked.charCodeAt(start))) start--
  start++
  const first = masked.charCodeAt(start)
  return start > at || (first >= 48 && first <= 57) ? -1 : start
}

/**
 * The start of the names joined by `separator` that end at `at` (`crate::builder::Command` with
 * `::`, `self.cmd` with `.`), or -1 when they are the tail of a longer expression: right after one
 * of `stops`, or after a separator with no name before it (`f().cmd`, `<T as Trait>::Type`).
 */
function joinedStart(masked: string, at: number, separator: string, stops: string): number {
  let start = nameStart(masked, at)
  while (start >= 0) {
    const before = skipBack(masked, start - 1)
    if (before < separator.length - 1 || masked.slice(before - separator.length + 1, before + 1) !== separator) break
    const next = nameStart(masked, skipBack(masked, before - separator.length))
    if (next < 0) return -1
    start = next
  }
  return start < 0 || stops.includes(masked[start - 1] ?? ' ') ? -1 : start
}

/** The offset of the first non-blank character at or before `at`. */
function skipBack(masked: string, at: number): number {
  while (at >= 0 && isSpace(masked[at])) at--
  return at
}

/** The offset of the `<` opening the turbofish's `>` at `close` (`collect::<Vec<_>>`), or -1. */
function turbofishStart(masked: string, close: number): number {
  let depth = 0
  for (let i = close; i >= Math.max(0, close - 200); i--) {
    const c = masked[i]
    if (c === '>') depth++
    else if (c === '<' && --depth === 0) return i
    else if (c === ';' || c === '{' || c === '}') return -1
  }
  return -1
}

/** The chains of calls of one Rust file (see {@link rustCallChains}). */
export interface RustCallChains {
  /** The chain before the call whose name is at `nameOffset` (`Command::new().about()` for `.arg(`), if its receiver is one. */
  at(nameOffset: number): string | undefined
  /**
   * The chain whose last call's `)`, or the `?` after it, is at `end` (`Command::new().get_matches()`
   * of `let m = Command::new("x").get_matches();`, `cli().try_get_matches()?` of `let m =
   * cli().try_get_matches()?;`), and the offset where its head starts.
   */
  endingAt(end: number): { readonly chain: string; readonly start: number } | undefined
}

/**
 * A reader of Rust calls on a call's value (builder chains) in one file's masked code: for the
 * callee's name at `nameOffset`, its receiver as a chain of calls that the layers type link by link
 * through what each callee returns (`@rag/core`'s `RawEdge.receiverType`): `Command::new().about()`
 * for the `arg` of `Command::new("git").about("x").arg(a)`, `self.get_matches()` for the
 * `value_of` of `self.get_matches().value_of("x")`. A chain starts at a path's or a plain name's
 * call (`Arg::new(`, `Self::new(`, `app(`), at a method of `self` or of one of its fields
 * (`self.cmd.get_x(`), or at a method of a name of a type the code around declares (`cmd.about(`
 * with `cmd: &mut Command` starts `Command::about()`, `typeOf`); then each link is `.name(...)`,
 * generic arguments dropped (`.get_one::<String>(`), and a `?` after a call is written after its
 * `()` (`cli().try_get_matches()?` for the `get_flag` of `cli().try_get_matches()?.get_flag("v")`).
 * `undefined` for any other receiver: an `.await` on the way, a macro's value, an element, a field of a call's value, a name of no
 * known type, or a chain longer than 300 characters. Each link is read once per file. A name
 * holding a chain's value (`let m = Command::new("x").get_matches();`, `typeOf` giving
 * `Command::new().get_matches()`) starts its calls' chains with that chain.
 *
 * @example
 * const chains = rustCallChains('Command::new("x").about("y").arg(a)', () => undefined)
 * chains.at(29) // 'Command::new().about()'
 */
export function rustCallChains(masked: string, typeOf: (name: string, offset: number) => string | undefined): RustCallChains {
  const chains = new Map<number, string | undefined>()
  // Where the chain ending at a `)` starts (its head's first character).
  const starts = new Map<number, number>()

  // The chain of the call whose `)` is at `close`.
  const chainEndingAt = (close: number): string | undefined => {
    if (chains.has(close)) return chains.get(close)
    const chain = readChain(close)
    chains.set(close, chain !== undefined && chain.length <= MAX_CHAIN ? chain : undefined)
    return chains.get(close)
  }

  const readChain = (close: number): string | undefined => {
    const open = openingBracket(masked, close, Math.max(0, close - MAX_LOOKBACK))
    if (open < 0 || masked[open] !== '(') return undefined
    let at = skipBack(masked, open - 1)
    // `.get_one::<String>(`: the generic arguments are no part of the callee.
    if (masked[at] === '>') {
      const start = turbofishStart(masked, at)
      if (start < 2 || masked.slice(start - 2, start) !== '::') return undefined
      at = skipBack(masked, start - 3)
    }
    const start = nameStart(masked, at)
    const name = start < 0 ? undefined : masked.slice(start, at + 1)
    if (name === undefined || KEYWORDS.has(name)) return undefined
    const beforeName = skipBack(masked, start - 1)
    if (masked[beforeName] === '.') {
      const end = skipBack(masked, beforeName - 1)
      const value = tried(end)
      if (value !== undefined) {
        starts.set(close, starts.get(value.close) ?? -1)
        return value.chain === undefined ? undefined : `${value.chain}.${name}()`
      }
      return valueCall(close, end, name)
    }
    if (masked[beforeName] === ':') {
      // `Command::new(`, `crate::builder::Command::new(`, `Self::new(`: not `<T as Trait>::new(` nor `x.y::z(`.
      if (masked[beforeName - 1] !== ':') return undefined
      const end = skipBack(masked, beforeName - 2)
      const pathStart = joinedStart(masked, end, '::', ':.>')
      starts.set(close, pathStart)
      return pathStart < 0 ? undefined : `${masked.slice(pathStart, end + 1).replace(/\s+/g, '')}::${name}()`
    }
    // A plain name's call: `app(`, `return app(`; not a macro's (`m!(`) nor a call of a call's value (`f()(`).
    starts.set(close, start)
    return '!?)]\'"'.includes(masked[beforeName] ?? ' ') ? undefined : `${name}()`
  }

  // `self.get_matches(`, `self.cmd.get_x(`, `cmd.about(` of a `cmd` of a known type; the value ends at `end`.
  const valueCall = (close: number, end: number, name: string): string | undefined => {
    const valueStart = joinedStart(masked, end, '.', ':.)]?\'')
    starts.set(close, valueStart)
    if (valueStart < 0) return undefined
    const value = masked.slice(valueStart, end + 1).replace(/\s+/g, '')
    const first = value.split('.', 1)[0] as string
    if (KEYWORDS.has(first)) return undefined
    if (first === 'self') return `${value}.${name}()`
    if (value !== first) return undefined
    const type = typeOf(value, end)
    // A name holding a chain's value (`Command::new().get_matches()`, `cli().try_get_matches()?`) goes on with `.`.
    return type === undefined ? undefined : /\)\??$/.test(type) ? `${type}.${name}()` : `${type}::${name}()`
  }

  // The chain a value ending at `end` is: a call's (`f()`), or a call's with a `?` (`f()?`, the chain then `f()?`).
  const tried = (end: number): { readonly chain: string | undefined; readonly close: number } | undefined => {
    if (masked[end] === ')') return { chain: chainEndingAt(end), close: end }
    const close = masked[end] === '?' ? skipBack(masked, end - 1) : -1
    if (close < 0 || masked[close] !== ')') return undefined
    const chain = chainEndingAt(close)
    return { chain: chain === undefined || chain.length >= MAX_CHAIN ? undefined : `${chain}?`, close }
  }

  return {
    at: (nameOffset) => {
      const dot = skipBack(masked, nameOffset - 1)
      if (masked[dot] !== '.') return undefined
      return tried(skipBack(masked, dot - 1))?.chain
    },
    endingAt: (end) => {
      const value = tried(end)
      return value?.chain === undefined ? undefined : { chain: value.chain, start: starts.get(value.close) ?? -1 }
    },
  }
}
