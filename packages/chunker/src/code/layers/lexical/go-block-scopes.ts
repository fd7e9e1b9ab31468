import { BlockBraces } from './block-braces.js'
import type { TypedDeclaration } from './typed-declarations.js'

/**
 * The start of a Go statement whose header declares names for its block and its `else` branches
 * only: `if v, ok := m[k]; ok {`, `for _, x := range xs {`, `switch t := v.(type) {`,
 * `} else if err := f(); err != nil {`.
 */
const HEADER = /^[ \t]*(?:\}[ \t]*else[ \t]+)?(?:if|for|switch)\b/
/** What may follow a block's `}` to continue its `if` statement: `else {`, `else if ... {`. */
const ELSE = /^[ \t]*else\b/

/** Whether `offset` is in the header of an `if`, `for` or `switch` statement (the text from the statement's start to it). */
function inHeader(masked: string, offset: number): boolean {
  const from = Math.max(masked.lastIndexOf('\n', offset - 1), masked.lastIndexOf(';', offset - 1), masked.lastIndexOf('{', offset - 1))
  return HEADER.test(masked.slice(from + 1, offset))
}

/**
 * The end of the statement whose header holds `offset`: the `}` of its body (the first `{` after
 * it outside brackets that opens a block, not a composite literal's, which gofmt writes without a
 * space before it) or of its last `else` branch; -1 when the header does not end on its line.
 */
function headerScopeEnd(masked: string, offset: number, braces: BlockBraces): number {
  // Brackets, and braces of literals and closures, open in the header.
  let depth = 0
  for (let i = offset; i < masked.length; i++) {
    const c = masked.charCodeAt(i)
    if (c === 10) return -1
    if (c === 40 || c === 91) depth++
    else if (c === 41 || c === 93) depth--
    else if (c === 125) {
      if (depth === 0) return -1
      depth--
    } else if (c === 123) {
      const before = masked.charCodeAt(i - 1)
      if (depth > 0 || (before !== 32 && before !== 9)) {
        depth++
        continue
      }
      let end = braces.closeOf(i)
      // `} else {`, `} else if x := g(); x {`: the header's names are in scope there too.
      while (end >= 0 && ELSE.test(masked.slice(end + 1, end + 12))) {
        const next = masked.indexOf('{', end + 1)
        const branch = next < 0 ? -1 : braces.closeOf(next)
        if (branch < 0) break
        end = branch
      }
      return end
    }
  }
  return -1
}

/**
 * Gives each local declaration of Go code (a short declaration, a `var` inside a function) the end
 * of its scope: the `}` of the block it is declared in, or, for names an `if`/`for`/`switch` header
 * declares, of that statement (`else` branches included). A package-level declaration, and one
 * already scoped (a parameter), stays as it is.
 */
export function scopeGoBlocks(masked: string, declarations: readonly TypedDeclaration[]): TypedDeclaration[] {
  const braces = new BlockBraces(masked)
  return declarations.map((declaration) => {
    if (declaration.until !== undefined) return declaration
    const header = inHeader(masked, declaration.offset) ? headerScopeEnd(masked, declaration.offset, braces) : -1
    const until = header >= 0 ? header : braces.enclosingEnd(declaration.offset)
    return until < 0 ? declaration : { ...declaration, until }
  })
}
