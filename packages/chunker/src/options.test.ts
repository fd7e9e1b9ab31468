import { InvalidArgumentError } from '@rag/core'
import { describe, expect, it } from 'vitest'
import { chunkerId } from './chunker-id.js'
import { DEFAULT_CHUNKER_OPTIONS, resolveChunkerOptions } from './options.js'

describe('resolveChunkerOptions', () => {
  it('applies the seed defaults', () => {
    expect(resolveChunkerOptions()).toEqual({ maxChars: 2000, minChars: 150, overlapChars: 200, maxParseChars: 4 * 1024 * 1024 })
  })

  it('scales the default minimum and overlap down for small chunks', () => {
    expect(resolveChunkerOptions({ maxChars: 400 })).toMatchObject({ minChars: 100, overlapChars: 40 })
  })

  it('rejects sizes out of range with a message naming the option', () => {
    expect(() => resolveChunkerOptions({ maxChars: 0 })).toThrow(InvalidArgumentError)
    expect(() => resolveChunkerOptions({ maxChars: 1.5 })).toThrow(/maxChars must be an integer/)
    expect(() => resolveChunkerOptions({ maxChars: 100, minChars: 200 })).toThrow(/minChars must not exceed maxChars \(100\); received 200/)
    expect(() => resolveChunkerOptions({ maxChars: 100, overlapChars: 60 })).toThrow(/overlapChars must be at most half/)
  })
})

describe('chunkerId', () => {
  it('names the rules version, every option and the grammars version', () => {
    expect(chunkerId(DEFAULT_CHUNKER_OPTIONS)).toMatch(/^normalized@7\{max:2000,min:150,overlap:200,parse:4194304;grammars:\d+\.\d+\.\d+\+kotlin-1\.1\.0\+swift-0\.1\.17\+dart-0\.1\.17\}$/)
    expect(chunkerId(resolveChunkerOptions({ maxChars: 1000 }))).not.toBe(chunkerId(DEFAULT_CHUNKER_OPTIONS))
  })
})
