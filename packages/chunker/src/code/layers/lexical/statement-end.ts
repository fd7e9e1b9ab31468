/** How far a statement's value is read for the `;` ending it. */
const MAX_VALUE = 4_000

/**
 * The offset of the `;` ending the statement whose value starts at `from` (at bracket depth 0),
 * in masked code of a language whose statements end with `;` (Java, C#, Rust), or -1 when a bracket
 * closes first or no `;` comes within 4,000 characters.
 */
export function statementEnd(masked: string, from: number): number {
  let depth = 0
  for (let i = from; i < Math.min(masked.length, from + MAX_VALUE); i++) {
    const c = masked[i]
    if (c === '(' || c === '[' || c === '{') depth++
    else if (c === ')' || c === ']' || c === '}') {
      if (--depth < 0) return -1
    } else if (c === ';' && depth === 0) return i
  }
  return -1
}
