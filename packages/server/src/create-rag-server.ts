import type { AddressInfo } from 'node:net'
import websocket from '@fastify/websocket'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import { ConfigError, describeValue } from '@rag/core'
import { SessionManager } from '@rag/session'
import { assertSafeBind, createBearerCheck } from './auth.js'
import { registerChatRoute } from './chat-route.js'
import { resolveChatSettings, type RagServerChatOptions } from './chat-settings.js'
import { registerDocumentRoutes } from './document-routes.js'
import { registerEventsRoute } from './events-route.js'
import { registerFilesRoute } from './files-route.js'
import { httpError, rateLimitedError, toHttpError } from './http-error.js'
import { IndexRuns } from './index-runs.js'
import { createRateLimiter, type RateLimiter } from './rate-limiter.js'
import { buildOpenApi } from './openapi.js'
import { createPathConfinement, type PathConfinement } from '@rag/session'
import { routeSchemas } from './schemas.js'
import { registerSessionRoutes } from './session-routes.js'
import { registerLayerRoutes } from './layer-routes.js'
import { registerSharedSessions, type SessionRegistry } from './shared-sessions.js'

/** Request and resource limits of the server. */
export interface RagServerLimits {
  /** Largest request body, in bytes. @default 1_048_576 (1 MiB) */
  readonly bodyBytes?: number
  /** Longest request URL (path and query string), in characters; longer ones get 414. @default 8192 */
  readonly urlLength?: number
  /** Longest search query or question, in characters. @default 1000 */
  readonly queryLength?: number
  /** Largest `k` of a search or prompt. @default 50 */
  readonly topK?: number
  /** Longest added document, in characters. @default 262_144 */
  readonly documentLength?: number
  /**
   * Most live sessions (ignored when you pass `sessions`). When full, creating another is refused
   * with 429; no live session is evicted to make room.
   * @default 16
   */
  readonly sessions?: number
  /**
   * A session unused for this long (ms) is evicted, which frees its place (and, in memory, its
   * index); the only way a session ends without `DELETE`. `Infinity` keeps sessions until deleted.
   * Ignored when you pass `sessions` (give your `SessionManager` its `idleTimeoutMs`).
   * @default 1_800_000 (30 minutes)
   */
  readonly sessionIdleMs?: number
  /**
   * Longest a client may take to send a request's headers (ms); a slower one gets 408 and the
   * connection is closed (slow-loris). At most `requestTimeoutMs`.
   * @default 10_000
   */
  readonly headersTimeoutMs?: number
  /**
   * Longest a client may take to send a whole request, headers and body (ms); a slower one gets
   * 408 and the connection is closed. Responses (a long chat answer, an event stream) are not
   * limited by it.
   * @default 30_000
   */
  readonly requestTimeoutMs?: number
  /**
   * Most requests per client (remote address) per minute, counted before authentication, for
   * every route, WebSocket upgrades and unknown paths included; more get 429 with `Retry-After`.
   * `Infinity` turns the limit off.
   * @default 1200
   */
  readonly requestsPerMinute?: number
}

/** Options of {@link createRagServer}. */
export interface RagServerOptions {
  /** Directories clients may index (each must exist). Relative paths in requests start at the first. */
  readonly roots: readonly string[]
  /** Interface to bind. A non-loopback host requires `token`. @default '127.0.0.1' */
  readonly host?: string
  /** Port to bind; 0 picks a free one. @default 7411 */
  readonly port?: number
  /** Bearer token every request must carry (`Authorization: Bearer <token>`), at least 16 characters. @default undefined (no auth; loopback only) */
  readonly token?: string
  /** The sessions to serve. @default new SessionManager({ maxSessions: limits.sessions }) */
  readonly sessions?: SessionManager
  /**
   * Where sessions live when several servers share them (a PostgreSQL database): every session
   * request first asks it, so any server answers any session. `sessions` must then build each
   * session over that shared store (and not clear it on eviction).
   * @default undefined (sessions live in this process only)
   */
  readonly registry?: SessionRegistry
  /** Request and resource limits. */
  readonly limits?: RagServerLimits
  /** Fastify's logger option. @default false */
  readonly logger?: boolean
  /** The version shown in `/openapi.json`. @default '0.0.0' */
  readonly version?: string
  /**
   * Grounded chat over an OpenAI-compatible model: the WebSocket `chat` message and
   * `POST /sessions/:id/chat` (server-sent events). Without it, chat requests are refused (501).
   * @default undefined (no chat)
   */
  readonly chat?: RagServerChatOptions
}

