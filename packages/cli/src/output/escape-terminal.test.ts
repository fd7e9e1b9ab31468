import { describe, expect, it } from 'vitest'
import { escapeTerminal } from './escape-terminal.js'

describe('escapeTerminal', () => {
  it('shows control characters, C1 controls and bidi overrides as escapes and keeps tab', () => {
    expect(escapeTerminal('a\u001b[2Jb\tc\r\u009b\u202e\u2028\u0000')).toBe('a\\x1b[2Jb\tc\\r\\x9b\\u202e\\u2028\\0')
  })

  it('keeps line feeds only when asked', () => {
    expect(escapeTerminal('one\ntwo')).toBe('one\\ntwo')
    expect(escapeTerminal('one\ntwo\u0007', { keepLineFeeds: true })).toBe('one\ntwo\\x07')
  })

  it('leaves ordinary text, Unicode included, unchanged', () => {
    const text = 'export const π = "naïve 日本 🎉" // ok'
    expect(escapeTerminal(text)).toBe(text)
  })
})
