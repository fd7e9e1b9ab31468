import { lineStart, type LineIndex } from '../lines.js'

/** A fence that opens a fenced code block: three or more backticks or tildes. */
const FENCE = /^ {0,3}(`{3,}|~{3,})/
const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*\r?$/
const SETEXT = /^ {0,3}(=+|-+)[ \t]*\r?$/
const TABLE_ROW = /^\s*\|/
const LIST_OR_QUOTE = /^\s*(?:[-*+>]|\d+[.)])(?:\s|$)/

/** A heading line: its row (the text row for a setext heading), level and text. */
export interface Heading {
  readonly row: number
  /** Rows the heading takes: 1, or 2 for a setext heading. */
  readonly rows: number
  readonly level: number
  readonly title: string
}

/** Line classes the section splitter needs. */
export interface MarkdownLines {
  readonly headings: readonly Heading[]
  /** Per row: the row a fenced code block opened on that row closes on, else absent. */
  readonly fences: ReadonlyMap<number, number>
}

const lineText = (lines: LineIndex, row: number): string =>
  lines.text.slice(lineStart(lines, row), lineStart(lines, row + 1)).replace(/\n$/, '')

const isBlankLine = (line: string): boolean => line.trim() === ''

/**
 * Finds headings (ATX `#` and setext underlines) and fenced code blocks, ignoring anything inside
 * a fence, from row `first` on.
 */
export function scanMarkdown(lines: LineIndex, first: number, last: number): MarkdownLines {
  const headings: Heading[] = []
  const fences = new Map<number, number>()
  let row = first
  while (row <= last) {
    const line = lineText(lines, row)
    const fence = FENCE.exec(line)
    if (fence) {
      const marker = fence[1] as string
      const closing = new RegExp(`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \\t]*\\r?$`)
      let end = row + 1
      while (end <= last && !closing.test(lineText(lines, end))) end++
      fences.set(row, Math.min(end, last))
      row = end + 1
      continue
    }
    const atx = ATX.exec(line)
    if (atx) {
      headings.push({ row, rows: 1, level: (atx[1] as string).length, title: (atx[2] ?? '').trim() })
      row++
      continue
    }
    const next = row < last ? lineText(lines, row + 1) : ''
    const underline = SETEXT.exec(next)
    const plain = !isBlankLine(line) && !TABLE_ROW.test(line) && !LIST_OR_QUOTE.test(line) && !/^ {4}/.test(line)
    const previousBlank = row === first || isBlankLine(lineText(lines, row - 1))
    if (underline && plain && previousBlank) {
      headings.push({ row, rows: 2, level: (underline[1] as string)[0] === '=' ? 1 : 2, title: line.trim() })
      row += 2
      continue
    }
    row++
  }
  return { headings, fences }
}

/**
 * Cuts rows `first..last` of one section into blocks that are never split further unless one
 * alone is too large: paragraphs (with the blank lines after them), fenced code blocks and tables.
 * A heading joins the block after it; a code block or table joins the paragraph right above it (no
 * blank line between), so an introduction such as "Example:" stays with its code.
 */
export function markdownBlocks(
  lines: LineIndex,
  first: number,
  last: number,
  fences: ReadonlyMap<number, number>,
  startsWithHeading: boolean,
): { first: number; last: number }[] {
  const blocks: { first: number; last: number }[] = []
  let glue = startsWithHeading
  let blankAfter = false
  let row = first
  while (row <= last) {
    const line = lineText(lines, row)
    const fenceEnd = fences.get(row)
    let end = row
    if (fenceEnd !== undefined) end = Math.min(fenceEnd, last)
    else if (TABLE_ROW.test(line)) {
      while (end < last && TABLE_ROW.test(lineText(lines, end + 1))) end++
    } else if (!isBlankLine(line)) {
      while (end < last && !isBlankLine(lineText(lines, end + 1)) && !fences.has(end + 1) && !TABLE_ROW.test(lineText(lines, end + 1))) end++
    }
    const blank = fenceEnd === undefined && isBlankLine(line)
    const previous = blocks.at(-1)
    if (previous && (blank || glue || !blankAfter)) {
      previous.last = end
      if (!blank && row > first) glue = false
    } else blocks.push({ first: row, last: end })
    blankAfter = blank
    row = end + 1
  }
  return blocks
}
