import { bodyExcerpt, CancelledError, credentialsInUrl, describeEndpoint, describeValue, InvalidArgumentError } from '@rag/core'
import { ChatError } from './chat-error.js'
import { assertMessages, type ChatMessage, type ChatStreamEvent } from './chat-message.js'
import { cancelledError, connect, type RetryPolicy } from './connect.js'
import { readCompletion } from './read-completion.js'
import type { ChatRetry } from './chat-retry.js'

/** Options of {@link createChatClient}. */
export interface ChatClientOptions {
  /**
   * The API's base URL; the client POSTs to `{baseUrl}/chat/completions`, as the OpenAI SDK does.
   * Ollama: `http://127.0.0.1:11434/v1`; LM Studio: `http://127.0.0.1:1234/v1`; llama.cpp's
   * `llama-server`: `http://127.0.0.1:8080/v1`; vLLM: `http://127.0.0.1:8000/v1`; OpenAI:
   * `https://api.openai.com/v1`.
   */
  readonly baseUrl: string
  /** The model to ask, e.g. `llama3.2` (Ollama) or `gpt-4o-mini`. */
  readonly model: string
  /**
   * Sent as `Authorization: Bearer <apiKey>`. Kept in a closure: never in `endpoint`, messages,
   * `JSON.stringify` or `util.inspect` of the client.
   * @default undefined (no Authorization header; local servers need none)
   */
  readonly apiKey?: string
  /**
   * Per attempt, from sending the request until the response headers arrive, in milliseconds. A
   * local model that is still loading answers late: keep this generous.
   * @default 120_000
   */
  readonly timeoutMs?: number
  /**
   * The longest silence between two chunks of a streaming answer, in milliseconds; a longer one
   * aborts the request with a `timeout` ChatError.
   * @default 60_000
   */
  readonly idleTimeoutMs?: number
  /**
   * Retries of a request that timed out before answering, failed on the network, or got 408, 429
   * or 5xx. A stream that already delivered content is never retried (that would repeat it).
   * @default 3
   */
  readonly maxRetries?: number
  /**
   * The first backoff in milliseconds; it doubles on every retry, with jitter; `Retry-After` wins.
   * @default 500
   */
  readonly retryDelayMs?: number
  /**
   * The longest single wait between two attempts, `Retry-After` included, in milliseconds.
   * @default 30_000
   */
  readonly maxRetryDelayMs?: number
  /**
   * Sampling temperature sent as `temperature`.
   * @default undefined (not sent: the server's default)
   */
  readonly temperature?: number
  /**
   * The most tokens of an answer, sent as `max_tokens`.
   * @default undefined (not sent: the server's default)
   */
  readonly maxTokens?: number
  /**
   * Extra request headers (an organisation id, a proxy token). Their values are not redacted.
   * @default {}
   */
  readonly headers?: Readonly<Record<string, string>>
  /**
   * Told before each wait to retry a request (a CLI says so, instead of sitting silent through
   * up to `maxRetries` timeouts). Its `reason` never holds the API key.
   * @default undefined
   */
  readonly onRetry?: (retry: ChatRetry) => void
}

/** Options of one {@link ChatClient.stream} call. */
export interface ChatRequestOptions {
  /**
   * Cancels the request: a wait between retries ends, and the HTTP request in flight is aborted,
   * so the endpoint sees the connection close and stops generating. The stream then throws
   * `CancelledError`.
   */
  readonly signal?: AbortSignal
}

/** A client of one model behind an OpenAI-compatible `/v1/chat/completions` endpoint. */
export interface ChatClient {
  /** The URL posted to, without credentials or query string. */
  readonly endpoint: string
  /** The model asked. */
  readonly model: string
  /**
   * Streams the model's answer to `messages`: a `token` event per piece of content as it arrives,
   * then one `end`. Breaking out of the loop early aborts the HTTP request.
   *
   * @throws InvalidArgumentError for malformed messages; CancelledError when `signal` aborts;
   *   ChatError (one line naming the endpoint and status, never the key) for every other failure.
   */
  stream(messages: readonly ChatMessage[], options?: ChatRequestOptions): AsyncGenerator<ChatStreamEvent, void, undefined>
}

function positiveInteger(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new InvalidArgumentError(`${what} must be a positive integer; received ${describeValue(value)}.`)
  }
  return value
}

function nonNegative(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new InvalidArgumentError(`${what} must be a finite number >= 0; received ${describeValue(value)}.`)
  }
  return value
}