/** A running (or ready) server. */
export interface RagServer {
  /** The Fastify instance (for `inject`, hooks or extra routes). */
  readonly app: FastifyInstance
  /** The sessions it serves. */
  readonly sessions: SessionManager
  /** The confinement every client path goes through. */
  readonly confinement: PathConfinement
  /** Binds `host:port`; resolves to the base URL, e.g. `http://127.0.0.1:7411`. */
  listen(): Promise<string>
  /** The bound address, once listening. */
  address(): AddressInfo | undefined
  /** Cancels index runs, closes sockets and the listener. */
  close(): Promise<void>
}

function positive(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1) throw new ConfigError(`limits.${name} must be a positive integer; received ${describeValue(value)}.`)
  return value
}

// A refused WebSocket upgrade: the socket left the HTTP server's hands at the upgrade, so close()
// would wait for it forever; end it once the refusal is written.
function closeRefusedUpgrade(request: FastifyRequest, reply: FastifyReply): void {
  if (request.headers.upgrade !== undefined) reply.raw.once('finish', () => request.raw.socket.destroy())
}

/**
 * Creates the per-session HTTP + WebSocket API (SPEC §10) over a `SessionManager`. Binds to
 * loopback by default; a non-loopback host without a token is refused here, before anything
 * listens. Every body, param and query is validated against the route's JSON schema; every error
 * is one line `{ "error": { "code", "message" } }`.
 *
 * @throws ConfigError for an unsafe bind, a short token, a missing root or a bad limit.
 *
 * @example
 * const server = createRagServer({ roots: ['/srv/repos'] })
 * const url = await server.listen() // http://127.0.0.1:7411
 * // POST {url}/sessions/me/index {"path":"my-repo"}; GET {url}/sessions/me/search?q=auth
 */
