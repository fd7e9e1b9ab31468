import type { FastifyInstance } from 'fastify'
import type { RouteContext } from './session-routes.js'

/** Most WebSocket listeners per session. */
const MAX_LISTENERS = 32

function parseMessage(data: unknown): { type?: unknown; runId?: unknown } | undefined {
  try {
    const value: unknown = JSON.parse(String(data))
    return typeof value === 'object' && value !== null ? (value as { type?: unknown; runId?: unknown }) : undefined
  } catch {
    return undefined
  }
}

/**
 * `GET /sessions/:id/events` (WebSocket): on open, `{ type: 'hello', sessionId, run }`; then the
 * session's `started`, `progress`, `done`, `cancelled` and `error` events. The client may send
 * `{ "type": "cancel", "runId"?: string }` to cancel the session's run.
 */
export function registerEventsRoute(app: FastifyInstance, { runs, schemas }: RouteContext): void {
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
    const unsubscribe = runs.subscribe(sessionId, send)
    socket.on('close', unsubscribe)
    socket.on('message', (data) => {
      const message = parseMessage(data)
      if (message?.type !== 'cancel' || (message.runId !== undefined && typeof message.runId !== 'string')) {
        send({ type: 'error', error: { code: 'INVALID_ARGUMENT', message: 'Expected a JSON message {"type":"cancel","runId"?:string}.' } })
        return
      }
      const run = runs.active(sessionId)
      const cancelled = runs.cancel(sessionId, message.runId as string | undefined)
      send({ type: 'cancel-ack', runId: run?.id ?? null, cancelled })
    })
    send({ type: 'hello', sessionId, run: runs.active(sessionId) ?? null })
  })
}
