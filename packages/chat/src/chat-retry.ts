/** A failed attempt that `ChatClientOptions.onRetry` hears of, before the wait for the next. */
export interface ChatRetry {
  /** The attempt that failed, counted from 1. */
  readonly attempt: number
  /** Attempts in all, at most (`maxRetries + 1`). */
  readonly maxAttempts: number
  /** Milliseconds until the next attempt. */
  readonly waitMs: number
  /** Why the attempt failed, one sentence (the ChatError's message). */
  readonly reason: string
}
