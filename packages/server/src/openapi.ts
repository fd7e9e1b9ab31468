import { errorSchema, type RouteSchemas } from './schemas.js'
import { layerRouteSpecs } from './layer-routes.js'

interface RouteSpec {
  readonly method: 'get' | 'post' | 'put' | 'delete'
  readonly path: string
  readonly schema: { params?: unknown; querystring?: unknown; body?: unknown; response?: Record<number, unknown> }
  readonly summary: string
  readonly success: number
}

interface ObjectSchema {
  readonly properties?: Record<string, unknown>
  readonly required?: readonly string[]
}

function parameters(schema: unknown, where: 'path' | 'query'): unknown[] {
  const { properties = {}, required = [] } = (schema ?? {}) as ObjectSchema
  return Object.entries(properties).map(([name, property]) => ({ name, in: where, required: where === 'path' || required.includes(name), schema: property }))
}

/** The routes as OpenAPI sees them: the same schema objects Fastify validates with. */
function routes(s: RouteSchemas): RouteSpec[] {
  return [
    { method: 'put', path: '/sessions/{id}', schema: s.putSession, summary: 'Create a session (idempotent).', success: 201 },
    { method: 'delete', path: '/sessions/{id}', schema: s.deleteSession, summary: 'Delete a session: cancel its run and clear it.', success: 200 },
    { method: 'post', path: '/sessions/{id}/index', schema: s.index, summary: 'Index a directory inside the roots in the background; progress on /events.', success: 202 },
    { method: 'delete', path: '/sessions/{id}/index', schema: s.cancelIndex, summary: 'Cancel the run in progress.', success: 200 },
    { method: 'get', path: '/sessions/{id}/search', schema: s.search, summary: 'Search the session.', success: 200 },
    {
      method: 'get',
      path: '/sessions/{id}/files',
      schema: s.files,
      summary: 'Locate files: the files a change or question most likely touches (query routed, path priors, definitions and file names), with the plan, each signal\'s contribution and the best chunks\' line ranges.',
      success: 200,
    },
    { method: 'post', path: '/sessions/{id}/prompt', schema: s.prompt, summary: 'Build a context prompt for a question.', success: 200 },
    {
      method: 'post',
      path: '/sessions/{id}/chat',
      schema: s.chat,
      summary:
        'Answer a question with the server\'s model, grounded on the session (top 5, fenced context): text/event-stream of context, token..., done (citations as path:start-end); notice when the session has no context; 501 without a model.',
      success: 200,
    },
    ...layerRouteSpecs(s.layers),
    { method: 'get', path: '/sessions/{id}/status', schema: s.status, summary: 'Files, chunks, documents, last index time, run in progress.', success: 200 },
    { method: 'post', path: '/sessions/{id}/clear', schema: s.clear, summary: 'Empty the session.', success: 200 },
    { method: 'post', path: '/sessions/{id}/documents', schema: s.addDocument, summary: 'Add a document of your own.', success: 201 },
    { method: 'get', path: '/sessions/{id}/documents', schema: s.listDocuments, summary: 'List added documents.', success: 200 },
    { method: 'get', path: '/sessions/{id}/documents/{docId}', schema: s.document, summary: 'Get a document.', success: 200 },
    { method: 'delete', path: '/sessions/{id}/documents/{docId}', schema: s.document, summary: 'Remove a document.', success: 200 },
    {
      method: 'get',
      path: '/sessions/{id}/events',
      schema: s.events,
      summary:
        'WebSocket: hello, started, progress, done, cancelled, error events; send {"type":"cancel"} to cancel, {"type":"search","id"?,"q","k"?,"path"?,"lang"?} to get result messages then results-done, or {"type":"chat","id"?,"message","allowUngrounded"?} for chat-context, chat-token..., chat-done (cancel with {"type":"chat-cancel","id"?}).',
      success: 101,
    },
  ]
}

const ERROR_STATUSES: Record<number, string> = {
  400: 'Invalid request (schema, JSON, argument).',
  401: 'Missing or wrong bearer token.',
  403: 'Path outside the configured roots.',
  404: 'Unknown session, document or route.',
  409: 'A run is already in progress.',
  413: 'Body or index too large.',
  429: 'Too many sessions, requests or chat answers in progress.',
  501: 'The server has no chat model.',
  502: 'The chat model failed (the message names its endpoint and status).',
  500: 'Internal error (generic message).',
}

/**
 * The OpenAPI 3.1 description of the server, built from the route schemas (served at
 * `GET /openapi.json`).
 */
export function buildOpenApi(schemas: RouteSchemas, version: string, authenticated: boolean): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of routes(schemas)) {
    const { params, querystring, body, response } = route.schema
    const responses: Record<string, unknown> = {
      [route.success]: {
        description: 'Success.',
        ...(response?.[200] ? { content: { 'application/json': { schema: response[200] } } } : {}),
      },
    }
    for (const [status, description] of Object.entries(ERROR_STATUSES)) {
      responses[status] = { description, content: { 'application/json': { schema: errorSchema } } }
    }
    paths[route.path] = {
      ...paths[route.path],
      [route.method]: {
        summary: route.summary,
        parameters: [...parameters(params, 'path'), ...parameters(querystring, 'query')],
        ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } } : {}),
        responses,
      },
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: '@rag/server', version, description: 'Per-session code retrieval over HTTP and WebSocket.' },
    paths,
    ...(authenticated
      ? { components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } }, security: [{ bearer: [] }] }
      : {}),
  }
}
