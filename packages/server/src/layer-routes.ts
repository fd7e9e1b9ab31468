import type { FastifyInstance } from 'fastify'
import { ENTRYPOINT_KINDS } from '@rag/core'
import type { EdgeKind, EntrypointKind } from '@rag/session'
import { existingSession, type RouteContext } from './session-routes.js'

interface SessionParams {
  readonly id: string
}

const EDGE_KINDS = ['imports', 'calls', 'extends', 'implements', 'mounts', 'routes'] as const

/** JSON schemas of the code layer routes (validation and `/openapi.json`), with the server's `/sessions/:id` params schema. */
export function layerRouteSchemas<P>(limits: { readonly maxQueryLength: number }, sessionParams: P) {
  const text = (description: string, maxLength = 200) => ({ type: 'string', minLength: 1, maxLength, description }) as const
  return {
    symbols: {
      params: sessionParams,
      querystring: {
        type: 'object',
        required: ['q'],
        additionalProperties: false,
        properties: {
          q: text('A name (parseArgs), qualified name (Store.read) or glob (parse*, *Handler); case-sensitive.', limits.maxQueryLength),
          kind: text('Only this kind: function, method, class, interface, type, enum, constant, ...', 40),
          lang: text('Only this language id: typescript, python, go, ...', 40),
          limit: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
          excludeTests: { type: 'boolean', default: false, description: 'Leave out definitions in test code.' },
        },
      },
    },
    deps: {
      params: sessionParams,
      querystring: {
        type: 'object',
        required: ['target'],
        additionalProperties: false,
        properties: {
          target: text('A file path relative to the indexed root, or a symbol name.', 4096),
          reverse: { type: 'boolean', default: false, description: 'Importers and callers instead of imports and callees.' },
          depth: { type: 'integer', minimum: 1, maximum: 10, default: 1 },
          kind: { type: 'string', pattern: `^(${EDGE_KINDS.join('|')})(,(${EDGE_KINDS.join('|')}))*$`, description: 'Only these edge kinds, comma-separated.' },
          recursive: { type: 'boolean', default: false, description: 'For a directory: every file below it, not only the files directly in it (a package).' },
        },
      },
    },
    routes: {
      params: sessionParams,
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: {
          kind: { type: 'string', enum: [...ENTRYPOINT_KINDS] },
          method: { type: 'string', pattern: '^(\\*|[A-Za-z]{3,7})$', description: 'Only this HTTP method; routes for any method match too.' },
          route: text('A route or command: exact, a glob (/orders/*), or a path a route serves (/orders/42 finds /orders/:id).', 1000),
          framework: text('Only this framework: express, flask, spring, gin, click, cobra, ...', 40),
          excludeTests: { type: 'boolean', default: false, description: "Leave out routes and commands declared in test code (a test's own server)." },
        },
      },
    },
  }
}

/** The schemas {@link layerRouteSchemas} returns. */
export type LayerRouteSchemas = ReturnType<typeof layerRouteSchemas<unknown>>

/** The layer routes as `/openapi.json` lists them. */
export function layerRouteSpecs(s: LayerRouteSchemas) {
  return [
    { method: 'get', path: '/sessions/{id}/symbols', schema: s.symbols, summary: 'Symbol definitions by name, qualified name or glob (needs a session indexing with code layers).', success: 200 },
    { method: 'get', path: '/sessions/{id}/deps', schema: s.deps, summary: 'Imports and calls of a file or symbol, or importers and callers (reverse), to a depth.', success: 200 },
    { method: 'get', path: '/sessions/{id}/routes', schema: s.routes, summary: 'Entrypoints: HTTP routes, CLI commands, mains, scheduled and queue jobs.', success: 200 },
  ] as const
}

/**
 * Code layer routes (seed 003), answered by the session's layer API: `GET /sessions/:id/symbols?q=`,
 * `GET /sessions/:id/deps?target=` and `GET /sessions/:id/routes`. A session that indexes without
 * layers answers 400 `CONFIG`; an unknown target 404 `NOT_FOUND`; a path outside the indexed root 400.
 */
export function registerLayerRoutes(app: FastifyInstance, { sessions, schemas: { layers: schemas } }: RouteContext): void {
  app.get<{ Params: SessionParams; Querystring: { q: string; kind?: string; lang?: string; limit: number; excludeTests: boolean } }>('/sessions/:id/symbols', { schema: schemas.symbols }, async (request) => {
    const rag = existingSession(sessions, request.params.id)
    const { q, kind, lang, limit, excludeTests } = request.query
    const symbols = await rag.symbols(q, { limit, excludeTests, ...(kind !== undefined ? { kind } : {}), ...(lang !== undefined ? { language: lang } : {}) })
    return { symbols }
  })

  app.get<{ Params: SessionParams; Querystring: { target: string; reverse: boolean; depth: number; kind?: string; recursive: boolean } }>('/sessions/:id/deps', { schema: schemas.deps }, async (request) => {
    const rag = existingSession(sessions, request.params.id)
    const { target, reverse, depth, kind, recursive } = request.query
    const kinds = kind?.split(',') as EdgeKind[] | undefined
    const steps = await rag.dependencies(target, { reverse, depth, recursive, ...(kinds ? { kinds } : {}) })
    return { dependencies: steps.map((step) => ({ depth: step.depth, ...step.edge })) }
  })

  app.get<{ Params: SessionParams; Querystring: { kind?: EntrypointKind; method?: string; route?: string; framework?: string; excludeTests: boolean } }>(
    '/sessions/:id/routes',
    { schema: schemas.routes },
    async (request) => {
      const rag = existingSession(sessions, request.params.id)
      const { kind, method, route, framework, excludeTests } = request.query
      const entrypoints = await rag.entrypoints({ excludeTests, ...(kind ? { kind } : {}), ...(method ? { method } : {}), ...(route ? { route } : {}), ...(framework ? { framework } : {}) })
      return { entrypoints }
    },
  )
}
