export { createRagServer, type RagServer, type RagServerOptions, type RagServerLimits } from './create-rag-server.js'
export type { RagServerChatOptions } from './chat-settings.js'
/** @deprecated Path confinement lives in `@rag/session`; import it from there. This re-export goes in the next minor release. */
export { createPathConfinement, PathNotAllowedError, type PathConfinement } from '@rag/session'
export { isLoopbackHost, assertSafeBind, createBearerCheck } from './auth.js'
export { toHttpError, httpError, type HttpError, type ErrorBody } from './http-error.js'
export type { SessionEvent, IndexRunSummary, ActiveRun } from './index-runs.js'
export { buildOpenApi } from './openapi.js'
export { routeSchemas, type RouteSchemas, type SchemaLimits } from './schemas.js'
