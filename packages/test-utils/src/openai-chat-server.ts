/**
 * A real HTTP server on loopback that speaks OpenAI's streaming `POST /v1/chat/completions`
 * (server-sent events, `data: {chunk}` ... `data: [DONE]`), for the tests of chat clients and of
 * every surface that calls a model. It records each request it received (headers, JSON body,
 * whether the client hung up before the answer ended) and follows a script of replies: token
 * streams paced by the test, error statuses with `Retry-After`, non-streaming JSON bodies.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One reply of the server, for one request. */
export type ChatReply =
  | {
      /** The content deltas to stream, one SSE event each. */
      readonly tokens: readonly string[]
      /**
       * Awaited before token `index` is written: a test holds a token back to prove that the one
       * before it already reached the far end, or never resolves to keep the stream open.
       */
      readonly pace?: (index: number) => Promise<void>
      /** @default 'stop' */
      readonly finishReason?: string
      /** Ends the response without the final `data: [DONE]` and without a finish reason (a cut stream). */
      readonly cut?: boolean
      /** Separates lines with CRLF instead of LF. */
      readonly crlf?: boolean
    }
  | { readonly status: number; readonly retryAfter?: string; readonly body?: string }
  /** A non-streaming completion body (`application/json`), as servers that ignore `stream: true` send. */
  | { readonly completion: string }
  /** These bytes as the `text/event-stream` body, verbatim. */
  | { readonly rawEvents: string }
  /** No answer at all, not even headers, until the client gives up and closes the connection. */
  | { readonly silent: true }

/** One request as the server saw it. */
export interface SeenChatRequest {
  readonly method: string
  readonly path: string
  readonly authorization: string | undefined
  /** The parsed JSON body (`model`, `messages`, `stream`, ...). */
  readonly body: { readonly model?: unknown; readonly messages?: readonly { role: string; content: string }[]; readonly stream?: unknown; readonly [key: string]: unknown }
  /** Tokens written so far. */
  readonly tokensSent: number
  /** Resolves when the exchange is over; `aborted` is `true` when the client closed the connection before the reply ended. */
  readonly closed: Promise<{ readonly aborted: boolean }>
}

/** Options of {@link startOpenAiChatServer}. */
export interface OpenAiChatServerOptions {
  /** Required bearer token; other requests get 401 with an OpenAI-style body that echoes the key masked. */
  readonly apiKey?: string
  /**
   * The reply when the script is empty.
   * @default a stream of `['Grounded', ' answer', '.']`
   */
  readonly defaultReply?: (request: SeenChatRequest) => ChatReply
}

/** A running server. */
export interface OpenAiChatServer {
  /** The base URL a client is configured with: `http://127.0.0.1:<port>/v1`. */
  readonly baseUrl: string
  /** Every request, in arrival order. */
  readonly requests: SeenChatRequest[]
  /** Replies for the next requests, consumed in order before `defaultReply`. */
  readonly script: ChatReply[]
  /** Resolves with request number `index` (from 0) once it has arrived. */
  request(index: number): Promise<SeenChatRequest>
  close(): Promise<void>
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = []
    request.on('data', (part: Buffer) => parts.push(part))
    request.on('end', () => resolve(Buffer.concat(parts).toString('utf8')))
    request.on('error', reject)
  })
}

function chunk(model: unknown, delta: Record<string, unknown>, finishReason: string | null): string {
  return JSON.stringify({
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  })
}

async function stream(reply: Extract<ChatReply, { tokens: readonly string[] }>, seen: { tokensSent: number; body: SeenChatRequest['body'] }, response: ServerResponse, isClosed: () => boolean): Promise<void> {
  const nl = reply.crlf ? '\r\n' : '\n'
  response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' })
  response.flushHeaders()
  response.write(`data: ${chunk(seen.body.model, { role: 'assistant', content: '' }, null)}${nl}${nl}`)
  for (let i = 0; i < reply.tokens.length; i++) {
    await reply.pace?.(i)
    if (isClosed()) return
    response.write(`data: ${chunk(seen.body.model, { content: reply.tokens[i] }, null)}${nl}${nl}`)
    seen.tokensSent++
  }
  if (reply.cut) {
    response.end()
    return
  }
  response.write(`data: ${chunk(seen.body.model, {}, reply.finishReason ?? 'stop')}${nl}${nl}`)
  response.end(`data: [DONE]${nl}${nl}`)
}

