import { describe, expect, it } from 'vitest'
import { memoizeString } from './string-memo.js'

describe('memoizeString', () => {
  it('computes each argument once while it is remembered', () => {
    const calls: string[] = []
    const upper = memoizeString((s) => {
      calls.push(s)
      return s.toUpperCase()
    })
    expect([upper('a'), upper('b'), upper('a'), upper('b')]).toEqual(['A', 'B', 'A', 'B'])
    expect(calls).toEqual(['a', 'b'])
  })

  it('forgets everything when full, and still answers right', () => {
    const calls: string[] = []
    const length = memoizeString((s) => {
      calls.push(s)
      return s.length
    }, 2)
    expect([length('a'), length('bb'), length('ccc'), length('a'), length('ccc')]).toEqual([1, 2, 3, 1, 3])
    // 'ccc' found the memory full and started a new one; 'a' was computed again, 'ccc' was not.
    expect(calls).toEqual(['a', 'bb', 'ccc', 'a'])
  })
})
