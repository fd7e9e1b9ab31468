import { bodyExcerpt, CancelledError, describeEndpoint, isRetryableStatus, redact, retryAfterMs, retryWithBackoff, type RetryAttempt, type RetryPolicy } from '@rag/core'
import { EmbeddingError } from '../embedding-error.js'

/** How one request is timed out (per attempt, to the end of the response body) and retried. */
export type { RetryPolicy }

/** A request to send: where, with which headers and JSON body, and which secret never to show. */
export interface JsonRequest {
  readonly url: URL
  readonly headers: Readonly<Record<string, string>>
  readonly body: unknown
  /** The API key, removed from every message. */
  readonly secret: string | undefined
}

type Attempt = RetryAttempt<unknown, EmbeddingError>

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
      return { ok: false, retryable: true, error: new EmbeddingError(`POST ${endpoint} timed out after ${policy.timeoutMs} ms.`, { endpoint, cause: error }) }
    }
    const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)
    return { ok: false, retryable: true, error: new EmbeddingError(`POST ${endpoint} failed: ${bodyExcerpt(reason, request.secret)}.`, { endpoint, cause: error }) }
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
  if (!isRetryableStatus(status)) return { ok: false, retryable: false, error }
  const wait = retryAfterMs(response.headers.get('retry-after'))
  return wait === undefined ? { ok: false, retryable: true, error } : { ok: false, retryable: true, error, waitMs: wait }
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
  const { value } = await retryWithBackoff(
    () => attempt(request, policy, signal),
    policy,
    signal,
    {
      cancelled: () => cancelled(signal),
      exhausted: (error, attempts) =>
        new EmbeddingError(error.message.replace(/\.$/, ` (${attempts} attempts).`), { endpoint: error.endpoint, status: error.status, cause: error.cause }),
    },
    random,
  )
  return value
}
