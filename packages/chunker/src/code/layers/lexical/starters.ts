import type { LexicalSyntax } from './mask-code.js'

/**
 * Finds the tokens that may start a comment or a string: one regular expression per syntax, its
 * alternatives in the order of precedence (block comments, line comments, triple quotes, Rust, C++
 * and C# strings, heredocs, template parts, `/`, quotes), so the first alternative that matches at
 * the first offset where any matches wins. The engine's own scan finds the next token start faster
 * than a loop over characters would.
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

function escape(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** One pattern for everything that may start a comment or a string in a syntax. */
function patternOf(syntax: LexicalSyntax): RegExp {
  const parts: string[] = []
  for (const block of syntax.blockComments) parts.push(escape(block.open))
  for (const line of syntax.lineComments) parts.push(line === '#' && syntax.hashBracketAttributes ? '#(?!\\[)' : escape(line))
  // No `\b` before the prefix: a zero-width start costs the engine its first-character scan (the mask checks the character before).
  if (syntax.fStrings) parts.push(`[rR]?[fF][rR]?(?:"""|'''|"|')`)
  if (syntax.tripleQuotes) parts.push('"""', "'''")
  if (syntax.rust) parts.push('\\bb?r#*"', "\\bb'", "'")
  if (syntax.cppRaw) parts.push('\\bR"')
  if (syntax.verbatim) parts.push('@"')
  if (syntax.heredocs) parts.push('<<')
  if (syntax.templates) parts.push('`', '\\{', '\\}')
  if (syntax.regexLiterals) parts.push('/')
  if (syntax.percentLiterals) parts.push('%[wWiIqQrsx][^\\w\\s]')
  for (const quote of syntax.quotes) parts.push(escape(quote))
  return new RegExp(parts.join('|'), 'g')
}

function tableOf(syntax: LexicalSyntax): StarterTable {
  const pattern = patternOf(syntax)
  return {
    cursor(text) {
      // Its own copy of the pattern: the cursor's position is the pattern's `lastIndex`.
      const own = new RegExp(pattern)
      const cursor: StarterCursor = {
        at: -1,
        token: '',
        next(from) {
          own.lastIndex = from
          const match = own.exec(text)
          if (match === null) return false
          cursor.at = match.index
          cursor.token = match[0]
          return true
        },
      }
      return cursor
    },
  }
}

const tables = new WeakMap<LexicalSyntax, StarterTable>()

/** The {@link StarterTable} of a syntax (its pattern built once per syntax). */
export function startersOf(syntax: LexicalSyntax): StarterTable {
  let table = tables.get(syntax)
  if (!table) {
    table = tableOf(syntax)
    tables.set(syntax, table)
  }
  return table
}
