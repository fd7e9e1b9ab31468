import { lineCount, lineStart, rowAt, type LineIndex } from './lines.js'
import { plainSegment, type Segment } from './segment.js'

/** Sizes of a window run. */
export interface WindowSizes {
  readonly maxChars: number
  readonly overlapChars: number
}

function isBlank(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i)
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13) return false
  }
  return true
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9
}

/**
 * Moves a cut off the middle of a surrogate pair or a `\r\n` pair: one character back when that
 * stays at or above `lowest`, else one forward.
 */
export function safeCut(text: string, at: number, lowest: number): number {
  if (at <= 0 || at >= text.length) return at
  const before = text.charCodeAt(at - 1)
  const after = text.charCodeAt(at)
  const splitsPair = (before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff) || (before === 13 && after === 10)
  if (!splitsPair) return at
  return at - 1 >= lowest ? at - 1 : at + 1
}

/**
 * Where a window that starts at `from` and may not end before `minEnd` ends: the last blank-line
 * boundary in its second half (so later windows re-align after an edit), else the last line
 * boundary, else (one line longer than the window) after the last space in its second half, else
 * exactly at `maxChars`.
 */
function windowEnd(lines: LineIndex, from: number, minEnd: number, maxChars: number): number {
  const { text } = lines
  const limit = from + maxChars
  if (limit >= text.length) return text.length
  const half = Math.max(minEnd, from + (maxChars >> 1))
  const row = rowAt(lines, limit)
  const boundary = lineStart(lines, row)
  if (boundary >= minEnd && boundary > from) {
    for (let r = row; r > 0 && lineStart(lines, r) >= half; r--) {
      if (isBlank(text, lineStart(lines, r - 1), lineStart(lines, r))) return lineStart(lines, r)
    }
    return boundary
  }
  for (let i = limit; i > half; i--) {
    if (isSpace(text.charCodeAt(i - 1))) return i
  }
  return safeCut(text, limit, minEnd)
}

/** Where the next window starts so that it repeats at most `overlapChars` of the previous one. */
function overlapStart(lines: LineIndex, from: number, end: number, overlapChars: number): number {
  if (overlapChars === 0) return end
  const { text } = lines
  const endsLine = end === text.length || text.charCodeAt(end - 1) === 10
  if (endsLine) {
    let start = end
    for (let r = rowAt(lines, end - 1); r >= 0; r--) {
      const s = lineStart(lines, r)
      if (s <= from || end - s > overlapChars) break
      start = s
    }
    return start
  }
  const lowest = Math.max(from + 1, end - overlapChars)
  for (let i = lowest; i < end; i++) {
    if (isSpace(text.charCodeAt(i - 1))) return i
  }
  // Off the middle of a pair forward, never back: one character back would repeat more than
  // `overlapChars`.
  const start = safeCut(text, lowest, lowest)
  return start >= end ? end : start
}

/**
 * Cuts a text into windows of at most `maxChars` characters on line boundaries (inside a line only
 * when that line alone is longer), each repeating up to `overlapChars` characters of the previous
 * window. Every segment carries `overlap`: how many of its leading characters repeat the previous
 * window, so `content.slice(overlap)` of all windows, joined, is the text again.
 */
export function textWindows(lines: LineIndex, sizes: WindowSizes, kind = 'text'): Segment[] {
  const { text } = lines
  const segments: Segment[] = []
  if (lineCount(lines) === 0) return segments
  let from = 0
  let prevEnd = 0
  while (prevEnd < text.length) {
    const end = windowEnd(lines, from, prevEnd + 1, sizes.maxChars)
    segments.push(plainSegment(from, end, kind, { overlap: prevEnd - from }))
    prevEnd = end
    if (end >= text.length) break
    from = overlapStart(lines, from, end, sizes.overlapChars)
  }
  return segments
}
