import { describe, expect, it } from 'vitest'
import { createRateLimiter } from './rate-limiter.js'

describe('createRateLimiter', () => {
  it('allows max requests per client and window, then says how long to wait', () => {
    const limiter = createRateLimiter({ max: 3, windowMs: 1000 })
    expect([limiter.hit('a', 0), limiter.hit('a', 100), limiter.hit('a', 200)]).toEqual([0, 0, 0])
    expect(limiter.hit('a', 250)).toBe(750)
    expect(limiter.hit('a', 999)).toBe(1)
    // Another client has its own count.
    expect(limiter.hit('b', 300)).toBe(0)
  })

  it('starts a fresh window once the last one ended', () => {
    const limiter = createRateLimiter({ max: 1, windowMs: 1000 })
    expect(limiter.hit('a', 0)).toBe(0)
    expect(limiter.hit('a', 500)).toBe(500)
    expect(limiter.hit('a', 1000)).toBe(0)
    expect(limiter.hit('a', 1001)).toBe(999)
    expect(limiter.hit('a', 5000)).toBe(0)
  })

  it('refuses new clients beyond maxClients until the window ends, and keeps serving known ones', () => {
    const limiter = createRateLimiter({ max: 10, windowMs: 1000, maxClients: 2 })
    expect(limiter.hit('a', 0)).toBe(0)
    expect(limiter.hit('b', 0)).toBe(0)
    expect(limiter.hit('c', 100)).toBe(900)
    expect(limiter.hit('a', 100)).toBe(0)
    expect(limiter.hit('c', 1000)).toBe(0)
  })
})
