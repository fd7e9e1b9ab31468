import type { LexicalSyntax } from './mask-code.js'

/** Reads one kind of token at an offset: its text, or `undefined` when it does not start there. */
type Starter = (text: string, at: number) => string | undefined

/**
 * Finds the next token that may start a comment or a string: for each ASCII character, the
 * starters that may begin with it, in the order of the syntax's precedence (block comments, line
 * comments, triple quotes, Rust, C++ and C# strings, heredocs, template parts, `/`, quotes). The
 * first starter that matches at the first offset where any matches wins, as in one regular
 * expression alternation, but without building a match per token.
 */
export interface StarterTable {
  /** A cursor over the tokens of `text`. */
  cursor(text: string): StarterCursor
}

/** Where the last token found starts, and its text. */
export interface StarterCursor {
  /** Offset of the token found last. */
  at: number
  /** Its text: `'"'`, `'//'`, `'r#"'`, ... */
  token: string
  /** Finds the first token at or after `from`; `false` when there is none. */
  next(from: number): boolean
}

/** `[A-Za-z0-9_]`: a word character of a regular expression's `\b`. */
function isWordCode(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95
}

/** A word boundary before `at`, where `text[at]` is a word character. */
function boundaryBefore(text: string, at: number): boolean {
  return at === 0 || !isWordCode(text.charCodeAt(at - 1))
}

/** The starters of one-character tokens. */
const single = new WeakSet<Starter>()

function literal(token: string): Starter {
  if (token.length === 1) {
    const code = token.charCodeAt(0)
    const starter: Starter = (text, at) => (text.charCodeAt(at) === code ? token : undefined)
    single.add(starter)
    return starter
  }
  return (text, at) => (text.startsWith(token, at) ? token : undefined)
}

/** Rust's `\bb?r#*"`: a raw string opener, `b`-prefixed too. */
const rustRaw: Starter = (text, at) => {
  if (!boundaryBefore(text, at)) return undefined
  let k = at
  if (text.charCodeAt(k) === 98) k++
  if (text.charCodeAt(k) !== 114) return undefined
  k++
  while (text.charCodeAt(k) === 35) k++
  return text.charCodeAt(k) === 34 ? text.slice(at, k + 1) : undefined
}

/** Rust's `\bb'`: a byte literal opener. */
const rustByte: Starter = (text, at) => (text.charCodeAt(at) === 98 && text.charCodeAt(at + 1) === 39 && boundaryBefore(text, at) ? "b'" : undefined)

/** C++'s `\bR"`: a raw string opener. */
const cppRaw: Starter = (text, at) => (text.charCodeAt(at) === 82 && text.charCodeAt(at + 1) === 34 && boundaryBefore(text, at) ? 'R"' : undefined)

/** PHP's `#(?!\[)`: a comment, but not an attribute. */
const hashNotAttribute: Starter = (text, at) => (text.charCodeAt(at) === 35 && text.charCodeAt(at + 1) !== 91 ? '#' : undefined)

function tableOf(syntax: LexicalSyntax): StarterTable {
  const byFirst: Starter[][] = Array.from({ length: 128 }, () => [])
  const add = (first: string, starter: Starter): void => {
    ;(byFirst[first.charCodeAt(0)] as Starter[]).push(starter)
  }
  for (const block of syntax.blockComments) add(block.open, literal(block.open))
  for (const line of syntax.lineComments) add(line, line === '#' && syntax.hashBracketAttributes ? hashNotAttribute : literal(line))
  if (syntax.tripleQuotes) {
    add('"', literal('"""'))
    add("'", literal("'''"))
  }
  if (syntax.rust) {
    add('b', rustRaw)
    add('r', rustRaw)
    add('b', rustByte)
    add("'", literal("'"))
  }
  if (syntax.cppRaw) add('R', cppRaw)
  if (syntax.verbatim) add('@', literal('@"'))
  if (syntax.heredocs) add('<', literal('<<'))
  if (syntax.templates) for (const token of ['`', '{', '}']) add(token, literal(token))
  if (syntax.regexLiterals) add('/', literal('/'))
  for (const quote of syntax.quotes) add(quote, literal(quote))
  const starters = byFirst.map((list) => (list.length > 0 ? list : undefined))
  // A character that is a token on its own and starts no other (a quote, a brace): no call needed.
  const alone = byFirst.map((list, code) => (list.length === 1 && single.has(list[0] as Starter) ? String.fromCharCode(code) : undefined))
  return {
    cursor(text) {
      const length = text.length
      const cursor: StarterCursor = {
        at: -1,
        token: '',
        next(from) {
          for (let at = from; at < length; at++) {
            const code = text.charCodeAt(at)
            if (code >= 128) continue
            const token = alone[code]
            if (token !== undefined) {
              cursor.at = at
              cursor.token = token
              return true
            }
            const list = starters[code]
            if (list === undefined) continue
            for (const starter of list) {
              const token = starter(text, at)
              if (token !== undefined) {
                cursor.at = at
                cursor.token = token
                return true
              }
            }
          }
          return false
        },
      }
      return cursor
    },
  }
}

const tables = new WeakMap<LexicalSyntax, StarterTable>()

/** The {@link StarterTable} of a syntax (built once per syntax). */
export function startersOf(syntax: LexicalSyntax): StarterTable {
  let table = tables.get(syntax)
  if (!table) {
    table = tableOf(syntax)
    tables.set(syntax, table)
  }
  return table
}
