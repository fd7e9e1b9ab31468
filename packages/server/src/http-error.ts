import { LimitExceededError, RagError } from '@rag/core'
import { ChatError, PathNotAllowedError } from '@rag/session'

/** The body of every error response: one line of JSON. */
export interface ErrorBody {
  readonly error: {
    /** A `RagErrorCode`, or `UNAUTHORIZED`, `FORBIDDEN`, `PAYLOAD_TOO_LARGE`, ... for HTTP-level refusals. */
    readonly code: string
    /** One sentence; never a stack trace, never file contents. */
    readonly message: string
  }
}

/** An error as the server answers it. */
export interface HttpError {
  readonly status: number
  readonly body: ErrorBody
}

const RAG_STATUS: Partial<Record<RagError['code'], number>> = {
  INVALID_ARGUMENT: 400,
  CONFIG: 400,
  DUPLICATE_ID: 409,
  CONFLICT: 409,
  NOT_FOUND: 404,
  CANCELLED: 409,
}

const GENERIC = 'The server could not complete the request.'

// One line, bounded: messages are the toolkit's own one-sentence messages, but a cause's text
// could carry newlines.
function oneLine(message: string): string {
  const flat = message.replace(/\s*\n\s*/g, ' ').trim()
  return flat.length > 500 ? `${flat.slice(0, 500)}...` : flat
}

/** Builds an error response. */
export function httpError(status: number, code: string, message: string): HttpError {
  return { status, body: { error: { code, message: oneLine(message) } } }
}

/** The refusal of a client over its rate limit, with the seconds to wait (at least 1). */
export function rateLimitedError(client: string, maxPerMinute: number, waitMs: number): HttpError & { readonly retryAfterSeconds: number } {
  const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000))
  return { ...httpError(429, 'RATE_LIMITED', `Too many requests from ${client}: at most ${maxPerMinute} per minute; retry in ${retryAfterSeconds} s.`), retryAfterSeconds }
}

interface FastifyLikeError {
  readonly code?: unknown
  readonly statusCode?: unknown
  readonly validation?: unknown
  readonly validationContext?: unknown
  readonly message?: unknown
}

/**
 * Maps anything thrown while serving a request to a status and a one-line body: `RagError` codes
 * (INVALID_ARGUMENT/CONFIG 400, NOT_FOUND 404, CONFLICT/DUPLICATE_ID 409, LIMIT_EXCEEDED 413, or
 * 429 for `maxSessions` and `chat.maxInFlight`), a path outside the roots 403, a failed chat model
 * 502 `UPSTREAM` (504 for its timeouts; the message names the endpoint and status, never the key), Fastify's own errors (schema validation
 * 400, bad JSON 400, body too large 413, unsupported media type 415); anything else is a 500 with
 * a generic message, so no stack trace or internal detail reaches the client.
 */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof PathNotAllowedError) return httpError(403, 'FORBIDDEN', error.message)
  if (error instanceof LimitExceededError) {
    return error.limit === 'maxSessions' || error.limit === 'chat.maxInFlight' ? httpError(429, 'LIMIT_EXCEEDED', error.message) : httpError(413, 'LIMIT_EXCEEDED', error.message)
  }
  // The chat model failed: its one-line message names the endpoint and status, never the key.
  if (error instanceof ChatError) return httpError(error.failure === 'timeout' ? 504 : 502, 'UPSTREAM', error.message)
  if (error instanceof RagError) {
    const status = RAG_STATUS[error.code]
    return status === undefined ? httpError(500, 'INTERNAL', GENERIC) : httpError(status, error.code, error.message)
  }
  const e = (error ?? {}) as FastifyLikeError
  const message = typeof e.message === 'string' ? e.message : ''
  if (e.validation !== undefined) {
    const where = typeof e.validationContext === 'string' ? e.validationContext : 'request'
    return httpError(400, 'INVALID_ARGUMENT', message.startsWith(where) ? `${message}.` : `${where} ${message}.`)
  }
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return httpError(413, 'PAYLOAD_TOO_LARGE', 'The request body is larger than the server accepts (bodyLimit).')
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return httpError(400, 'INVALID_JSON', 'The request body is not valid JSON; expected a JSON object.')
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return httpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The request body must be application/json.')
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return httpError(400, 'INVALID_ARGUMENT', 'The Content-Length header does not match the body.')
  }
  // Other client errors Fastify raises itself (e.g. a body JSON.parse rejects) carry a 4xx status.
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    if (e.statusCode === 400 && error instanceof SyntaxError) return httpError(400, 'INVALID_JSON', 'The request body is not valid JSON; expected a JSON object.')
    return httpError(e.statusCode, 'BAD_REQUEST', 'The request was refused.')
  }
  return httpError(500, 'INTERNAL', GENERIC)
}