export function createRagServer(options: RagServerOptions): RagServer {
  const { host = '127.0.0.1', port = 7411, token, logger = false, version = '0.0.0', limits = {} } = options
  assertSafeBind(host, token)
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new ConfigError(`port must be an integer from 0 to 65535; received ${describeValue(port)}.`)
  const bodyBytes = positive('bodyBytes', limits.bodyBytes ?? 1_048_576)
  const urlLength = positive('urlLength', limits.urlLength ?? 8192)
  const schemas = routeSchemas({
    maxQueryLength: positive('queryLength', limits.queryLength ?? 1000),
    maxTopK: positive('topK', limits.topK ?? 50),
    maxDocumentBytes: positive('documentLength', limits.documentLength ?? 262_144),
  })
  const chat = options.chat === undefined ? undefined : resolveChatSettings(options.chat)
  const confinement = createPathConfinement(options.roots)
  const sessionIdleMs = limits.sessionIdleMs ?? 30 * 60_000
  if (sessionIdleMs !== Number.POSITIVE_INFINITY) positive('sessionIdleMs', sessionIdleMs)
  const sessions = options.sessions ?? new SessionManager({ maxSessions: positive('sessions', limits.sessions ?? 16), idleTimeoutMs: sessionIdleMs })
  const requestTimeoutMs = positive('requestTimeoutMs', limits.requestTimeoutMs ?? 30_000)
  const headersTimeoutMs = positive('headersTimeoutMs', limits.headersTimeoutMs ?? Math.min(10_000, requestTimeoutMs))
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new ConfigError(`limits.headersTimeoutMs must be at most limits.requestTimeoutMs (${requestTimeoutMs}); received ${headersTimeoutMs}.`)
  }
  const runs = new IndexRuns()
  const checkToken = token === undefined ? undefined : createBearerCheck(token)
  const requestsPerMinute = limits.requestsPerMinute ?? 1200
  const limiter: RateLimiter | undefined =
    requestsPerMinute === Number.POSITIVE_INFINITY ? undefined : createRateLimiter({ max: positive('requestsPerMinute', requestsPerMinute), windowMs: 60_000 })

  const app = Fastify({
    logger,
    bodyLimit: bodyBytes,
    routerOptions: { maxParamLength: 256 },
    // Coerce ?k=5 to a number, apply defaults, reject unknown properties rather than dropping them.
    ajv: { customOptions: { coerceTypes: true, useDefaults: true, removeAdditional: false, allErrors: false, allowUnionTypes: true } },
    return503OnClosing: true,
    // Slow clients: Node answers 408 and closes a connection whose headers (or whole request) take
    // longer than these; it checks every connection this often (Node's default is 30 s).
    requestTimeout: requestTimeoutMs,
    http: { headersTimeout: headersTimeoutMs, requestTimeout: requestTimeoutMs, connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(headersTimeoutMs / 4))) },
    // close() is a shutdown: do not wait for clients that keep connections (or refused upgrades) open.
    forceCloseConnections: true,
  })

  app.setErrorHandler((error, _request, reply) => {
    const { status, body } = toHttpError(error)
    if (status === 500) app.log.error(error)
    return reply.code(status).send(body)
  })
  app.setNotFoundHandler((request, reply) => {
    const { status, body } = httpError(404, 'NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]?.slice(0, 200)}.`)
    return reply.code(status).send(body)
  })
  app.addHook('onRequest', async (request, reply) => {
    const waitMs = limiter?.hit(request.ip) ?? 0
    if (waitMs > 0) {
      closeRefusedUpgrade(request, reply)
      const { status, body, retryAfterSeconds } = rateLimitedError(request.ip, limiter!.max, waitMs)
      return reply.code(status).header('retry-after', String(retryAfterSeconds)).send(body)
    }
    if (request.url.length > urlLength) {
      closeRefusedUpgrade(request, reply)
      const { status, body } = httpError(414, 'URI_TOO_LONG', `The request URL is longer than ${urlLength} characters.`)
      return reply.code(status).send(body)
    }
    if (checkToken && !checkToken(request.headers.authorization)) {
      closeRefusedUpgrade(request, reply)
      const { status, body } = httpError(401, 'UNAUTHORIZED', 'A valid bearer token is required (Authorization: Bearer <token>).')
      return reply.code(status).header('www-authenticate', 'Bearer').send(body)
    }
    return undefined
  })

  const context = { sessions, runs, confinement, schemas, limiter, chat }
  const openapi = buildOpenApi(schemas, version, token !== undefined)
  void app.register(websocket, { options: { maxPayload: 64 * 1024 } })
  void app.register(async (scoped) => {
    if (options.registry) registerSharedSessions(scoped, sessions, options.registry)
    scoped.get('/openapi.json', async () => openapi)
    registerSessionRoutes(scoped, context)
    registerFilesRoute(scoped, context)
    registerDocumentRoutes(scoped, context)
    registerEventsRoute(scoped, context)
    registerChatRoute(scoped, context)
    registerLayerRoutes(scoped, context)
  })

  return {
    app,
    sessions,
    confinement,
    async listen() {
      await app.listen({ host, port })
      const address = app.server.address() as AddressInfo
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address
      return `http://${shownHost}:${address.port}`
    },
    address() {
      const address = app.server.address()
      return address !== null && typeof address === 'object' ? address : undefined
    },
    async close() {
      await runs.stopAll()
      await app.close()
    },
  }
}
