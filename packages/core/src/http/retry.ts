/** How a request to a model endpoint is timed out and retried. */
export interface RetryPolicy {
  /** Per attempt; the caller says what it covers (until the headers, or the whole body). */
  readonly timeoutMs: number
  /** Attempts after the first one. */
  readonly maxRetries: number
  /** The first backoff; it doubles with every retry. */
  readonly retryDelayMs: number
  /** No backoff (nor `Retry-After`) waits longer than this. */
  readonly maxRetryDelayMs: number
}

/** One attempt's outcome: a value, or an error that may be worth another try after `waitMs`. */
export type RetryAttempt<T, E extends Error> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E; readonly retryable: boolean; readonly waitMs?: number }

/** What {@link retryWithBackoff} throws when it stops, and whom it tells before it waits to retry. */
export interface RetryEnding<E extends Error> {
  /** The error for an abort of the caller's signal. */
  cancelled(): Error
  /** The error for the last failure after `attempts` tries (more than one). */
  exhausted(error: E, attempts: number): Error
  /** Called before each wait: attempt `attempt` (counted from 1) failed with `error`, and the next comes after `waitMs`. */
  retrying?(error: E, attempt: number, waitMs: number): void
}

/** Statuses worth another try: rate limits, timeouts at a proxy, and server errors. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500
}

/** Milliseconds a `Retry-After` header asks for (seconds or an HTTP date), if it is readable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined
  const seconds = Number(header)
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined
  const date = Date.parse(header)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/** Resolves after `ms`, or rejects with `signal.reason` as soon as `signal` aborts. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason)
      return
    }
    const onAbort = (): void => {
      clearTimeout(timer)
      reject(signal.reason)
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal.addEventListener('abort', onAbort, { once: true })
  })
}

/**
 * Runs `attempt` until it succeeds, retrying retryable failures up to `policy.maxRetries` times
 * with exponential backoff (`retryDelayMs`, doubling, with jitter from `random`); an attempt's
 * `waitMs` (a `Retry-After`) replaces the backoff; no wait is longer than `maxRetryDelayMs`.
 *
 * @returns the value and how many attempts it took.
 * @throws `ending.cancelled()` when `signal` aborts; the error itself when the first attempt fails
 *   for good; `ending.exhausted(error, attempts)` when a later one does.
 */
export async function retryWithBackoff<T, E extends Error>(
  attempt: () => Promise<RetryAttempt<T, E>>,
  policy: RetryPolicy,
  signal: AbortSignal,
  ending: RetryEnding<E>,
  random: () => number = Math.random,
): Promise<{ readonly value: T; readonly attempts: number }> {
  for (let tries = 0; ; tries++) {
    if (signal.aborted) throw ending.cancelled()
    const result = await attempt()
    if (result.ok) return { value: result.value, attempts: tries + 1 }
    if (!result.retryable || tries >= policy.maxRetries) {
      if (tries === 0) throw result.error
      throw ending.exhausted(result.error, tries + 1)
    }
    const backoff = policy.retryDelayMs * 2 ** tries * (0.5 + random() / 2)
    const waitMs = Math.min(policy.maxRetryDelayMs, result.waitMs ?? backoff)
    ending.retrying?.(result.error, tries + 1, waitMs)
    try {
      await abortableSleep(waitMs, signal)
    } catch {
      throw ending.cancelled()
    }
  }
}
