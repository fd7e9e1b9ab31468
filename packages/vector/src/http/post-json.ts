import { CancelledError } from '@rag/core'
import { EmbeddingError } from '../embedding-error.js'
import { bodyExcerpt, describeEndpoint, redact } from './redact.js'
import { sleep } from './sleep.js'

/** How one request is timed out and retried. */
export interface RetryPolicy {
  /** Per attempt, from sending the request to the end of the response body. */
  readonly timeoutMs: number
  /** Attempts after the first one. */
  readonly maxRetries: number
  /** The first backoff; it doubles with every retry. */
  readonly retryDelayMs: number
  /** No backoff (nor `Retry-After`) waits longer than this. */
  readonly maxRetryDelayMs: number
}

/** A request to send: where, with which headers and JSON body, and which secret never to show. */
export interface JsonRequest {
  readonly url: URL
  readonly headers: Readonly<Record<string, string>>
  readonly body: unknown
  /** The API key, removed from every message. */
  readonly secret: string | undefined
}

/** Statuses worth another try: rate limits, timeouts at a proxy, and server errors. */
function isRetryable(status: number): boolean {
  return status === 408 || status === 429 || status >= 500
}

/** Milliseconds a `Retry-After` header asks for (seconds or an HTTP date), if it is readable. */
function retryAfterMs(header: string | null): number | undefined {
  if (header === null) return undefined
  const seconds = Number(header)
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000
  const date = Date.parse(header)
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now())
}

type Attempt = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: EmbeddingError; readonly waitMs?: number }

function cancelled(signal: AbortSignal): CancelledError {
  return new CancelledError('Embedding was cancelled before it finished; nothing was returned.', { cause: signal.reason })
}

async function attempt(request: JsonRequest, policy: RetryPolicy, signal: AbortSignal): Promise<Attempt> {
  const endpoint = describeEndpoint(request.url)
  const timeout = AbortSignal.timeout(policy.timeoutMs)
  let response: Response
  let text: string
  try {
    response = await fetch(request.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...request.headers },
      body: JSON.stringify(request.body),
      signal: AbortSignal.any([signal, timeout]),
    })
    text = await response.text()
  } catch (error) {
    if (signal.aborted) throw cancelled(signal)
    if (timeout.aborted) {
      return { ok: false, error: new EmbeddingError(`POST ${endpoint} timed out after ${policy.timeoutMs} ms.`, { endpoint, cause: error }) }
    }
    const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)
    return { ok: false, error: new EmbeddingError(`POST ${endpoint} failed: ${bodyExcerpt(reason, request.secret)}.`, { endpoint, cause: error }) }
  }
  const status = response.status
  if (response.ok) {
    try {
      return { ok: true, value: JSON.parse(text) }
    } catch {
      throw new EmbeddingError(`POST ${endpoint} answered ${status} with a body that is not JSON: "${bodyExcerpt(text, request.secret, 80)}".`, { endpoint, status })
    }
  }
  // An auth failure's body may echo the key (masked or not): name the status only.
  const detail = status === 401 || status === 403 ? '; check the API key' : text.trim() ? `: ${bodyExcerpt(text, request.secret)}` : ''
  const error = new EmbeddingError(`POST ${endpoint} answered ${status} ${redact(response.statusText, request.secret)}${detail}.`.replace(/ +/g, ' '), { endpoint, status })
  if (!isRetryable(status)) throw error
  const wait = retryAfterMs(response.headers.get('retry-after'))
  return wait === undefined ? { ok: false, error } : { ok: false, error, waitMs: wait }
}

/**
 * POSTs `request.body` as JSON and returns the parsed response, retrying timeouts, network
 * failures, 408, 429 and 5xx with exponential backoff (`retryDelayMs`, doubling, with jitter,
 * `Retry-After` honoured, each wait capped at `maxRetryDelayMs`).
 *
 * @throws CancelledError when `signal` aborts; EmbeddingError (one line: endpoint, status, a
 * redacted excerpt of the body) for any other failure, after the retries for retryable ones.
 */
export async function postJson(request: JsonRequest, policy: RetryPolicy, signal: AbortSignal, random: () => number = Math.random): Promise<unknown> {
  for (let tries = 0; ; tries++) {
    if (signal.aborted) throw cancelled(signal)
    const result = await attempt(request, policy, signal)
    if (result.ok) return result.value
    if (tries >= policy.maxRetries) {
      if (tries === 0) throw result.error
      const message = result.error.message.replace(/\.$/, ` (${tries + 1} attempts).`)
      throw new EmbeddingError(message, { endpoint: result.error.endpoint, status: result.error.status, cause: result.error.cause })
    }
    const backoff = policy.retryDelayMs * 2 ** tries * (0.5 + random() / 2)
    try {
      await sleep(Math.min(policy.maxRetryDelayMs, result.waitMs ?? backoff), signal)
    } catch {
      throw cancelled(signal)
    }
  }
}
