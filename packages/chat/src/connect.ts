import { bodyExcerpt, CancelledError, isRetryableStatus, redact, retryAfterMs, retryWithBackoff, type RetryAttempt, type RetryPolicy } from '@rag/core'
import { ChatError } from './chat-error.js'
import type { ChatRetry } from './chat-retry.js'

/** How the request is timed out (per attempt, until the response headers arrive) and retried. */
export type { RetryPolicy }

/** The request to send, and the secret that must never show in a message. */
export interface ChatHttpRequest {
  readonly url: URL
  /** `url` without credentials or query, for messages. */
  readonly endpoint: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
  readonly secret: string | undefined
}

type Attempt = RetryAttempt<Response, ChatError>

/** The message of `CancelledError` for a chat request. */
export function cancelledError(endpoint: string, signal: AbortSignal): CancelledError {
  return new CancelledError(`The chat request to ${endpoint} was cancelled; the upstream request was aborted.`, { cause: signal.reason })
}

/** The `error.message` of an OpenAI-style error body, else a one-line excerpt of the body. */
function errorDetail(text: string, secret: string | undefined): string {
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown }
    const message = typeof parsed.error === 'string' ? parsed.error : typeof parsed.error?.message === 'string' ? parsed.error.message : parsed.message
    if (typeof message === 'string' && message.trim() !== '') return bodyExcerpt(message, secret)
  } catch {
    // Not JSON: the excerpt below.
  }
  return bodyExcerpt(text, secret)
}

/** What a user can do about a status, after the endpoint's own words. */
function advice(status: number): string {
  if (status === 401 || status === 403) return '; check the API key'
  if (status === 404) return '; check the base URL (OpenAI-compatible servers usually end it in /v1) and the model name'
  return ''
}

async function attempt(request: ChatHttpRequest, policy: RetryPolicy, signal: AbortSignal): Promise<Attempt> {
  const { endpoint, secret } = request
  // A timer of our own rather than AbortSignal.timeout: once the headers are in, it must stop,
  // or it would later abort the body that is still streaming.
  const headersTimer = new AbortController()
  const timer = setTimeout(() => headersTimer.abort(), policy.timeoutMs)
  try {
    let response: Response
    try {
      response = await fetch(request.url, { method: 'POST', headers: request.headers, body: request.body, signal: AbortSignal.any([signal, headersTimer.signal]) })
    } catch (error) {
      if (signal.aborted) throw cancelledError(endpoint, signal)
      if (headersTimer.signal.aborted) {
        return { ok: false, retryable: true, error: new ChatError(`POST ${endpoint} did not answer within ${policy.timeoutMs} ms.`, { endpoint, failure: 'timeout', cause: error }) }
      }
      const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)
      return { ok: false, retryable: true, error: new ChatError(`POST ${endpoint} failed: ${bodyExcerpt(reason, secret)}.`, { endpoint, failure: 'network', cause: error }) }
    }
    const { status } = response
    if (response.ok) return { ok: true, value: response }
    let text = ''
    try {
      text = await response.text()
    } catch {
      if (signal.aborted) throw cancelledError(endpoint, signal)
      // The status says enough; the body was lost to the timeout or the network.
    }
    // An auth failure's body may echo the key, masked or not: name the status only.
    const detail = status === 401 || status === 403 || text.trim() === '' ? '' : `: ${errorDetail(text, secret).replace(/[.\s]+$/, '')}`
    const statusText = redact(response.statusText, secret)
    const message = `POST ${endpoint} answered ${status}${statusText ? ` ${statusText}` : ''}${detail}${advice(status)}.`
    const error = new ChatError(message, { endpoint, failure: 'status', status })
    if (!isRetryableStatus(status)) return { ok: false, retryable: false, error }
    const wait = retryAfterMs(response.headers.get('retry-after'))
    return wait === undefined ? { ok: false, retryable: true, error } : { ok: false, retryable: true, error, waitMs: wait }
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Sends the request until the endpoint answers with a 2xx status, and returns that response with
 * its body unread. Timeouts (before the headers), network failures, 408, 429 and 5xx are retried
 * up to `maxRetries` times with exponential backoff (`retryDelayMs`, doubling, with jitter); a
 * `Retry-After` header replaces the backoff; no wait is longer than `maxRetryDelayMs`.
 *
 * @throws CancelledError when `signal` aborts (the request in flight is aborted with it);
 *   ChatError for any other failure, after the retries for the retryable ones.
 */
export async function connect(
  request: ChatHttpRequest,
  policy: RetryPolicy,
  signal: AbortSignal,
  onRetry?: (retry: ChatRetry) => void,
  random: () => number = Math.random,
): Promise<{ readonly response: Response; readonly attempts: number }> {
  const { value, attempts } = await retryWithBackoff(
    () => attempt(request, policy, signal),
    policy,
    signal,
    {
      cancelled: () => cancelledError(request.endpoint, signal),
      retrying: (error, attempt, waitMs) => onRetry?.({ attempt, maxAttempts: policy.maxRetries + 1, waitMs, reason: error.message }),
      exhausted: (error, attempts) =>
        new ChatError(error.message.replace(/\.$/, ` (${attempts} attempts).`), {
          endpoint: error.endpoint,
          failure: error.failure,
          ...(error.status !== undefined ? { status: error.status } : {}),
          attempts,
          cause: error.cause,
        }),
    },
    random,
  )
  return { response: value, attempts }
}
