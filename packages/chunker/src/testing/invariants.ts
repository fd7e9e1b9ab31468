import type { Chunk } from '@rag/core'
import { expect } from 'vitest'

/** A function giving the 1-based line of an offset, computed independently of the chunker. */
function lineFinder(text: string): (offset: number) => number {
  const breaks: number[] = []
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) breaks.push(i)
  return (offset) => {
    let lo = 0
    let hi = breaks.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if ((breaks[mid] as number) < offset) lo = mid + 1
      else hi = mid
    }
    return lo + 1
  }
}

/**
 * The invariants of code and markdown chunks: contents joined in order are the file; chunks are
 * contiguous, each within `maxChars`, with correct 1-based inclusive line numbers; a line is in
 * two chunks only when it alone is longer than `maxChars`; `chunkIndex` counts up; ids are unique.
 */
export function expectExactCover(content: string, chunks: readonly Chunk[], maxChars: number): void {
  const lineOf = lineFinder(content)
  expect(chunks.map((c) => c.content).join('')).toBe(content)
  expect(new Set(chunks.map((c) => c.id)).size).toBe(chunks.length)
  let offset = 0
  let previousEnd = 0
  for (const [index, chunk] of chunks.entries()) {
    const { metadata } = chunk
    expect(chunk.content.length).toBeGreaterThan(0)
    expect(chunk.content.length).toBeLessThanOrEqual(maxChars)
    expect(metadata.chunkIndex).toBe(index)
    const startLine = lineOf(offset)
    const endLine = lineOf(offset + chunk.content.length - 1)
    expect([metadata.startLine, metadata.endLine]).toEqual([startLine, endLine])
    const midLine = offset > 0 && content[offset - 1] !== '\n'
    if (midLine) {
      // Only a line longer than the limit is shared between chunks.
      const lineStart = content.lastIndexOf('\n', offset - 1) + 1
      const lineEnd = content.indexOf('\n', offset)
      expect((lineEnd === -1 ? content.length : lineEnd + 1) - lineStart).toBeGreaterThan(maxChars)
      expect(startLine).toBe(previousEnd)
    } else if (index > 0) expect(startLine).toBe(previousEnd + 1)
    previousEnd = endLine
    offset += chunk.content.length
  }
}

/**
 * The invariants of text windows: each starts with `overlap` characters of the previous one, so the
 * contents without their overlap, joined, are the file; every window fits `maxChars`.
 */
export function expectWindowCover(content: string, chunks: readonly Chunk[], maxChars: number): void {
  const lineOf = lineFinder(content)
  let covered = 0
  for (const [index, chunk] of chunks.entries()) {
    const overlap = chunk.metadata['overlap']
    expect(typeof overlap).toBe('number')
    expect(chunk.content.length).toBeLessThanOrEqual(maxChars)
    expect(chunk.content.length).toBeGreaterThan(overlap as number)
    expect(chunk.metadata.chunkIndex).toBe(index)
    const start = covered - (overlap as number)
    expect(start).toBeGreaterThanOrEqual(0)
    expect(content.startsWith(chunk.content, start)).toBe(true)
    expect(chunk.metadata.startLine).toBe(lineOf(start))
    expect(chunk.metadata.endLine).toBe(lineOf(start + chunk.content.length - 1))
    covered = start + chunk.content.length
  }
  expect(covered).toBe(content.length)
}
