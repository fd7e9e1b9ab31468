import type { TypedDeclaration } from './typed-declarations.js'

/**
 * The start of a Go statement whose header declares names for its block and its `else` branches
 * only: `if v, ok := m[k]; ok {`, `for _, x := range xs {`, `switch t := v.(type) {`,
 * `} else if err := f(); err != nil {`.
 */
const HEADER = /^[ \t]*(?:\}[ \t]*else[ \t]+)?(?:if|for|switch)\b/
/** What may follow a block's `}` to continue its `if` statement: `else {`, `else if ... {`. */
const ELSE = /^[ \t]*else\b/

/**
 * The brace structure of masked Go code: for each `{`, the offset of its `}` (-1 when unclosed),
 * and for any offset, the innermost `{` open there.
 */
class Braces {
  /** Offsets of the `{`s, in order. */
  readonly #opens: number[] = []
  /** Offset of each one's `}`, -1 when unclosed. */
  readonly #closes: number[] = []
  /** Index of the block each one is nested in, -1 at the top. */
  readonly #parents: number[] = []

  constructor(masked: string) {
    const stack: number[] = []
    for (let i = 0; i < masked.length; i++) {
      const c = masked.charCodeAt(i)
      if (c === 123) {
        this.#parents.push(stack.at(-1) ?? -1)
        stack.push(this.#opens.length)
        this.#opens.push(i)
        this.#closes.push(-1)
      } else if (c === 125) {
        const open = stack.pop()
        if (open !== undefined) this.#closes[open] = i
      }
    }
  }

  /** The index of the last `{` before `offset`, -1 when there is none. */
  #lastBefore(offset: number): number {
    let low = 0
    let high = this.#opens.length - 1
    let last = -1
    while (low <= high) {
      const mid = (low + high) >> 1
      if ((this.#opens[mid] as number) < offset) {
        last = mid
        low = mid + 1
      } else high = mid - 1
    }
    return last
  }

  /** The `}` of the innermost block open at `offset` (-1: none, or unclosed). */
  enclosingEnd(offset: number): number {
    // From the last `{` before it, out through the blocks around that one, to the first still open at `offset`.
    for (let i = this.#lastBefore(offset); i >= 0; i = this.#parents[i] as number) {
      const close = this.#closes[i] as number
      if (close < 0 || close > offset) return close
    }
    return -1
  }

  /** The `}` of the block opened at `open` (-1: unclosed, or no `{` there). */
  closeOf(open: number): number {
    const at = this.#lastBefore(open + 1)
    return at >= 0 && this.#opens[at] === open ? (this.#closes[at] as number) : -1
  }
}

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
function headerScopeEnd(masked: string, offset: number, braces: Braces): number {
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
  const braces = new Braces(masked)
  return declarations.map((declaration) => {
    if (declaration.until !== undefined) return declaration
    const header = inHeader(masked, declaration.offset) ? headerScopeEnd(masked, declaration.offset, braces) : -1
    const until = header >= 0 ? header : braces.enclosingEnd(declaration.offset)
    return until < 0 ? declaration : { ...declaration, until }
  })
}
