import { Ajv } from 'ajv'
import type { FastifyInstance } from 'fastify'
import { createChatChannel, type ChatRequestMessage } from './chat-channel.js'
import { rateLimitedError, toHttpError } from './http-error.js'
import { existingSession, filterOf, hitJson, type RouteContext } from './session-routes.js'

/** Most WebSocket listeners per session. */
const MAX_LISTENERS = 32

/** A client message: `cancel` (the session's run) or `search` (results streamed back). */
type ClientMessage =
  | { readonly type: 'cancel'; readonly runId?: string }
  | { readonly type: 'search'; readonly id?: string; readonly q: string; readonly k: number; readonly path?: string; readonly lang?: string }

function parseJson(data: unknown): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(String(data))
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

/**
 * `GET /sessions/:id/events` (WebSocket): on open, `{ type: 'hello', sessionId, run }`; then the
 * session's `started`, `progress`, `done`, `cancelled` and `error` events. The client may send
 * `{ "type": "cancel", "runId"?: string }` to cancel the session's run, and
 * `{ "type": "search", "id"?, "q", "k"?, "path"?, "lang"? }` to search the session: the hits come
 * back one message each, `{ type: 'result', id, rank, result }` (`rank` from 1; the shape of an HTTP search hit),
 * then `{ type: 'results-done', id, count }`; a failure is `{ type: 'error', id, error }`. Searches
 * have the HTTP route's bounds and count against the client's rate limit.
 *
 * `{ "type": "chat", "id"?, "message", "allowUngrounded"? }` asks the server's model, grounded on
 * the session (see `chat-channel.ts`): `chat-context` (citations), one `chat-token` per piece of
 * the answer as the model streams it, then `chat-done` with the cited chunks; or `chat-notice`
 * and `chat-done` when the session has no context. `{ "type": "chat-cancel", "id"? }` stops it
 * (`chat-cancelled`), and so does closing the socket; either aborts the model's request. (Chat
 * messages carry the `chat-` prefix so a client waiting for an index run's `done` never takes an
 * answer's end for it.) The connection keeps the conversation's history.
 */
export function registerEventsRoute(app: FastifyInstance, { sessions, runs, schemas, limiter, chat }: RouteContext): void {
  // `k` gets its default here as in the HTTP route; nothing is coerced (JSON keeps its types).
  const ajv = new Ajv({ useDefaults: true, allErrors: false })
  const validSearch = ajv.compile(schemas.searchMessage)
  const validChat = ajv.compile(schemas.chatMessage)
  const validChatCancel = ajv.compile(schemas.chatCancelMessage)
  const validators = new Map([
    ['search', validSearch],
    ['chat', validChat],
    ['chat-cancel', validChatCancel],
  ])

  app.get<{ Params: { id: string } }>('/sessions/:id/events', { schema: schemas.events, websocket: true }, (socket, request) => {
    const sessionId = request.params.id
    const send = (value: unknown): void => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(value))
    }
    if (runs.listenerCount(sessionId) >= MAX_LISTENERS) {
      send({ type: 'error', error: { code: 'LIMIT_EXCEEDED', message: `Session "${sessionId}" already has ${MAX_LISTENERS} event listeners.` } })
      socket.close(1008, 'too many listeners')
      return
    }

    const cancel = (message: Extract<ClientMessage, { type: 'cancel' }>): void => {
      const run = runs.active(sessionId)
      const cancelled = runs.cancel(sessionId, message.runId)
      send({ type: 'cancel-ack', runId: run?.id ?? null, cancelled })
    }

    const search = async (message: Extract<ClientMessage, { type: 'search' }>): Promise<void> => {
      const id = message.id ?? null
      const waitMs = limiter?.hit(request.ip) ?? 0
      if (waitMs > 0) {
        send({ type: 'error', id, error: rateLimitedError(request.ip, limiter!.max, waitMs).body.error })
        return
      }
      try {
        const hits = await existingSession(sessions, sessionId).search(message.q, message.k, filterOf(message.path, message.lang))
        hits.forEach((hit, index) => send({ type: 'result', id, rank: index + 1, result: hitJson(hit) }))
        send({ type: 'results-done', id, count: hits.length })
      } catch (error) {
        send({ type: 'error', id, error: toHttpError(error).body.error })
      }
    }

    const chatChannel = createChatChannel({ sessions, sessionId, chat, limiter, client: request.ip, send })
    const unsubscribe = runs.subscribe(sessionId, send)
    socket.on('close', () => {
      unsubscribe()
      chatChannel.close()
    })
    socket.on('message', (data) => {
      const message = parseJson(data)
      if (message?.['type'] === 'chat' && validChat(message)) {
        void chatChannel.ask(message as unknown as ChatRequestMessage)
        return
      }
      if (message?.['type'] === 'chat-cancel' && validChatCancel(message)) {
        const id = typeof message['id'] === 'string' ? message['id'] : undefined
        send({ type: 'chat-cancel-ack', id: id ?? null, cancelled: chatChannel.cancel(id) })
        return
      }
      if (message?.['type'] === 'cancel' && (message['runId'] === undefined || typeof message['runId'] === 'string')) {
        cancel(message as ClientMessage & { type: 'cancel' })
        return
      }
      if (message?.['type'] === 'search' && validSearch(message)) {
        void search(message as ClientMessage & { type: 'search' })
        return
      }
      const id = typeof message?.['id'] === 'string' ? message['id'] : null
      const validator = validators.get(String(message?.['type']))
      const detail = validator ? `: ${validator.errors?.[0]?.instancePath || 'message'} ${validator.errors?.[0]?.message ?? 'is invalid'}` : ''
      send({
        type: 'error',
        id,
        error: {
          code: 'INVALID_ARGUMENT',
          message: `Expected {"type":"cancel","runId"?}, {"type":"search","id"?,"q","k"?,"path"?,"lang"?}, {"type":"chat","id"?,"message","allowUngrounded"?} or {"type":"chat-cancel","id"?}${detail}.`,
        },
      })
    })
    send({ type: 'hello', sessionId, run: runs.active(sessionId) ?? null })
  })
}
