/**
 * A line that starts a generic call or construct signature: `<T>(x: T): R`, or a lone `<` opening
 * one whose type parameters span lines (hono's handler interfaces). Not `<<` or `<=`.
 */
const GENERIC_SIGNATURE_LINE = /^([ \t]*)[ \t]<(?![<=])/

/** What a member line may end with when no `;` or `,` ends it: a type, a name, a closing bracket or a string. */
const ENDS_MEMBER = /[\w$)\]}>'"`]\s*$/

/** TypeScript 5.0's type-only star export, which the grammar does not know: `export type * from './types'`. */
const TYPE_STAR_EXPORT = /^([ \t]*export[ \t]+)type([ \t]+\*[ \t]+(?:as[ \t]+[\w$]+[ \t]+)?from\b)/

/**
 * Rewrites, on or next to the rows where TypeScript's grammar found an error, the two misreadings
 * seen in real code, with the same length and line breaks (offsets stay the file's); the caller
 * keeps the repaired parse only when it has fewer errors.
 * - The grammar inserts no automatic `;` before a line that starts with `<`, so an interface or
 *   object type whose member has no `;` and is followed by a generic call signature
 *   (`get(path: string): void` then `<T>(h: T): void`) reads as one broken member, and everything
 *   after it in the file is lost. The `;` the author left out goes into the line's indentation.
 * - `export type * from './types'` reads as an error: `type` becomes spaces (`export * from`).
 */
export function typescriptRepair(text: string, errorRows: ReadonlySet<number>): string {
  const lines = text.split('\n')
  let changed = false
  for (const row of errorRows) {
    for (const at of [row, row + 1]) {
      const repaired = repairedLine(lines, at)
      if (repaired === undefined) continue
      lines[at] = repaired
      changed = true
    }
  }
  return changed ? lines.join('\n') : text
}

/** Line `row` rewritten, or `undefined` when neither misreading is there. */
function repairedLine(lines: readonly string[], row: number): string | undefined {
  const line = lines[row]
  if (line === undefined) return undefined
  const star = TYPE_STAR_EXPORT.exec(line)
  if (star) return `${star[1]}    ${line.slice((star[1] as string).length + 4)}`
  const opening = GENERIC_SIGNATURE_LINE.exec(line)
  if (!opening || row === 0) return undefined
  let previous = row - 1
  while (previous > 0 && (lines[previous] as string).trim() === '') previous--
  if (!ENDS_MEMBER.test(lines[previous] as string)) return undefined
  const at = (opening[1] as string).length
  return `${line.slice(0, at)};${line.slice(at + 1)}`
}
