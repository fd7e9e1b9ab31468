import { ConfigError, describeValue, InvalidArgumentError, LimitExceededError } from '@rag/core'
import { RagService } from './rag-service.js'
import type { RagServiceOptions } from './rag-service-options.js'

/**
 * Why a session left the manager. `capacity` only with `whenFull: 'evict-least-recent'`: by
 * default a live session is never evicted to make room for another (a client must not be able to
 * wipe someone else's session).
 */
export type SessionEndReason = 'removed' | 'idle' | 'capacity'

/** Options of {@link SessionManager}. */
export interface SessionManagerOptions {
  /**
   * Builds a session's service on first use.
   * @default (id) => new RagService(serviceOptions)
   */
  readonly createService?: (sessionId: string) => RagService
  /**
   * Options of every service the default factory builds.
   * @default {}
   */
  readonly serviceOptions?: RagServiceOptions
  /**
   * A session not handed out by `getRag` for this long (ms) is evicted, unless it is indexing.
   * This is the only way a session leaves without `removeSession`. `Infinity` turns idle eviction
   * off.
   * @default 1_800_000 (30 minutes)
   */
  readonly idleTimeoutMs?: number
  /**
   * Most live sessions. What a new session beyond it (after evicting sessions idle past
   * `idleTimeoutMs`) meets is `whenFull`.
   * @default 64
   */
  readonly maxSessions?: number
  /**
   * A new session when `maxSessions` are live: `refuse` throws `LimitExceededError` and keeps
   * every live session (their data is in memory, and a client must not wipe another's);
   * `evict-least-recent` drops the least recently used session that is not indexing, and is only
   * for sessions whose data survives eviction (each a project of a shared database, reopened on
   * its next use).
   * @default 'refuse'
   */
  readonly whenFull?: 'refuse' | 'evict-least-recent'
  /**
   * Called with each evicted session (idle, or capacity with `evict-least-recent`). The default clears it, which frees an
   * in-memory session; pass your own when services share a persistent store that must survive
   * eviction (close a handle instead). Errors are passed to `onError`.
   * @default (id, service) => service.clear()
   */
  readonly onEvict?: (sessionId: string, service: RagService, reason: SessionEndReason) => void | Promise<void>
  /**
   * Receives errors of background eviction work.
   * @default console.warn
   */
  readonly onError?: (error: unknown, sessionId: string) => void
  /**
   * The clock, in milliseconds; inject one in tests.
   * @default Date.now
   */
  readonly now?: () => number
}

interface Entry {
  readonly service: RagService
  lastUsed: number
}