/** `{baseUrl}/chat/completions`; a trailing `/` on the base is not doubled. */
function completionsUrl(baseUrl: unknown): URL {
  let url: URL
  try {
    url = new URL(String(baseUrl))
  } catch {
    throw new InvalidArgumentError(`baseUrl must be an absolute http(s) URL such as http://127.0.0.1:11434/v1; received ${describeValue(baseUrl)}.`)
  }
  if (typeof baseUrl !== 'string' || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new InvalidArgumentError(`baseUrl must be an http(s) URL; received ${typeof baseUrl === 'string' ? `protocol ${describeValue(url.protocol)}` : describeValue(baseUrl)}.`)
  }
  const credentials = credentialsInUrl(url, 'baseUrl')
  if (credentials !== undefined) throw new InvalidArgumentError(credentials)
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/chat/completions`
  return url
}

/**
 * Creates a streaming client for an OpenAI-compatible `/v1/chat/completions` endpoint: Ollama,
 * LM Studio, llama.cpp, vLLM, OpenAI or any other server that speaks the protocol. It sends
 * `stream: true` and reads the server-sent events as they arrive (an endpoint that answers with
 * one JSON completion instead works too), times out a request that does not answer and a stream
 * that falls silent, retries 408/429/5xx and network failures before any content arrived
 * (honouring `Retry-After`), and aborts the upstream request when cancelled.
 *
 * @throws InvalidArgumentError for a malformed option (naming it and the received value).
 *
 * @example
 * const client = createChatClient({ baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.2' })
 * for await (const event of client.stream([{ role: 'user', content: 'Say hi' }])) {
 *   if (event.type === 'token') process.stdout.write(event.text)
 * }
 */
export function createChatClient(options: ChatClientOptions): ChatClient {
  if (typeof options !== 'object' || options === null) throw new InvalidArgumentError(`options must be an object; received ${describeValue(options)}.`)
  const { model, apiKey, headers = {}, temperature, maxTokens, onRetry } = options
  if (typeof model !== 'string' || model.trim() === '') throw new InvalidArgumentError(`model must be a non-empty string; received ${describeValue(model)}.`)
  if (apiKey !== undefined && (typeof apiKey !== 'string' || apiKey === '' || /[\r\n]/.test(apiKey))) {
    throw new InvalidArgumentError(`apiKey must be a non-empty string on one line when given; received ${typeof apiKey === 'string' ? 'an empty or multi-line string' : `a value of type ${typeof apiKey}`}.`)
  }
  if (temperature !== undefined) nonNegative(temperature, 'temperature')
  if (maxTokens !== undefined) positiveInteger(maxTokens, 'maxTokens')
  const policy: RetryPolicy = {
    timeoutMs: positiveInteger(options.timeoutMs ?? 120_000, 'timeoutMs'),
    maxRetries: Math.floor(nonNegative(options.maxRetries ?? 3, 'maxRetries')),
    retryDelayMs: nonNegative(options.retryDelayMs ?? 500, 'retryDelayMs'),
    maxRetryDelayMs: nonNegative(options.maxRetryDelayMs ?? 30_000, 'maxRetryDelayMs'),
  }
  const idleTimeoutMs = positiveInteger(options.idleTimeoutMs ?? 60_000, 'idleTimeoutMs')
  const url = completionsUrl(options.baseUrl)
  const endpoint = describeEndpoint(url)
  const requestHeaders: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream, application/json', ...headers }
  if (apiKey !== undefined) requestHeaders['authorization'] = `Bearer ${apiKey}`

  async function* stream(messages: readonly ChatMessage[], { signal }: ChatRequestOptions = {}): AsyncGenerator<ChatStreamEvent, void, undefined> {
    assertMessages(messages)
    const body = JSON.stringify({
      model,
      messages: messages.map(({ role, content }) => ({ role, content })),
      stream: true,
      ...(temperature !== undefined ? { temperature } : {}),
      ...(maxTokens !== undefined ? { max_tokens: maxTokens } : {}),
    })
    // One controller for the whole exchange: the caller's signal, a silent stream and an early
    // `break` all end in aborting it, which aborts the HTTP request and its body.
    const controller = new AbortController()
    const onAbort = (): void => controller.abort(signal?.reason)
    if (signal?.aborted) throw cancelledError(endpoint, signal)
    signal?.addEventListener('abort', onAbort, { once: true })
    const timedOut = { value: false }
    try {
      const { response, attempts } = await connect({ url, endpoint, headers: requestHeaders, body, secret: apiKey }, policy, controller.signal, onRetry)
      const context = { endpoint, secret: apiKey, idleTimeoutMs, attempts, abort: () => controller.abort() }
      try {
        yield* readCompletion(response, context, timedOut)
      } catch (error) {
        if (error instanceof ChatError || error instanceof InvalidArgumentError) throw error
        if (signal?.aborted) throw cancelledError(endpoint, signal)
        if (timedOut.value) {
          throw new ChatError(`POST ${endpoint} sent nothing for ${idleTimeoutMs} ms in the middle of the answer; the request was aborted.`, { endpoint, failure: 'timeout', attempts, cause: error })
        }
        const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)
        throw new ChatError(`POST ${endpoint} broke off in the middle of the answer: ${bodyExcerpt(reason, apiKey)}.`, { endpoint, failure: 'network', attempts, cause: error })
      }
    } catch (error) {
      if (error instanceof CancelledError || !signal?.aborted) throw error
      throw cancelledError(endpoint, signal)
    } finally {
      signal?.removeEventListener('abort', onAbort)
      // Ends the HTTP request when the caller stopped early or anything failed; a no-op after a complete answer.
      controller.abort()
    }
  }

  return Object.freeze({ endpoint, model, stream })
}
