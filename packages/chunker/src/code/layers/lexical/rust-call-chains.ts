import { openingBracket } from './brackets.js'

/** The extraction keeps a receiver's last 300 characters: a longer chain is not written. */
const MAX_CHAIN = 300
/** How far back one link's arguments are read. */
const MAX_LOOKBACK = 4_000
/** A name right before a point in masked code. */
const NAME_BEFORE = /[A-Za-z_]\w*$/
/** A path right before a call's name and its `::`: `Command::`, `crate::builder::Command::`, `Self::`. */
const PATH_BEFORE = /(?:^|[^\w:.])((?:[A-Za-z_]\w*::)*[A-Za-z_]\w*)\s*::\s*$/
/** A value a chain starts on, right before its first `.`: `cmd`, `self`, `self.cmd`. */
const VALUE_BEFORE = /(?:^|[^\w:.)\]?'])([A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)*)\s*$/
/** Words that are no callee (`if (a).b()`) nor a value a chain starts on. */
const KEYWORDS = new Set(['if', 'while', 'match', 'return', 'in', 'for', 'loop', 'else', 'break', 'move', 'as', 'let', 'mut', 'ref', 'await', 'yield', 'unsafe', 'async', 'fn', 'impl', 'dyn', 'where'])

const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\n' || c === '\t' || c === '\r'

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

/**
 * A reader of Rust calls on a call's value (builder chains) in one file's masked code: for the
 * callee's name at `nameOffset`, its receiver as a chain of calls that the layers type link by link
 * through what each callee returns (`@rag/core`'s `RawEdge.receiverType`): `Command::new().about()`
 * for the `arg` of `Command::new("git").about("x").arg(a)`, `self.get_matches()` for the
 * `value_of` of `self.get_matches().value_of("x")`. A chain starts at a path's or a plain name's
 * call (`Arg::new(`, `Self::new(`, `app(`), at a method of `self` or of one of its fields
 * (`self.cmd.get_x(`), or at a method of a name of a type the code around declares (`cmd.about(`
 * with `cmd: &mut Command` starts `Command::about()`, `typeOf`); then each link is `.name(...)`,
 * generic arguments dropped (`.get_one::<String>(`). `undefined` for any other receiver: a `?` or
 * an `.await` on the way, a macro's value, an element, a field of a call's value, a name of no
 * known type, or a chain longer than 300 characters. Each link is read once per file.
 *
 * @example
 * const chainAt = rustCallChains('Command::new("x").about("y").arg(a)', () => undefined)
 * chainAt(29) // 'Command::new().about()'
 */
export function rustCallChains(masked: string, typeOf: (name: string, offset: number) => string | undefined): (nameOffset: number) => string | undefined {
  const chains = new Map<number, string | undefined>()

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
    const name = NAME_BEFORE.exec(masked.slice(Math.max(0, at - 100), at + 1))?.[0]
    if (name === undefined || KEYWORDS.has(name)) return undefined
    const beforeName = skipBack(masked, at - name.length)
    if (masked[beforeName] === '.') {
      const end = skipBack(masked, beforeName - 1)
      if (masked[end] === ')') {
        const receiver = chainEndingAt(end)
        return receiver === undefined ? undefined : `${receiver}.${name}()`
      }
      return valueCall(end, name)
    }
    const before = masked.slice(Math.max(0, beforeName - 200), beforeName + 1)
    if (masked[beforeName] === ':') {
      const path = PATH_BEFORE.exec(before)?.[1]
      return path === undefined ? undefined : `${path}::${name}()`
    }
    // A plain name's call: `app(`, `return app(`; not a macro's (`m!(`) nor a call of a call's value (`f()(`).
    return /[!?)\]'"]$/.test(before) ? undefined : `${name}()`
  }

  // `self.get_matches(`, `self.cmd.get_x(`, `cmd.about(` of a `cmd` of a known type; the value ends at `end`.
  const valueCall = (end: number, name: string): string | undefined => {
    const found = VALUE_BEFORE.exec(masked.slice(Math.max(0, end - 200), end + 1))
    if (found === null) return undefined
    const value = (found[1] as string).replace(/\s+/g, '')
    const first = value.split('.', 1)[0] as string
    if (KEYWORDS.has(first)) return undefined
    if (first === 'self') return `${value}.${name}()`
    if (value !== first) return undefined
    const type = typeOf(value, end)
    return type === undefined ? undefined : `${type}::${name}()`
  }

  return (nameOffset) => {
    const dot = skipBack(masked, nameOffset - 1)
    if (masked[dot] !== '.') return undefined
    const end = skipBack(masked, dot - 1)
    return masked[end] === ')' ? chainEndingAt(end) : undefined
  }
}