/**
 * Starts the server on `127.0.0.1`, port 0.
 *
 * @example
 * const model = await startOpenAiChatServer()
 * model.script.push({ status: 429, retryAfter: '0' })
 * // ... point a client at model.baseUrl; then inspect model.requests[0].body.messages
 */
export async function startOpenAiChatServer(options: OpenAiChatServerOptions = {}): Promise<OpenAiChatServer> {
  const requests: SeenChatRequest[] = []
  const script: ChatReply[] = []
  const arrivals: { index: number; resolve: (seen: SeenChatRequest) => void }[] = []
  const defaultReply = options.defaultReply ?? (() => ({ tokens: ['Grounded', ' answer', '.'] }))

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const path = (request.url ?? '').split('?')[0] ?? ''
    const text = await readBody(request)
    let closedResolve: (value: { aborted: boolean }) => void = () => {}
    const closed = new Promise<{ aborted: boolean }>((resolve) => (closedResolve = resolve))
    let isClosed = false
    response.on('close', () => {
      isClosed = true
      closedResolve({ aborted: !response.writableFinished })
    })
    let body: SeenChatRequest['body'] = {}
    try {
      body = JSON.parse(text) as SeenChatRequest['body']
    } catch {
      // Recorded as an empty body; the reply below says what was wrong.
    }
    const seen = { method: request.method ?? '', path, authorization: request.headers.authorization, body, tokensSent: 0, closed }
    requests.push(seen)
    for (const waiter of arrivals.filter((w) => w.index === requests.length - 1)) {
      arrivals.splice(arrivals.indexOf(waiter), 1)
      waiter.resolve(seen)
    }
    const json = (status: number, value: unknown, headers: Record<string, string> = {}): void => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers })
      response.end(JSON.stringify(value))
    }
    if (request.method !== 'POST' || !path.endsWith('/chat/completions')) {
      json(404, { error: { message: `Unknown route ${request.method} ${path}`, type: 'invalid_request_error' } })
      return
    }
    if (options.apiKey !== undefined && request.headers.authorization !== `Bearer ${options.apiKey}`) {
      const shown = (request.headers.authorization ?? '').replace(/^Bearer /, '')
      const masked = shown.length > 8 ? `${shown.slice(0, 4)}****${shown.slice(-4)}` : shown
      json(401, { error: { message: `Incorrect API key provided: ${masked}.`, type: 'invalid_request_error', code: 'invalid_api_key' } })
      return
    }
    const reply = script.shift() ?? defaultReply(seen)
    if ('status' in reply) {
      const headers: Record<string, string> = reply.retryAfter === undefined ? {} : { 'retry-after': reply.retryAfter }
      response.writeHead(reply.status, { 'content-type': 'application/json', ...headers })
      response.end(reply.body ?? JSON.stringify({ error: { message: `Scripted failure ${reply.status}.`, type: 'server_error' } }))
      return
    }
    if ('completion' in reply) {
      json(200, {
        id: 'chatcmpl-test',
        object: 'chat.completion',
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: reply.completion }, finish_reason: 'stop' }],
      })
      return
    }
    if ('silent' in reply) return
    if ('rawEvents' in reply) {
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      response.end(reply.rawEvents)
      return
    }
    await stream(reply, seen, response, () => isClosed)
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500)
      response.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script,
    request(index) {
      const seen = requests[index]
      if (seen) return Promise.resolve(seen)
      return new Promise((resolve) => arrivals.push({ index, resolve }))
    },
    close() {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
