import { lineStart, type LineIndex } from './lines.js'
import { safeCut } from './text-windows.js'

/** A half-open character range that is never cut further: a line, a statement, a block. */
export interface Unit {
  start: number
  end: number
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9
}

/**
 * Pushes rows `first..last` as one unit per line; a line longer than `maxChars` becomes pieces
 * cut after the last space or tab in the second half of each piece, else at `maxChars`.
 */
export function lineUnits(lines: LineIndex, first: number, last: number, maxChars: number, out: Unit[]): void {
  const { text } = lines
  for (let row = first; row <= last; row++) {
    let start = lineStart(lines, row)
    const end = lineStart(lines, row + 1)
    while (end - start > maxChars) {
      const limit = start + maxChars
      let cut = -1
      for (let i = limit; i > start + (maxChars >> 1); i--) {
        if (isSpace(text.charCodeAt(i - 1))) {
          cut = i
          break
        }
      }
      if (cut < 0) cut = safeCut(text, limit, start + 1)
      out.push({ start, end: cut })
      start = cut
    }
    if (end > start) out.push({ start, end })
  }
}

/**
 * Packs consecutive units into ranges of at most `maxChars` (every unit must already fit). The
 * ranges are balanced: a 2,100-character function becomes two halves, not 2,000 plus 100.
 */
export function packUnits(units: readonly Unit[], maxChars: number): Unit[] {
  const first = units[0]
  if (!first) return []
  const total = (units.at(-1) as Unit).end - first.start
  const pieces = Math.ceil(total / maxChars)
  const target = Math.min(maxChars, Math.ceil(total / pieces) + (maxChars >> 3))
  const out: Unit[] = []
  let current: Unit = { start: first.start, end: first.end }
  for (let i = 1; i < units.length; i++) {
    const unit = units[i] as Unit
    if (unit.end - current.start <= target) current.end = unit.end
    else {
      out.push(current)
      current = { start: unit.start, end: unit.end }
    }
  }
  out.push(current)
  return out
}
