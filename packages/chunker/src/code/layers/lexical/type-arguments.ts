import { isIdentifierCode } from './identifier-code.js'

/** The `<` that opens generic arguments closing at `close` (`>`), scanning back, or -1 when it is not such a `>`. */
export function openingAngle(masked: string, close: number): number {
  if (masked.charCodeAt(close - 1) === 61 || masked.charCodeAt(close - 1) === 45) return -1 // `=>`, `->`
  let depth = 0
  let braces = 0
  let lines = false
  const floor = Math.max(0, close - 300)
  for (let i = close; i >= floor; i--) {
    const c = masked.charCodeAt(i)
    if (c === 62) depth++
    else if (c === 60 && --depth === 0) return !lines || isMultilineTypeArguments(masked, i, close) ? i : -1
    else if (c === 125) braces++
    else if (c === 123) braces--
    else if (c === 10) lines = true
    // Object types inside generic arguments hold `;` and `(`: only outside braces do they end it.
    else if (braces === 0 && (c === 40 || c === 41 || c === 59)) return -1
  }
  return -1
}

/** What generic arguments over several lines hold: names, `.`, `,`, `|`, `&`, `[]`, `?`, object types, blanked strings. */
const TYPE_ARGUMENTS = /^<[\w$.,|&[\]?{}:;'"`\s<>]*>$/

/**
 * Whether `<...>` from `open` to `close`, spanning lines, are a call's generic arguments
 * (`useQuery<\n  Data,\n  Error\n>(`), not comparisons on two lines (`a<b &&\n c>(d)`): a name
 * stands right against the `<`, and between the brackets stand only what types are written with
 * (no `&&` or `||`).
 */
function isMultilineTypeArguments(masked: string, open: number, close: number): boolean {
  const written = masked.slice(open, close + 1)
  return open > 0 && isIdentifierCode(masked.charCodeAt(open - 1)) && TYPE_ARGUMENTS.test(written) && !written.includes('&&') && !written.includes('||')
}
