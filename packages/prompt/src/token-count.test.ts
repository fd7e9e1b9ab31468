import { InvalidArgumentError, RagError } from '@rag/core'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkedCounter, estimateTokens } from './token-count.js'

describe('estimateTokens', () => {
  it('counts one token per three ASCII characters, rounded up', () => {
    expect(estimateTokens('')).toBe(0)
    expect(estimateTokens('a')).toBe(1)
    expect(estimateTokens('abc')).toBe(1)
    expect(estimateTokens('abcd')).toBe(2)
    expect(estimateTokens('const x = 1')).toBe(4)
  })

  it('counts one token per other character of the Basic Multilingual Plane', () => {
    expect(estimateTokens('日本語')).toBe(3)
    expect(estimateTokens('Привет')).toBe(6)
  })

  it('counts two tokens per character above U+FFFF and one per lone surrogate', () => {
    expect(estimateTokens('🚀')).toBe(2)
    expect(estimateTokens('\uD800')).toBe(1)
    expect(estimateTokens('\uD800x')).toBe(2)
    expect(estimateTokens('\uDC00\uD83D\uDE80')).toBe(3)
  })

  it('never counts a prefix higher than the whole text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.nat(), (text, cut) => {
        expect(estimateTokens(text.slice(0, cut))).toBeLessThanOrEqual(estimateTokens(text))
      }),
    )
  })
})

describe('checkedCounter', () => {
  it('passes a valid count through', () => {
    expect(checkedCounter((text) => text.length)('abcd')).toBe(4)
  })

  it('rejects a count that is not a finite number of at least 0', () => {
    for (const bad of [Number.NaN, -1, Number.POSITIVE_INFINITY]) {
      expect(() => checkedCounter(() => bad)('x')).toThrow(InvalidArgumentError)
    }
    expect(() => checkedCounter(() => '3' as unknown as number)('x')).toThrow(/received a value of type string/)
  })

  it('wraps a throwing counter in a RagError that keeps the cause', () => {
    const cause = new Error('special token')
    let thrown: unknown
    try {
      checkedCounter(() => {
        throw cause
      })('abc')
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(RagError)
    expect((thrown as RagError).code).toBe('INTERNAL')
    expect((thrown as RagError).cause).toBe(cause)
    expect((thrown as RagError).message).toBe('countTokens threw while counting a text of 3 characters.')
  })
})
