/**
 * Line geometry of one file: where each line starts, so chunk boundaries can be expressed as
 * character offsets and turned back into 1-based line numbers.
 *
 * A line is everything up to and including its `\n` (a `\r\n` pair stays inside its line); the
 * text after the last `\n`, if any, is the last line. An empty file has no lines.
 */
export interface LineIndex {
  /** The whole text. */
  readonly text: string
  /** Offset where each line starts; `starts.length` is the line count. */
  readonly starts: readonly number[]
  /**
   * The file's own text when {@link text} is what its grammar parsed instead (a component's
   * scripts with the markup blanked): same length and line breaks.
   */
  readonly original?: string
}

/** Builds the {@link LineIndex} of a text in one pass. */
export function indexLines(text: string): LineIndex {
  const starts: number[] = []
  if (text.length > 0) starts.push(0)
  let at = text.indexOf('\n')
  while (at !== -1) {
    if (at + 1 < text.length) starts.push(at + 1)
    at = text.indexOf('\n', at + 1)
  }
  return { text, starts }
}

/** Number of lines in the index. */
export function lineCount(index: LineIndex): number {
  return index.starts.length
}

/** Offset where 0-based line `row` starts; `lineCount` maps to the end of the text. */
export function lineStart(index: LineIndex, row: number): number {
  return row >= index.starts.length ? index.text.length : (index.starts[row] as number)
}

/** Offset just past 0-based line `row`, its terminator included. */
export function lineEnd(index: LineIndex, row: number): number {
  return lineStart(index, row + 1)
}

/** The 0-based line that holds offset `offset` (the last line for the end of the text). */
export function rowAt(index: LineIndex, offset: number): number {
  const { starts } = index
  let lo = 0
  let hi = starts.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1
    if ((starts[mid] as number) <= offset) lo = mid
    else hi = mid - 1
  }
  return lo
}
