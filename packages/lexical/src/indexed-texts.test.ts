import { describe, expect, it } from 'vitest'
import { contentText, pathAndSymbolText, symbolNames } from './indexed-texts.js'

const chunk = {
  id: 'src/auth.ts#AuthService.verify@1',
  content: 'verify(token) {\n  return check(token)\n}',
  metadata: { file: 'src/auth.ts', qname: 'AuthService.verify', symbol: 'verify', symbols: 'verify, AuthService.verify, refresh' },
}

describe('indexed text', () => {
  it('contentText is the content alone', () => {
    expect(contentText.text(chunk)).toBe(chunk.content)
  })

  it('symbolNames lists qname (else symbol) and merged symbols once each', () => {
    expect(symbolNames(chunk)).toBe('AuthService.verify verify refresh')
    expect(symbolNames({ ...chunk, metadata: { symbol: 'f' } })).toBe('f')
    expect(symbolNames({ ...chunk, metadata: {} })).toBe('')
  })

  it('pathAndSymbolText puts the path and the names on lines before the content', () => {
    expect(pathAndSymbolText.text(chunk)).toBe(`src/auth.ts\nAuthService.verify verify refresh\n${chunk.content}`)
    expect(pathAndSymbolText.text({ ...chunk, metadata: {} })).toBe(chunk.content)
    expect(pathAndSymbolText.text({ ...chunk, metadata: { file: 'a.md' } })).toBe(`a.md\n${chunk.content}`)
  })
})
