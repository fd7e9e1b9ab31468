import type { FastifyInstance } from 'fastify'
import { RagError, type SearchResult } from '@rag/core'
import { statusToJson, type RagService, type SearchFilter, type SessionManager } from '@rag/session'
import type { ChatSettings } from './chat-settings.js'
import type { IndexRuns } from './index-runs.js'
import type { PathConfinement } from '@rag/session'
import type { RateLimiter } from './rate-limiter.js'
import type { RouteSchemas } from './schemas.js'

/** What the route modules share. */
export interface RouteContext {
  readonly sessions: SessionManager
  readonly runs: IndexRuns
  readonly confinement: PathConfinement
  readonly schemas: RouteSchemas
  /** The per-client rate limit (absent: off); WebSocket messages that do work count against it too. */
  readonly limiter?: RateLimiter | undefined
  /** Grounded chat (absent: the server has no model and chat requests are refused). */
  readonly chat?: ChatSettings | undefined
}

interface SessionParams {
  readonly id: string
}

/** The live session `id`, without creating it. @throws RagError `NOT_FOUND`. */
export function existingSession(sessions: SessionManager, id: string): RagService {
  if (!sessions.has(id)) throw new RagError('NOT_FOUND', `Session "${id}" does not exist; create it with PUT /sessions/${id} or by indexing.`)
  return sessions.getRag(id)
}

/** A search hit as JSON; each stream's `rank` in `explain` counts from 1, as `rag search --json` gives it. */
export function hitJson({ document, score, explain }: SearchResult): Record<string, unknown> {
  const { file, startLine, endLine, language } = document.metadata
  return {
    id: document.id,
    ...(typeof file === 'string' ? { file } : {}),
    ...(typeof startLine === 'number' ? { startLine } : {}),
    ...(typeof endLine === 'number' ? { endLine } : {}),
    ...(typeof language === 'string' ? { language } : {}),
    score,
    content: document.content,
    metadata: document.metadata,
    ...(explain ? { explain: explain.map(({ stream, rank, score: own, fused }) => ({ stream, rank: rank + 1, score: own, fused })) } : {}),
  }
}

/** `?path=&lang=` as a session search filter. */
export function filterOf(path: string | undefined, lang: string | undefined): SearchFilter | undefined {
  const language = lang
    ?.split(',')
    .map((l) => l.trim())
    .filter((l) => l !== '')
  if (path === undefined && (language === undefined || language.length === 0)) return undefined
  return { ...(path !== undefined ? { path } : {}), ...(language && language.length > 0 ? { language } : {}) }
}

/**
 * Session routes: create, index (202 + run id; cancel with DELETE), search, prompt, status,
 * clear, delete.
 */
export function registerSessionRoutes(app: FastifyInstance, { sessions, runs, confinement, schemas }: RouteContext): void {
  app.put<{ Params: SessionParams }>('/sessions/:id', { schema: schemas.putSession }, async (request, reply) => {
    const existed = sessions.has(request.params.id)
    sessions.getRag(request.params.id)
    return reply.code(existed ? 200 : 201).send({ id: request.params.id, created: !existed })
  })

  app.post<{ Params: SessionParams; Body: { path: string; force?: boolean } }>('/sessions/:id/index', { schema: schemas.index }, async (request, reply) => {
    // Confine before creating the session: a refused path leaves no trace.
    const path = await confinement.resolve(request.body.path)
    const rag = sessions.getRag(request.params.id)
    const runId = runs.start(request.params.id, rag, path, { force: request.body.force === true, within: confinement.roots })
    return reply.code(202).send({ runId, path })
  })

  app.delete<{ Params: SessionParams }>('/sessions/:id/index', { schema: schemas.cancelIndex }, async (request) => {
    existingSession(sessions, request.params.id)
    const run = runs.active(request.params.id)
    if (!run) throw new RagError('NOT_FOUND', `Session "${request.params.id}" has no index run in progress.`)
    runs.cancel(request.params.id, run.id)
    return { runId: run.id, cancelled: true }
  })

  app.get<{ Params: SessionParams; Querystring: { q: string; k: number; path?: string; lang?: string } }>(
    '/sessions/:id/search',
    { schema: schemas.search },
    async (request) => {
      const rag = existingSession(sessions, request.params.id)
      const { q, k, path, lang } = request.query
      const hits = await rag.search(q, k, filterOf(path, lang))
      return { results: hits.map(hitJson) }
    },
  )

  app.post<{
    Params: SessionParams
    Body: { question: string; k: number; maxTokens?: number | null; format?: 'fenced' | 'plain'; path?: string; lang?: string }
  }>('/sessions/:id/prompt', { schema: schemas.prompt }, async (request) => {
    const rag = existingSession(sessions, request.params.id)
    const { question, k, maxTokens, format, path, lang } = request.body
    const filter = filterOf(path, lang)
    const render = await rag.renderContextPrompt(question, k, {
      ...(maxTokens !== undefined && maxTokens !== null ? { maxTokens } : {}),
      ...(format !== undefined ? { format } : {}),
      ...(filter ? { filter } : {}),
    })
    // `status` says when the prompt is the question alone (`no-results`, `over-budget`) or was cut (`truncated`).
    // `truncated`: the hit rendered cut short, and how many of its lines were kept.
    const truncated = render.truncated === undefined ? null : { index: render.truncated.index, id: render.truncated.id, keptLines: render.truncated.keptLines, totalLines: render.truncated.totalLines }
    return { prompt: render.prompt, status: render.status, included: render.included.length, omitted: render.omitted.length, truncated }
  })

  app.get<{ Params: SessionParams }>('/sessions/:id/status', { schema: schemas.status }, async (request) => {
    const rag = existingSession(sessions, request.params.id)
    const status = await rag.getStatus()
    return { id: request.params.id, ...statusToJson(status), run: runs.active(request.params.id) ?? null }
  })

  app.post<{ Params: SessionParams }>('/sessions/:id/clear', { schema: schemas.clear }, async (request) => {
    const rag = existingSession(sessions, request.params.id)
    await runs.stop(request.params.id)
    await rag.clear()
    return { cleared: true }
  })

  app.delete<{ Params: SessionParams }>('/sessions/:id', { schema: schemas.deleteSession }, async (request) => {
    existingSession(sessions, request.params.id)
    await runs.stop(request.params.id)
    await sessions.removeSession(request.params.id)
    return { deleted: true }
  })
}
