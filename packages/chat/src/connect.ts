import { CancelledError } from '@rag/core'
import { ChatError } from './chat-error.js'
import { bodyExcerpt, redact } from './redact.js'
import { sleep } from './sleep.js'

/** How the request is timed out and retried until the endpoint answers. */
export interface RetryPolicy {
  /** Per attempt, from sending the request until the response headers arrive. */
  readonly timeoutMs: number
  /** Attempts after the first one. */
  readonly maxRetries: number
  /** The first backoff; it doubles with every retry. */
  readonly retryDelayMs: number
  /** No backoff (nor `Retry-After`) waits longer than this. */
  readonly maxRetryDelayMs: number
}

/** The request to send, and the secret that must never show in a message. */
export interface ChatHttpRequest {
  readonly url: URL
  /** `url` without credentials or query, for messages. */
  readonly endpoint: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
  readonly secret: string | undefined
}

type Attempt =
  | { readonly ok: true; readonly response: Response }
  | { readonly ok: false; readonly error: ChatError; readonly retryable: boolean; readonly waitMs?: number }

/** The message of `CancelledError` for a chat request. */
export function cancelledError(endpoint: string, signal: AbortSignal): CancelledError {
  return new CancelledError(`The chat request to ${endpoint} was cancelled; the upstream request was aborted.`, { cause: signal.reason })
}

/** Statuses worth another try: rate limits, timeouts at a proxy, and server errors. */
function isRetryable(status: number): boolean {
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
    if (response.ok) return { ok: true, response }
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
    if (!isRetryable(status)) return { ok: false, retryable: false, error }
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
  random: () => number = Math.random,
): Promise<{ readonly response: Response; readonly attempts: number }> {
  for (let tries = 0; ; tries++) {
    if (signal.aborted) throw cancelledError(request.endpoint, signal)
    const result = await attempt(request, policy, signal)
    if (result.ok) return { response: result.response, attempts: tries + 1 }
    const { error } = result
    if (!result.retryable || tries >= policy.maxRetries) {
      if (tries === 0) throw error
      const message = error.message.replace(/\.$/, ` (${tries + 1} attempts).`)
      throw new ChatError(message, { endpoint: error.endpoint, failure: error.failure, ...(error.status !== undefined ? { status: error.status } : {}), attempts: tries + 1, cause: error.cause })
    }
    const backoff = policy.retryDelayMs * 2 ** tries * (0.5 + random() / 2)
    try {
      await sleep(Math.min(policy.maxRetryDelayMs, result.waitMs ?? backoff), signal)
    } catch {
      throw cancelledError(request.endpoint, signal)
    }
  }
}
