import type { FastifyInstance } from 'fastify'
import type { SessionManager } from '@rag/session'

/**
 * Sessions kept in a store that several servers share (a PostgreSQL database): any server may
 * answer any session. The server asks it on every session request, so a session created, indexed
 * or deleted through one server is seen by the others.
 */
export interface SessionRegistry {
  /** Whether the session exists in the shared store (created by any server). */
  exists(sessionId: string): Promise<boolean>
  /** Records the session in the shared store (idempotent). */
  create(sessionId: string): Promise<void>
  /** Deletes the session and everything in it from the shared store. */
  remove(sessionId: string): Promise<void>
}

// Routes that create their session when it does not exist yet.
const CREATING = new Set(['PUT /sessions/:id', 'POST /sessions/:id/index', 'POST /sessions/:id/documents'])

/**
 * Keeps this server's live sessions in step with the shared registry before each session route
 * runs: a session that exists in the registry is opened here (so `existingSession` finds it), one
 * deleted elsewhere is forgotten here (without clearing: its data is gone already), and a route
 * that creates a session records it. After a successful `DELETE /sessions/:id`, the session is
 * removed from the registry.
 */
export function registerSharedSessions(app: FastifyInstance, sessions: SessionManager, registry: SessionRegistry): void {
  app.addHook('preHandler', async (request) => {
    const id = (request.params as { id?: unknown } | undefined)?.id
    if (typeof id !== 'string') return
    const route = `${request.method} ${request.routeOptions.url ?? ''}`
    const exists = await registry.exists(id)
    if (exists && !sessions.has(id)) sessions.getRag(id)
    else if (!exists && sessions.has(id)) sessions.forget(id)
    if (CREATING.has(route) && !exists) await registry.create(id)
  })
  app.addHook('onSend', async (request, reply, payload) => {
    const id = (request.params as { id?: unknown } | undefined)?.id
    if (typeof id === 'string' && reply.statusCode === 200 && `${request.method} ${request.routeOptions.url ?? ''}` === 'DELETE /sessions/:id') await registry.remove(id)
    return payload
  })
}
