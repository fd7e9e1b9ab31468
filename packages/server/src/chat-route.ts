import type { FastifyInstance } from 'fastify'
import { CancelledError } from '@rag/core'
import { GroundedChat, type ChatTurn } from '@rag/session'
import { busyError, eventPayload, historyOf, notConfiguredError } from './chat-settings.js'
import { httpError, toHttpError } from './http-error.js'
import { existingSession, type RouteContext } from './session-routes.js'

interface ChatBody {
  readonly message: string
  readonly allowUngrounded?: boolean
  readonly history?: readonly ChatTurn[]
}

/**
 * `POST /sessions/:id/chat` `{ message, allowUngrounded?, history? }`: a grounded answer as
 * server-sent events (`text/event-stream`): `context` (citations), one `token` per piece of the
 * answer as the model streams it, `done` (answered, grounded, citations, answer, finishReason);
 * or `notice` and `done`; a failure after the stream began is an `error` event with the usual
 * `{ code, message }`. Each event's data is one line of JSON. Refusals before the stream (no
 * model 501, unknown session 404, busy 429, schema 400) are ordinary JSON errors. HTTP keeps no
 * state: the client sends the earlier turns as `history`, cut to the server's budget. A client
 * that disconnects cancels the answer and the model's request.
 */
export function registerChatRoute(app: FastifyInstance, { sessions, schemas, chat }: RouteContext): void {
  app.post<{ Params: { id: string }; Body: ChatBody }>('/sessions/:id/chat', { schema: schemas.chat }, async (request, reply) => {
    if (chat === undefined) {
      const { status, body } = httpError(501, 'NOT_CONFIGURED', notConfiguredError().message)
      return reply.code(status).send(body)
    }
    const rag = existingSession(sessions, request.params.id)
    if (!chat.tryEnter()) throw busyError(chat)
    const { message, allowUngrounded = false, history = [] } = request.body
    const controller = new AbortController()
    const raw = reply.raw
    raw.on('close', () => {
      if (!raw.writableFinished) controller.abort()
    })
    reply.hijack()
    raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' })
    const write = (event: string, data: unknown): void => {
      if (!raw.destroyed) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
    }
    try {
      const grounded = new GroundedChat(rag, { client: chat.client, history: historyOf(chat, history), maxContextTokens: chat.maxContextTokens })
      for await (const event of grounded.ask(message, { signal: controller.signal, allowUngrounded })) write(event.type, eventPayload(event))
    } catch (error) {
      if (!(error instanceof CancelledError && controller.signal.aborted)) write('error', toHttpError(error).body.error)
    } finally {
      chat.leave()
      raw.end()
    }
  })
}
