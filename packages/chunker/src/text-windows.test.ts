import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { indexLines } from './lines.js'
import { textWindows } from './text-windows.js'

function windows(text: string, maxChars = 2000, overlapChars = 200) {
  return textWindows(indexLines(text), { maxChars, overlapChars }).map((s) => ({
    content: text.slice(s.start, s.end),
    overlap: s.extra?.['overlap'] as number,
  }))
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

function stitch(parts: { content: string; overlap: number }[]): string {
  return parts.map((p) => p.content.slice(p.overlap)).join('')
}

describe('textWindows', () => {
  it('returns nothing for an empty text', () => {
    expect(windows('')).toEqual([])
  })

  it('keeps a short text in one window', () => {
    expect(windows('a\nb\n')).toEqual([{ content: 'a\nb\n', overlap: 0 }])
  })

  it('cuts on line boundaries and repeats whole trailing lines up to the overlap', () => {
    const text = Array.from({ length: 10 }, (_, i) => `line ${i}\n`).join('')
    const parts = windows(text, 30, 14)
    for (const p of parts) expect(p.content.length).toBeLessThanOrEqual(30)
    for (const p of parts) expect(p.content.endsWith('\n') || p === parts.at(-1)).toBe(true)
    expect(parts[1]?.overlap).toBe(14)
    expect(stitch(parts)).toBe(text)
  })

  it('prefers a blank line in the second half of a window', () => {
    const text = 'aaaa\nbbbb\n\ncccc\ndddd\neeee\n'
    expect(windows(text, 20, 0).map((p) => p.content)).toEqual(['aaaa\nbbbb\n\n', 'cccc\ndddd\neeee\n'])
  })

  it('splits a line longer than the window after a space', () => {
    const text = 'word '.repeat(100)
    const parts = windows(text, 64, 16)
    for (const p of parts) expect(p.content.length).toBeLessThanOrEqual(64)
    expect(parts[0]?.content.endsWith(' ')).toBe(true)
    expect(stitch(parts)).toBe(text)
  })

  it('never splits a surrogate pair or a CRLF pair', () => {
    const text = '😀'.repeat(100) + '\r\n' + 'x\r\n'.repeat(40)
    const parts = windows(text, 33, 8)
    for (const p of parts) {
      expect(p.content.length).toBeLessThanOrEqual(33)
      expect(LONE_SURROGATE.test(p.content)).toBe(false)
      expect(p.content.startsWith('\n')).toBe(false)
    }
    expect(stitch(parts)).toBe(text)
  })

  it('never repeats more than the overlap when its start would split a surrogate pair', () => {
    // fast-check's counterexample (seed 206332629): the overlap start fell inside 😀 and moved back.
    const parts = windows('wordawordword😀😀', 16, 1)
    expect(stitch(parts)).toBe('wordawordword😀😀')
    for (const p of parts) expect(p.overlap).toBeLessThanOrEqual(1)
  })

  it('covers any text in order within the size limit', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', ' ', '\n', '\r\n', 'é', '😀', 'word'), maxLength: 400 }),
        fc.integer({ min: 16, max: 120 }),
        fc.integer({ min: 0, max: 8 }),
        (text, maxChars, overlap) => {
          const parts = windows(text, maxChars, overlap)
          expect(stitch(parts)).toBe(text)
          for (const p of parts) {
            expect(p.content.length).toBeLessThanOrEqual(maxChars)
            expect(p.overlap).toBeLessThanOrEqual(overlap)
            expect(p.content.length).toBeGreaterThan(p.overlap)
          }
        },
      ),
    )
  })
})
