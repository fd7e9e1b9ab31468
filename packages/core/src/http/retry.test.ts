import { describe, expect, it } from 'vitest'
import { abortableSleep, retryAfterMs, retryWithBackoff, type RetryAttempt } from './retry.js'
import { bodyExcerpt, describeEndpoint, redact } from './redact.js'

const POLICY = { timeoutMs: 1000, maxRetries: 2, retryDelayMs: 1, maxRetryDelayMs: 5 }
const ENDING = { cancelled: () => new Error('cancelled'), exhausted: (error: Error, attempts: number) => new Error(`${error.message} x${attempts}`) }

function script(outcomes: RetryAttempt<string, Error>[]): { attempt: () => Promise<RetryAttempt<string, Error>>; calls: () => number } {
  let calls = 0
  return { attempt: async () => outcomes[calls++]!, calls: () => calls }
}

describe('retryWithBackoff', () => {
  it('retries retryable failures and returns the value with the attempt count', async () => {
    const s = script([{ ok: false, error: new Error('503'), retryable: true }, { ok: false, error: new Error('429'), retryable: true, waitMs: 1 }, { ok: true, value: 'answer' }])
    expect(await retryWithBackoff(s.attempt, POLICY, new AbortController().signal, ENDING)).toEqual({ value: 'answer', attempts: 3 })
  })

  it('tells retrying() of each failed attempt and the wait before the next, never of the last', async () => {
    const heard: [string, number, number][] = []
    const s = script([{ ok: false, error: new Error('503'), retryable: true, waitMs: 3 }, { ok: false, error: new Error('429'), retryable: true, waitMs: 60_000 }, { ok: false, error: new Error('500'), retryable: true }])
    const ending = { ...ENDING, retrying: (error: Error, attempt: number, waitMs: number) => void heard.push([error.message, attempt, waitMs]) }
    await expect(retryWithBackoff(s.attempt, POLICY, new AbortController().signal, ending)).rejects.toThrow('500 x3')
    // The second wait is capped at maxRetryDelayMs.
    expect(heard).toEqual([['503', 1, 3], ['429', 2, 5]])
  })

  it('throws the first error as it is, and a later one through exhausted()', async () => {
    const first = script([{ ok: false, error: new Error('400'), retryable: false }])
    await expect(retryWithBackoff(first.attempt, POLICY, new AbortController().signal, ENDING)).rejects.toThrow(/^400$/)
    const later = script([{ ok: false, error: new Error('503'), retryable: true }, { ok: false, error: new Error('503'), retryable: true }, { ok: false, error: new Error('503'), retryable: true }, { ok: true, value: 'never' }])
    await expect(retryWithBackoff(later.attempt, POLICY, new AbortController().signal, ENDING)).rejects.toThrow('503 x3')
    expect(later.calls()).toBe(3)
  })

  it('stops with cancelled() when the signal aborts during a backoff', async () => {
    const controller = new AbortController()
    const s = script([{ ok: false, error: new Error('503'), retryable: true, waitMs: 60_000 }, { ok: true, value: 'late' }])
    const running = retryWithBackoff(s.attempt, { ...POLICY, maxRetryDelayMs: 60_000 }, controller.signal, ENDING)
    setTimeout(() => controller.abort(), 20)
    await expect(running).rejects.toThrow('cancelled')
    expect(s.calls()).toBe(1)
  })
})

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterMs('2')).toBe(2000)
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000)
    expect([retryAfterMs(null), retryAfterMs(''), retryAfterMs('-1'), retryAfterMs('soon')]).toEqual([undefined, undefined, undefined, undefined])
  })
})

describe('abortableSleep', () => {
  it('rejects with the abort reason', async () => {
    const controller = new AbortController()
    const sleeping = abortableSleep(60_000, controller.signal)
    controller.abort(new Error('stop'))
    await expect(sleeping).rejects.toThrow('stop')
  })
})

describe('redact', () => {
  it('removes the secret and runs of six of its characters, and keeps URLs free of credentials', () => {
    expect(redact('key sk-abcdef123456 and sk-abc1****3456', 'sk-abcdef123456')).toBe('key [redacted] and [redacted]1****3456')
    expect(redact('masked: sk-abcd****', 'sk-abcdef123456')).toBe('masked: [redacted]d****')
    expect(describeEndpoint(new URL('https://user:pw@api.example.com/v1/embeddings?key=x#f'))).toBe('https://api.example.com/v1/embeddings')
    expect(bodyExcerpt('a\n b   c d', undefined, 5)).toBe('a ...')
  })
})
