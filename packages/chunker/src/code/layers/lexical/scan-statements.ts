/** Where a statement ends, from its start in masked text. */
export type StatementEnd = 'line' | 'python' | 'semicolon'

/** `true` when only spaces and tabs stand between the start of `at`'s line and `at`. */
function startsLine(text: string, at: number): boolean {
  for (let p = at - 1; p >= 0; p--) {
    const c = text.charCodeAt(p)
    if (c === 10) return true
    if (c !== 32 && c !== 9) return false
  }
  return true
}

/**
 * Statements of masked text (comments and strings blanked) whose first words `start` matches (a
 * global pattern, not anchored: a match counts where only blanks precede it on its line, which
 * is several times faster than a multiline `^[ \t]*` pattern; its `lastIndex` is reset), each
 * with the offset where it ends: at the end of its line (`line`), at a line break outside
 * brackets and not after a backslash (`python`), or after the next `;` outside brackets (`semicolon`).
 */
export function scanStatements(masked: string, start: RegExp, end: StatementEnd): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = []
  start.lastIndex = 0
  for (let match = start.exec(masked); match !== null; match = start.exec(masked)) {
    if (!startsLine(masked, match.index)) {
      if (start.lastIndex <= match.index) start.lastIndex = match.index + 1
      continue
    }
    const from = match.index
    let depth = 0
    let i = from
    for (; i < masked.length; i++) {
      const c = masked.charCodeAt(i)
      if (c === 40 || c === 91 || c === 123) depth++
      else if (c === 41 || c === 93 || c === 125) depth = Math.max(0, depth - 1)
      else if (c === 10) {
        if (end === 'line') break
        if (end === 'python' && depth === 0 && masked.charCodeAt(i - 1) !== 92 && !(masked.charCodeAt(i - 1) === 13 && masked.charCodeAt(i - 2) === 92)) break
      } else if (c === 59 && depth === 0 && end !== 'line') {
        i += end === 'semicolon' ? 1 : 0
        break
      }
    }
    out.push({ start: from, end: i })
    if (start.lastIndex <= match.index) start.lastIndex = match.index + 1
  }
  return out
}
