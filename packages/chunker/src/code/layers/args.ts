/**
 * A small reader for argument lists as written in any of the supported languages: call arguments,
 * decorator and annotation arguments, Rust attribute token trees, Go composite literal bodies.
 * Entrypoint detectors need only simple values (strings, names, lists, keyword arguments, nested
 * calls), so this reads text instead of walking nodes: one pass, no crossing into the parser.
 */

/** What an argument is. */
export type ArgKind = 'string' | 'name' | 'list' | 'call' | 'function' | 'other'

/** One parsed argument. */
export interface Arg {
  /** The keyword of `key=value` / `key: value` / `key = value`, else `''`. */
  readonly key: string
  readonly kind: ArgKind
  /**
   * `string`: the unquoted value; `name`: the dotted name (`views.index`, `web::get`); `call`: the
   * callee; otherwise the raw text, whitespace collapsed.
   */
  readonly value: string
  /** `list`: the elements (`[...]`, `(...)`, `{...}`); `call`: its arguments. */
  readonly items: readonly Arg[]
  /** `call`: the calls chained after it (`get(a).post(b)` gives one entry, `post`). */
  readonly chain: readonly Arg[]
}

const OPEN: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}' }
const CLOSE = new Set([')', ']', '}'])
const NAME = /^[A-Za-z_$@][\w$]*(?:\s*(?:\.|::|->|\\)\s*[A-Za-z_$][\w$]*)*$/
const KEY = /^([A-Za-z_$][\w$]*)\s*(?:=(?![=>])|:(?!:))\s*/
const STRING_PREFIX = /^(?:[rRbBuUfF]{1,2}(?=['"])|r#*(?=")|[@$](?=")|\$@(?="))/
const FUNCTION_START = /^(?:async\s+|static\s+)?(?:function\b|lambda\b|func\s*\(|fn\b|move\s*\|)|^\|[^|]*\|/
const MAX_ARGS = 64

/** The offset just past a string literal starting at `at` (a quote character). */
function skipString(text: string, at: number): number {
  const quote = text[at] as string
  if (text.startsWith(quote.repeat(3), at) && quote !== '`') {
    const end = text.indexOf(quote.repeat(3), at + 3)
    return end < 0 ? text.length : end + 3
  }
  for (let i = at + 1; i < text.length; i++) {
    const c = text[i]
    if (c === '\\') i++
    else if (c === quote) return i + 1
    else if (c === '\n' && quote !== '`') return i
  }
  return text.length
}

/** Splits `text` at top-level commas (outside strings and brackets). */
function splitTopLevel(text: string): string[] {
  const parts: string[] = []
  let depth = 0
  let from = 0
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string
    if (c === '"' || c === "'" || c === '`') {
      i = skipString(text, i) - 1
    } else if (c in OPEN) depth++
    else if (CLOSE.has(c)) depth--
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(from, i))
      from = i + 1
      if (parts.length >= MAX_ARGS) return parts
    }
  }
  parts.push(text.slice(from))
  return parts.map((p) => p.trim()).filter((p) => p.length > 0)
}

/**
 * Escapes every language reads alike. Any other backslash stays, as Python and PHP keep it
 * (`'\d+'` in a Django pattern, `'Auth\RegisterController@register'` in a Laravel route).
 */
const ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', '0': '\0', '\\': '\\', "'": "'", '"': '"', '`': '`', $: '$' }

/** The value of a single string literal, or `undefined` when `text` is not exactly one. */
export function stringValue(text: string): string | undefined {
  const prefix = STRING_PREFIX.exec(text)?.[0] ?? ''
  const body = text.slice(prefix.length)
  const quote = body[0]
  if (quote !== '"' && quote !== "'" && quote !== '`') return undefined
  const end = skipString(body, 0)
  if (end !== body.length && !(prefix.startsWith('r') && /^#+$/.test(body.slice(end)))) return undefined
  const triple = body.startsWith(quote.repeat(3)) && quote !== '`' ? 3 : 1
  const inner = body.slice(triple, end - triple)
  if (/r/i.test(prefix) || prefix.startsWith('@')) return inner
  return inner.replace(/\\(.)/g, (escape: string, c: string) => ESCAPES[c] ?? escape)
}

/** The offset of the bracket that closes the one at `at` in source text (strings skipped), or -1. */
export function closing(text: string, at: number): number {
  let depth = 0
  for (let i = at; i < text.length; i++) {
    const c = text[i] as string
    if (c === '"' || c === "'" || c === '`') i = skipString(text, i) - 1
    else if (c in OPEN) depth++
    else if (CLOSE.has(c) && --depth === 0) return i
  }
  return -1
}

/** The bracketed list that opens at `at` (`[`, `(` or `{`), parsed; `undefined` when it does not close. */
export function parseBracketedAt(text: string, at: number): Arg[] | undefined {
  const close = closing(text, at)
  return close < 0 ? undefined : parseArgs(text.slice(at + 1, close))
}

/** The top-level parts (split at commas outside strings and brackets) of the bracketed list that opens at `at`, as text; `undefined` when it does not close. */
export function bracketedParts(text: string, at: number): string[] | undefined {
  const close = closing(text, at)
  return close < 0 ? undefined : splitTopLevel(text.slice(at + 1, close))
}

/** Reads `callee(args)` and any `.next(args)` after it; `undefined` when `text` is not such a chain. */
function readCall(text: string, key: string): Arg | undefined {
  const open = text.indexOf('(')
  if (open <= 0) return undefined
  const callee = text.slice(0, open).trim()
  if (!NAME.test(callee)) return undefined
  const close = closing(text, open)
  if (close < 0) return undefined
  const items = parseArgs(text.slice(open + 1, close))
  const rest = text.slice(close + 1).trim()
  const chain: Arg[] = []
  if (rest) {
    const next = /^(?:\.|::|->)\s*/.exec(rest)
    const chained = next ? readCall(rest.slice(next[0].length), '') : undefined
    if (!chained) return undefined
    chain.push({ ...chained, chain: [] }, ...chained.chain)
  }
  return { key, kind: 'call', value: callee.replace(/\s+/g, ''), items, chain }
}

function readValue(raw: string, key: string): Arg {
  const text = raw.trim()
  const plain = (kind: ArgKind, value: string): Arg => ({ key, kind, value, items: [], chain: [] })
  const string = stringValue(text)
  if (string !== undefined) return plain('string', string)
  const first = text[0] ?? ''
  if (first === '[' || first === '{' || (first === '(' && !/=>/.test(text))) {
    if (closing(text, 0) === text.length - 1) {
      return { key, kind: 'list', value: text.replace(/\s+/g, ' '), items: parseArgs(text.slice(1, -1)), chain: [] }
    }
  }
  // C#'s attributes on a lambda (`[Authorize] async (Request r) => ...`) are not part of it.
  const lambda = first === '[' ? text.replace(/^(?:\[[^\]]*\]\s*)+(?=(?:async\s*)?\()/, '') : text
  // Java's `ctx -> ...` and `(a, b) -> ...` too (not PHP's `$this->x`: a name there starts with `$`).
  if (FUNCTION_START.test(lambda) || /^(?:async\s*)?(?:\([^)]*\)|[A-Za-z_$][\w$]*)\s*(?::[^=]*)?=>/.test(lambda) || /^(?:\([^)]*\)|[A-Za-z_]\w*)\s*->/.test(lambda)) {
    // Long enough for a body that hands the request on (see `delegatedCallee`).
    return plain('function', lambda.replace(/\s+/g, ' ').slice(0, 600))
  }
  const bare = text.replace(/^[&*]\s*/, '')
  if (NAME.test(bare)) return plain('name', bare.replace(/\s+/g, ''))
  return readCall(text, key) ?? plain('other', text.replace(/\s+/g, ' ').slice(0, 200))
}

/**
 * Parses an argument list's inside (no surrounding brackets) into {@link Arg}s: at most 64,
 * strings unquoted, `key=value` and `key: value` keyed.
 *
 * @example
 * parseArgs(`'/x', methods=['GET', 'POST']`)
 * // [{ kind: 'string', value: '/x' }, { key: 'methods', kind: 'list', items: [...] }]
 */
export function parseArgs(inside: string): Arg[] {
  return splitTopLevel(inside).map((part) => {
    const keyed = KEY.exec(part)
    // Python's `lambda: None` is a function, not a keyword argument named `lambda`.
    if (keyed && keyed[1] !== 'lambda' && stringValue(part) === undefined) return readValue(part.slice(keyed[0].length), keyed[1] as string)
    return readValue(part, '')
  })
}

/** Parses a bracketed argument list (`(a, b)`, `{a: 1}`, `[x]`), brackets included; anything else is read as the inside. */
export function parseBracketed(text: string): Arg[] {
  const trimmed = text.trim()
  const first = trimmed[0] ?? ''
  if (first in OPEN && closing(trimmed, 0) === trimmed.length - 1) return parseArgs(trimmed.slice(1, -1))
  return parseArgs(trimmed)
}

/** The first positional argument, or the one with one of `keys`, that is a string. */
export function stringArg(args: readonly Arg[], position: number, keys: readonly string[] = []): string | undefined {
  for (const arg of args) if (arg.key && keys.includes(arg.key) && arg.kind === 'string') return arg.value
  const positional = args.filter((arg) => !arg.key)[position]
  return positional?.kind === 'string' ? positional.value : undefined
}

/** The string value of the argument with key `key`, if it is a string. */
export function keyedString(args: readonly Arg[], key: string): string | undefined {
  const arg = args.find((a) => a.key === key)
  return arg?.kind === 'string' ? arg.value : undefined
}

/** The argument with key `key`, if any. */
export function keyArg(args: readonly Arg[], key: string): Arg | undefined {
  return args.find((arg) => arg.key === key)
}

/**
 * The property `key` of an object literal's items, also written short: `{ handler }` (the name
 * `handler`) or `{ handler (req, reply) { ... } }` (a function).
 */
export function propertyArg(items: readonly Arg[], key: string): Arg | undefined {
  const keyed = keyArg(items, key)
  if (keyed !== undefined) return keyed
  for (const arg of items) {
    if (arg.key !== '') continue
    if (arg.kind === 'name' && arg.value === key) return { ...arg, key }
    if (arg.kind === 'other' && methodName(arg.value) === key) return { ...arg, key, kind: 'function' }
  }
  return undefined
}

/** The name of an object literal's method written short (`handler (req) {...}`, `async load() {...}`). */
function methodName(text: string): string | undefined {
  return /^(?:async\s+)?([\w$]+)\s*\([^]*\}$/.exec(text)?.[1]
}

/** The string values of a list argument (or of a single string). */
export function stringList(arg: Arg | undefined): string[] {
  if (!arg) return []
  if (arg.kind === 'string') return [arg.value]
  if (arg.kind === 'name') return [arg.value]
  return arg.items.flatMap((item) => (item.kind === 'string' || item.kind === 'name' ? [item.value] : []))
}
