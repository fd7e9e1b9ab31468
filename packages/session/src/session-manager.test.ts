import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ConfigError, InvalidArgumentError, LimitExceededError } from '@rag/core'
import { RagService } from './rag-service.js'
import { SessionManager, type SessionEndReason } from './session-manager.js'
import { createTempRepo, SAMPLE_FILES, type TempRepo } from './testing/temp-repo.js'

describe('SessionManager', () => {
  let repo: TempRepo
  let clock: number
  const now = (): number => clock
  beforeEach(async () => {
    repo = await createTempRepo(SAMPLE_FILES)
    clock = 1_000_000
  })
  afterEach(async () => {
    await repo.dispose()
  })

  it('creates a session lazily and returns the same service for the same id', () => {
    const sessions = new SessionManager({ now })
    expect(sessions.has('a')).toBe(false)
    const a = sessions.getRag('a')
    expect(a).toBeInstanceOf(RagService)
    expect(sessions.getRag('a')).toBe(a)
    expect(sessions.getRag('b')).not.toBe(a)
    expect(sessions.sessionIds).toEqual(['a', 'b'])
    expect(() => sessions.getRag('')).toThrow(InvalidArgumentError)
  })

  it('removing a session clears it and forgets it', async () => {
    const sessions = new SessionManager({ now })
    const rag = sessions.getRag('s')
    await rag.indexDirectory(repo.root)
    expect(await sessions.removeSession('s')).toBe(true)
    expect(await rag.getStatus()).toMatchObject({ fileCount: 0, documentCount: 0 })
    expect(sessions.has('s')).toBe(false)
    expect(await sessions.removeSession('s')).toBe(false)
    expect(sessions.getRag('s')).not.toBe(rag)
  })

  it('evicts sessions idle for idleTimeoutMs on the next use, and clears them', async () => {
    const evicted: [string, SessionEndReason][] = []
    const sessions = new SessionManager({
      now,
      idleTimeoutMs: 60_000,
      onEvict: async (id, service, reason) => {
        evicted.push([id, reason])
        await service.clear()
      },
    })
    const old = sessions.getRag('old')
    await old.indexDirectory(repo.root)
    clock += 30_000
    sessions.getRag('fresh')
    clock += 30_000
    expect(sessions.getRag('fresh')).toBeDefined()
    expect(evicted).toEqual([['old', 'idle']])
    expect(sessions.sessionIds).toEqual(['fresh'])
    await new Promise((resolve) => setImmediate(resolve))
    expect((await old.getStatus()).fileCount).toBe(0)

    clock += 59_999
    expect(sessions.evictIdle()).toEqual([])
    clock += 1
    expect(sessions.evictIdle()).toEqual(['fresh'])
  })

  it('never evicts a session while it indexes', async () => {
    const sessions = new SessionManager({ now, idleTimeoutMs: 10 })
    const busy = sessions.getRag('busy')
    const run = busy.indexDirectory(repo.root)
    clock += 1_000
    expect(sessions.evictIdle()).toEqual([])
    await run
    expect(sessions.evictIdle()).toEqual(['busy'])
  })

  it('when full, refuses a new session instead of evicting a live one, and makes room only from sessions idle past idleTimeoutMs', async () => {
    const evicted: string[] = []
    const sessions = new SessionManager({ now, maxSessions: 2, idleTimeoutMs: 60_000, onEvict: (id) => void evicted.push(id) })
    const alice = sessions.getRag('alice')
    await alice.addDocument('alice keeps her notes here')
    clock++
    sessions.getRag('b')
    clock++
    let error: unknown
    try {
      sessions.getRag('mallory')
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(LimitExceededError)
    expect(error).toMatchObject({ limit: 'maxSessions', max: 2, actual: 3 })
    expect((error as Error).message).toBe(
      'Session "mallory" cannot start: all 2 sessions (maxSessions) are live; a session is evicted only after 1 min idle (idleTimeoutMs), and none is. Retry later, or remove a session you own.',
    )
    expect(evicted).toEqual([])
    expect(sessions.sessionIds).toEqual(['alice', 'b'])
    expect(sessions.getRag('alice')).toBe(alice)
    expect((await alice.getStatus()).documentCount).toBe(1)
    // Known sessions are still handed out when full.
    expect(sessions.getRag('b')).toBeInstanceOf(RagService)
    // Once alice has been idle past the timeout, she makes room (b was used just now).
    clock += 59_999
    sessions.getRag('b')
    clock += 1
    expect(sessions.getRag('mallory')).toBeInstanceOf(RagService)
    expect(evicted).toEqual(['alice'])
    expect(sessions.sessionIds).toEqual(['b', 'mallory'])
  })

  it('with whenFull evict-least-recent (sessions over a shared database), evicts the least recently used session that is not indexing', () => {
    const evicted: [string, SessionEndReason][] = []
    const sessions = new SessionManager({ now, maxSessions: 2, whenFull: 'evict-least-recent', onEvict: (id, _s, reason) => void evicted.push([id, reason]) })
    sessions.getRag('a')
    clock++
    sessions.getRag('b')
    clock++
    sessions.getRag('a')
    clock++
    sessions.getRag('c')
    expect(evicted).toEqual([['b', 'capacity']])
    expect(sessions.sessionIds).toEqual(['a', 'c'])
    expect(() => new SessionManager({ whenFull: 'drop' as 'refuse' })).toThrow(ConfigError)
  })

  it('throws LimitExceededError when full and every session is indexing', async () => {
    const sessions = new SessionManager({ now, maxSessions: 1, idleTimeoutMs: 10 })
    const run = sessions.getRag('a').indexDirectory(repo.root)
    clock += 1_000
    let error: unknown
    try {
      sessions.getRag('b')
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(LimitExceededError)
    expect(error).toMatchObject({ limit: 'maxSessions', max: 1, actual: 2 })
    await run
    expect(sessions.getRag('b')).toBeInstanceOf(RagService)
  })

  it('reports eviction errors without throwing from getRag', async () => {
    const errors: unknown[] = []
    const sessions = new SessionManager({
      now,
      maxSessions: 1,
      idleTimeoutMs: 10,
      onEvict: () => Promise.reject(new Error('disk gone')),
      onError: (error) => errors.push(error),
    })
    sessions.getRag('a')
    clock += 10
    sessions.getRag('b')
    await new Promise((resolve) => setImmediate(resolve))
    expect(errors).toHaveLength(1)
  })

  it('builds services with the given options or factory and checks its bounds', () => {
    const made: string[] = []
    const sessions = new SessionManager({ createService: (id) => (made.push(id), new RagService({ bm25: false })) })
    expect(sessions.getRag('x').bm25).toBeUndefined()
    expect(made).toEqual(['x'])
    expect(new SessionManager({ serviceOptions: { bm25: false } }).getRag('y').bm25).toBeUndefined()
    expect(() => new SessionManager({ maxSessions: 0 })).toThrow(ConfigError)
    expect(() => new SessionManager({ idleTimeoutMs: -1 })).toThrow(ConfigError)
    expect(() => new SessionManager({ idleTimeoutMs: Number.POSITIVE_INFINITY })).not.toThrow()
  })
})
