/**
 * A real HTTP server on loopback that speaks OpenAI's `POST /v1/embeddings` and Ollama's
 * `POST /api/embed`, for the tests of the HTTP embedders: deterministic vectors, an optional API
 * key, and a script of misbehaviours (error statuses, hangs, wrong dimensions) for the next requests.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What the server does with one upcoming request instead of answering normally. */
export type Misbehaviour =
  | { readonly status: number; readonly retryAfter?: string; readonly body?: string }
  | { readonly hangMs: number }
  | { readonly dimensions: number }
  | { readonly rawBody: string }

/** One request as the server saw it. */
export interface SeenRequest {
  readonly path: string
  readonly authorization: string | undefined
  readonly inputs: readonly string[]
  readonly body: Record<string, unknown>
}

/** Options of {@link startEmbeddingServer}. */
export interface EmbeddingServerOptions {
  /** Vector length of normal answers. */
  readonly dimensions: number
  /** Required bearer token; requests without it get 401 with an OpenAI-style body that echoes it masked. */
  readonly apiKey?: string
  /** Delay before every normal answer, so concurrency can be observed. */
  readonly delayMs?: number
}

/** A running server: its base URL, what it saw, and a script of misbehaviours. */
export interface EmbeddingServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string
  readonly requests: SeenRequest[]
  /** Misbehaviours for the next requests, consumed in order. */
  readonly script: Misbehaviour[]
  /** Most requests that were being handled at the same time. */
  readonly maxInFlight: number
  close(): Promise<void>
}

/** The vector the server returns for `text`: a fixed function of the text, so tests can check order. */
export function expectedVector(text: string, dimensions: number): number[] {
  let hash = 2166136261
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619)
  return Array.from({ length: dimensions }, (_, i) => (((hash >>> (i % 24)) & 0xff) - 127.5) / 128 + i / 1000)
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = []
    request.on('data', (part: Buffer) => parts.push(part))
    request.on('end', () => resolve(Buffer.concat(parts).toString('utf8')))
    request.on('error', reject)
  })
}

function send(response: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers })
  response.end(body)
}

/** Starts the server on 127.0.0.1 and a free port. */
export async function startEmbeddingServer({ dimensions, apiKey, delayMs = 0 }: EmbeddingServerOptions): Promise<EmbeddingServer> {
  const requests: SeenRequest[] = []
  const script: Misbehaviour[] = []
  let inFlight = 0
  let maxInFlight = 0
  const timers = new Set<NodeJS.Timeout>()
  const wait = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer)
        resolve()
      }, ms)
      timers.add(timer)
    })

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const path = new URL(request.url ?? '/', 'http://x').pathname
    const body = JSON.parse(await readBody(request)) as Record<string, unknown>
    const inputs = (Array.isArray(body['input']) ? body['input'] : [body['input']]) as string[]
    requests.push({ path, authorization: request.headers.authorization, inputs, body })
    if (path !== '/v1/embeddings' && path !== '/api/embed') return send(response, 404, JSON.stringify({ error: `no route ${path}` }))
    if (apiKey !== undefined && request.headers.authorization !== `Bearer ${apiKey}`) {
      const given = (request.headers.authorization ?? '').replace(/^Bearer /, '')
      const masked = given.length > 8 ? `${given.slice(0, 6)}****${given.slice(-4)}` : given
      return send(response, 401, JSON.stringify({ error: { message: `Incorrect API key provided: ${masked}.`, type: 'invalid_request_error', code: 'invalid_api_key' } }))
    }
    const step = script.shift()
    let size = dimensions
    if (step && 'status' in step) {
      return send(response, step.status, step.body ?? JSON.stringify({ error: { message: `scripted ${step.status}` } }), step.retryAfter === undefined ? {} : { 'retry-after': step.retryAfter })
    }
    if (step && 'hangMs' in step) await wait(step.hangMs)
    if (step && 'rawBody' in step) return send(response, 200, step.rawBody)
    if (step && 'dimensions' in step) size = step.dimensions
    if (delayMs > 0) await wait(delayMs)
    if (response.destroyed) return
    const vectors = inputs.map((text) => expectedVector(text, size))
    if (path === '/api/embed') return send(response, 200, JSON.stringify({ model: body['model'], embeddings: vectors }))
    // Reversed, with indices: clients must order by `index`, not by position.
    const data = vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })).reverse()
    send(response, 200, JSON.stringify({ object: 'list', data, model: body['model'], usage: { prompt_tokens: 0, total_tokens: 0 } }))
  }

  const server: Server = createServer((request, response) => {
    inFlight++
    maxInFlight = Math.max(maxInFlight, inFlight)
    response.on('close', () => inFlight--)
    handle(request, response).catch((error: unknown) => send(response, 500, JSON.stringify({ error: String(error) })))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    script,
    get maxInFlight() {
      return maxInFlight
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer)
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
