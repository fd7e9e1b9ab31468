import { describe, expect, it } from 'vitest'
import { echoInput } from './echo-input.js'

describe('echoInput', () => {
  it('keeps short input, escaped onto one line', () => {
    expect(echoInput('find\nme\u001b')).toBe('find\\nme\\x1b')
  })

  it('cuts long input to its first 200 characters and says how long it was', () => {
    const shown = echoInput('q'.repeat(100_000))
    expect(shown).toBe(`${'q'.repeat(200)}… (100000 chars)`)
    expect(echoInput('abcdef', 3)).toBe('abc… (6 chars)')
  })
})
