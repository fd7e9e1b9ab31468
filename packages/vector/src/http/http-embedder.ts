import { credentialsInUrl, describeEndpoint, describeValue, InvalidArgumentError, type EmbedOptions, type Embedder } from '@rag/core'
import { checkVectors } from '../check-vectors.js'
import { runPool } from './batch-pool.js'
import { postJson, type RetryPolicy } from './post-json.js'

/** Options every HTTP embedder takes. */
export interface HttpEmbedderOptions {
  /** The model to ask for, e.g. `nomic-embed-text` or `text-embedding-3-small`. */
  readonly model: string
  /** Length of the model's vectors; every response is checked against it. */
  readonly dimensions: number
  /**
   * Sent as `Authorization: Bearer <apiKey>`. Kept in a closure: never in `name`, messages,
   * `JSON.stringify` or `util.inspect` of the embedder.
   * @default undefined (no Authorization header)
   */
  readonly apiKey?: string
  /**
   * Texts per request.
   * @default 64
   */
  readonly batchSize?: number
  /**
   * Requests in flight at once.
   * @default 2
   */
  readonly concurrency?: number
  /**
   * Per attempt, from sending to the end of the response body, in milliseconds.
   * @default 60_000
   */
  readonly timeoutMs?: number
  /**
   * Retries of a request that timed out, failed on the network, or got 408, 429 or 5xx.
   * @default 4
   */
  readonly maxRetries?: number
  /**
   * First backoff in milliseconds; doubles on every retry, with jitter; `Retry-After` wins.
   * @default 500
   */
  readonly retryDelayMs?: number
  /**
   * The longest single wait between two attempts, in milliseconds.
   * @default 30_000
   */
  readonly maxRetryDelayMs?: number
  /**
   * Extra request headers (an organisation id, a proxy token). Their values are not redacted.
   * @default {}
   */
  readonly headers?: Readonly<Record<string, string>>
}

/** What differs between two embedding APIs: where to POST, what to send, how to read the answer. */
export interface EmbeddingProtocol {
  /** `openai` or `ollama`: the first part of the embedder's name. */
  readonly kind: string
  /** The endpoint under the base URL, e.g. `/embeddings`. */
  readonly path: string
  /** The JSON body for a batch. */
  body(model: string, texts: readonly string[]): unknown
  /** The vectors of a parsed response, in input order; throws `EmbeddingError` for another shape. */
  parse(response: unknown, count: number, endpoint: string): number[][]
}

/** An HTTP embedder: an `Embedder` that also names its endpoint (never its key). */
export interface HttpEmbedder extends Embedder {
  /** The URL posted to, without credentials or query. */
  readonly endpoint: string
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

/** `base` with `path` appended to its path (a trailing `/` on either side is not doubled). */
function endpointUrl(base: string, path: string): URL {
  let url: URL
  try {
    url = new URL(base)
  } catch {
    throw new InvalidArgumentError(`baseUrl must be an absolute http(s) URL; received ${describeValue(base)}.`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidArgumentError(`baseUrl must be an http(s) URL; received protocol ${describeValue(url.protocol)}.`)
  }
  const credentials = credentialsInUrl(url, 'baseUrl')
  if (credentials !== undefined) throw new InvalidArgumentError(credentials)
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`
  return url
}

/**
 * An `Embedder` that POSTs batches of texts to `baseUrl + protocol.path`: batches of `batchSize`,
 * `concurrency` in flight, each attempt timed out after `timeoutMs`, retried with backoff, every
 * vector checked against `dimensions`, progress after each batch, cancellable mid-run.
 */
export function createHttpEmbedder(protocol: EmbeddingProtocol, baseUrl: string, options: HttpEmbedderOptions): HttpEmbedder {
  if (typeof options !== 'object' || options === null) throw new InvalidArgumentError(`options must be an object; received ${describeValue(options)}.`)
  const { model, apiKey, headers = {} } = options
  if (typeof model !== 'string' || model.trim().length === 0) throw new InvalidArgumentError(`model must be a non-empty string; received ${describeValue(model)}.`)
  if (apiKey !== undefined && (typeof apiKey !== 'string' || apiKey.length === 0)) {
    throw new InvalidArgumentError(`apiKey must be a non-empty string when given; received ${typeof apiKey === 'string' ? 'an empty string' : `a value of type ${typeof apiKey}`}.`)
  }
  const dimensions = positiveInteger(options.dimensions, 'dimensions')
  const batchSize = positiveInteger(options.batchSize ?? 64, 'batchSize')
  const concurrency = positiveInteger(options.concurrency ?? 2, 'concurrency')
  const policy: RetryPolicy = {
    timeoutMs: positiveInteger(options.timeoutMs ?? 60_000, 'timeoutMs'),
    maxRetries: Math.floor(nonNegative(options.maxRetries ?? 4, 'maxRetries')),
    retryDelayMs: nonNegative(options.retryDelayMs ?? 500, 'retryDelayMs'),
    maxRetryDelayMs: nonNegative(options.maxRetryDelayMs ?? 30_000, 'maxRetryDelayMs'),
  }
  const url = endpointUrl(baseUrl, protocol.path)
  const endpoint = describeEndpoint(url)
  const requestHeaders: Record<string, string> = { ...headers }
  if (apiKey !== undefined) requestHeaders['authorization'] = `Bearer ${apiKey}`
  const name = `${protocol.kind}:${model}:${dimensions}`

  const embed = async (texts: readonly string[], { signal, onProgress }: EmbedOptions = {}): Promise<Float32Array[]> => {
    const out: Float32Array[] = new Array(texts.length)
    const batches = Math.ceil(texts.length / batchSize)
    let embedded = 0
    await runPool(batches, concurrency, signal, async (index, runSignal) => {
      const batch = texts.slice(index * batchSize, (index + 1) * batchSize)
      const response = await postJson({ url, headers: requestHeaders, body: protocol.body(model, batch), secret: apiKey }, policy, runSignal)
      const vectors = protocol.parse(response, batch.length, endpoint)
      checkVectors(name, dimensions, vectors, batch.length)
      for (let i = 0; i < vectors.length; i++) out[index * batchSize + i] = Float32Array.from(vectors[i]!)
      embedded += batch.length
      if (onProgress) {
        try {
          onProgress({ embedded, total: texts.length })
        } catch {
          // A listener must not break embedding.
        }
      }
    })
    return out
  }
  return Object.freeze({ name, dimensions, endpoint, embed })
}
