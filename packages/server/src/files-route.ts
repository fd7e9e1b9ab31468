import type { FastifyInstance } from 'fastify'
import { existingSession, filterOf, type RouteContext } from './session-routes.js'

/**
 * `GET /sessions/:id/files?q=&k=&path=&lang=`: `RagService.locateFiles` over HTTP, the files a
 * change or question most likely touches, best first, with the plan and each signal's
 * contribution (the same ranking as `rag search --files` and the MCP `locate_files` tool).
 */
export function registerFilesRoute(app: FastifyInstance, { sessions, schemas }: RouteContext): void {
  app.get<{ Params: { id: string }; Querystring: { q: string; k: number; path?: string; lang?: string } }>(
    '/sessions/:id/files',
    { schema: schemas.files },
    async (request) => {
      const rag = existingSession(sessions, request.params.id)
      const { q, k, path, lang } = request.query
      const filter = filterOf(path, lang)
      return rag.locateFiles(q, { limit: k, ...(filter ? { filter } : {}) })
    },
  )
}