/** `30 min`, `90 s`, `250 ms`: a duration for a message. */
function describeDuration(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} min`
  if (ms >= 1000 && ms % 1000 === 0) return `${ms / 1000} s`
  return `${ms} ms`
}

function checkPositive(name: string, value: number, allowInfinity: boolean): void {
  const ok = (allowInfinity && value === Number.POSITIVE_INFINITY) || (Number.isSafeInteger(value) && value >= 1)
  if (!ok) throw new ConfigError(`${name} must be a positive integer${allowInfinity ? ' or Infinity' : ''}; received ${describeValue(value)}.`)
}

/**
 * One {@link RagService} per session id (SPEC §8), created lazily on first use. Sessions idle
 * longer than `idleTimeoutMs` are evicted when the manager is next used (or on `evictIdle()`),
 * and at most `maxSessions` live at once: when full, a new session is refused, never made room
 * for by evicting a live one. A session that is indexing is never evicted.
 *
 * @example
 * const sessions = new SessionManager({ idleTimeoutMs: 10 * 60_000, maxSessions: 16 })
 * const rag = sessions.getRag('my-session')
 * await rag.indexDirectory('/project/src')
 * await sessions.removeSession('my-session') // clears it
 */
export class SessionManager {
  readonly #sessions = new Map<string, Entry>()
  readonly #create: (sessionId: string) => RagService
  readonly #idleTimeoutMs: number
  readonly #maxSessions: number
  readonly #whenFull: NonNullable<SessionManagerOptions['whenFull']>
  readonly #onEvict: NonNullable<SessionManagerOptions['onEvict']>
  readonly #onError: NonNullable<SessionManagerOptions['onError']>
  readonly #now: () => number

  /** @throws ConfigError for a bound that is not a positive integer. */
  constructor(options: SessionManagerOptions = {}) {
    const { serviceOptions = {}, idleTimeoutMs = 30 * 60_000, maxSessions = 64, whenFull = 'refuse', now = Date.now } = options
    checkPositive('idleTimeoutMs', idleTimeoutMs, true)
    checkPositive('maxSessions', maxSessions, false)
    this.#create = options.createService ?? (() => new RagService(serviceOptions))
    this.#idleTimeoutMs = idleTimeoutMs
    this.#maxSessions = maxSessions
    if (whenFull !== 'refuse' && whenFull !== 'evict-least-recent') throw new ConfigError(`whenFull must be "refuse" or "evict-least-recent"; received ${describeValue(whenFull)}.`)
    this.#whenFull = whenFull
    this.#onEvict = options.onEvict ?? ((_id, service) => service.clear())
    this.#onError = options.onError ?? ((error, id) => console.warn(`SessionManager: evicting session "${id}" failed:`, error))
    this.#now = now
  }

  /** Ids of the live sessions, least recently used first. */
  get sessionIds(): string[] {
    return [...this.#sessions].sort((a, b) => a[1].lastUsed - b[1].lastUsed).map(([id]) => id)
  }

  /**
   * The session's service, created on first use. Evicts sessions idle past `idleTimeoutMs` first;
   * when the manager is still full, a new session is refused (or, with `evict-least-recent`,
   * replaces the least recently used session that is not indexing).
   *
   * @throws InvalidArgumentError for an empty id; LimitExceededError (`maxSessions`) for a new session when `maxSessions` sessions are live (with `evict-least-recent`: all indexing).
   */
  getRag(sessionId: string): RagService {
    if (typeof sessionId !== 'string' || sessionId.length === 0) {
      throw new InvalidArgumentError(`sessionId must be a non-empty string; received ${describeValue(sessionId)}.`)
    }
    const now = this.#now()
    this.#evictIdle(now, sessionId)
    const known = this.#sessions.get(sessionId)
    if (known) {
      known.lastUsed = now
      return known.service
    }
    if (this.#sessions.size >= this.#maxSessions) {
      if (this.#whenFull === 'refuse') this.#refuse(sessionId)
      this.#evictLeastRecent(sessionId)
    }
    const service = this.#create(sessionId)
    this.#sessions.set(sessionId, { service, lastUsed: now })
    return service
  }

  /** `true` when the session is live (without touching it). */
  has(sessionId: string): boolean {
    return this.#sessions.has(sessionId)
  }

  /**
   * Drops the live session without clearing it: its data lives on elsewhere (a database shared by
   * several servers, where another server removed it). `false` if there was no such session.
   */
  forget(sessionId: string): boolean {
    return this.#sessions.delete(sessionId)
  }

  /** Removes the session and clears it (SPEC §8); `false` if there was no such session. */
  async removeSession(sessionId: string): Promise<boolean> {
    const entry = this.#sessions.get(sessionId)
    if (!entry) return false
    this.#sessions.delete(sessionId)
    await entry.service.clear()
    return true
  }

  /** Evicts every session idle for `idleTimeoutMs` or longer (not indexing); returns their ids. */
  evictIdle(): string[] {
    return this.#evictIdle(this.#now(), undefined)
  }

  #evictIdle(now: number, keep: string | undefined): string[] {
    const evicted: string[] = []
    for (const [id, entry] of this.#sessions) {
      if (id === keep || entry.service.indexing || now - entry.lastUsed < this.#idleTimeoutMs) continue
      this.#evict(id, entry, 'idle')
      evicted.push(id)
    }
    return evicted
  }

  #refuse(incoming: string): never {
    const idle =
      this.#idleTimeoutMs === Number.POSITIVE_INFINITY
        ? 'sessions are not evicted when idle (idleTimeoutMs is Infinity)'
        : `a session is evicted only after ${describeDuration(this.#idleTimeoutMs)} idle (idleTimeoutMs), and none is`
    throw new LimitExceededError(
      'maxSessions',
      this.#maxSessions,
      this.#sessions.size + 1,
      `Session "${incoming}" cannot start: all ${this.#maxSessions} sessions (maxSessions) are live; ${idle}. Retry later, or remove a session you own.`,
    )
  }

  #evictLeastRecent(incoming: string): void {
    let oldest: [string, Entry] | undefined
    for (const pair of this.#sessions) {
      if (pair[1].service.indexing) continue
      if (!oldest || pair[1].lastUsed < oldest[1].lastUsed) oldest = pair
    }
    if (!oldest) {
      throw new LimitExceededError(
        'maxSessions',
        this.#maxSessions,
        this.#sessions.size + 1,
        `Session "${incoming}" cannot start: all ${this.#maxSessions} sessions (maxSessions) are indexing; retry when one finishes.`,
      )
    }
    this.#evict(oldest[0], oldest[1], 'capacity')
  }

  #evict(id: string, entry: Entry, reason: SessionEndReason): void {
    this.#sessions.delete(id)
    try {
      Promise.resolve(this.#onEvict(id, entry.service, reason)).catch((error: unknown) => this.#onError(error, id))
    } catch (error) {
      this.#onError(error, id)
    }
  }
}
