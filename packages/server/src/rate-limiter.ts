/**
 * Counts requests per client in fixed windows of `windowMs` (every client shares the window
 * boundaries, so all counts reset together and memory never outlives a window).
 */
export interface RateLimiter {
  /**
   * Counts one request of `client` at `now` (ms). Returns 0 when it is allowed, else the
   * milliseconds until the window ends and the client may ask again.
   */
  hit(client: string, now?: number): number
  /** The most requests one client may make per window. */
  readonly max: number
  /** The window length in milliseconds. */
  readonly windowMs: number
}

/**
 * Creates a {@link RateLimiter}. Within one window it remembers at most `maxClients` clients; a
 * client beyond that is refused until the window ends, so a flood of new addresses cannot grow
 * memory without bound.
 *
 * Written here rather than taken from `@fastify/rate-limit`: that plugin hooks each route, and
 * Fastify runs route hooks after the server's own `onRequest` hook, so failed bearer-token
 * attempts and unknown routes would go uncounted. This one runs first in that hook.
 *
 * @example
 * const limiter = createRateLimiter({ max: 1200, windowMs: 60_000 })
 * const waitMs = limiter.hit(request.ip) // 0: go ahead
 */
export function createRateLimiter(options: { max: number; windowMs: number; maxClients?: number }): RateLimiter {
  const { max, windowMs, maxClients = 100_000 } = options
  let windowStart = Number.NEGATIVE_INFINITY
  let counts = new Map<string, number>()
  return {
    max,
    windowMs,
    hit(client, now = Date.now()) {
      if (now - windowStart >= windowMs) {
        windowStart = now
        counts = new Map()
      }
      const count = counts.get(client)
      if (count === undefined && counts.size >= maxClients) return windowStart + windowMs - now
      const next = (count ?? 0) + 1
      counts.set(client, next)
      return next > max ? windowStart + windowMs - now : 0
    },
  }
}
