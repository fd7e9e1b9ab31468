import type { FastifyInstance } from 'fastify'
import { RagError, type Metadata } from '@rag/core'
import { existingSession, type RouteContext } from './session-routes.js'

/** Document routes: add (creates the session), list, get, remove. */
export function registerDocumentRoutes(app: FastifyInstance, { sessions, schemas }: RouteContext): void {
  app.post<{ Params: { id: string }; Body: { content: string; metadata?: Metadata } }>(
    '/sessions/:id/documents',
    { schema: schemas.addDocument },
    async (request, reply) => {
      const rag = sessions.getRag(request.params.id)
      const id = await rag.addDocument(request.body.content, request.body.metadata ?? {})
      return reply.code(201).send({ id })
    },
  )

  app.get<{ Params: { id: string } }>('/sessions/:id/documents', { schema: schemas.listDocuments }, async (request) => {
    const rag = existingSession(sessions, request.params.id)
    return { documents: await rag.listDocuments() }
  })

  app.get<{ Params: { id: string; docId: string } }>('/sessions/:id/documents/:docId', { schema: schemas.document }, async (request) => {
    const rag = existingSession(sessions, request.params.id)
    const document = await rag.getDocument(request.params.docId)
    if (!document) throw new RagError('NOT_FOUND', `Document "${request.params.docId}" does not exist in session "${request.params.id}".`)
    return { id: document.id, content: document.content, metadata: document.metadata }
  })

  app.delete<{ Params: { id: string; docId: string } }>('/sessions/:id/documents/:docId', { schema: schemas.document }, async (request) => {
    const rag = existingSession(sessions, request.params.id)
    const removed = await rag.removeDocument(request.params.docId)
    if (!removed) throw new RagError('NOT_FOUND', `Document "${request.params.docId}" does not exist in session "${request.params.id}".`)
    return { removed: true }
  })
}
