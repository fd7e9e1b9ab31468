/**
 * JSON schemas of every route (Fastify validates requests with them, and `/openapi.json` is built
 * from the same objects). Bounds come from the server's limits.
 */

import { layerRouteSchemas } from './layer-routes.js'

/** Limits the schemas enforce. */
export interface SchemaLimits {
  readonly maxQueryLength: number
  readonly maxTopK: number
  readonly maxDocumentBytes: number
}

/** Most earlier turns a client may send with `POST /sessions/:id/chat` (the server still cuts them to its token budget). */
export const MAX_CHAT_HISTORY_TURNS = 50
/** Longest earlier answer a client may send, in characters. */
export const MAX_CHAT_ANSWER_LENGTH = 100_000

const sessionId = { type: 'string', pattern: '^[A-Za-z0-9._-]{1,64}$', description: 'Session id: 1 to 64 letters, digits, ".", "_" or "-".' } as const

/** Params of `/sessions/:id/...`. */
export const sessionParams = { type: 'object', required: ['id'], additionalProperties: false, properties: { id: sessionId } } as const

/** Params of `/sessions/:id/documents/:docId`. */
export const documentParams = {
  type: 'object',
  required: ['id', 'docId'],
  additionalProperties: false,
  properties: { id: sessionId, docId: { type: 'string', minLength: 1, maxLength: 200 } },
} as const

/** The error body every failure returns. */
export const errorSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' } } },
  },
} as const

const metadataSchema = {
  type: 'object',
  additionalProperties: { type: ['string', 'number', 'boolean'] },
  maxProperties: 64,
} as const

const hitSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    file: { type: 'string' },
    startLine: { type: 'integer' },
    endLine: { type: 'integer' },
    language: { type: 'string' },
    score: { type: 'number' },
    content: { type: 'string' },
    metadata: metadataSchema,
    explain: {
      type: 'array',
      items: { type: 'object', properties: { stream: { type: 'string' }, rank: { type: 'integer' }, score: { type: 'number' }, fused: { type: 'number' } } },
    },
  },
} as const

const stringList = { type: 'array', items: { type: 'string' } } as const

/** The router's plan as `GET /sessions/:id/files` returns it. */
const planSchema = {
  type: 'object',
  properties: {
    query: { type: 'string' },
    intent: { type: 'string', description: 'locate, explain, find-tests, find-entrypoints, open-file, docs or general.' },
    anchors: {
      type: 'array',
      items: {
        type: 'object',
        properties: { kind: { type: 'string' }, text: { type: 'string' }, name: { type: 'string' }, method: { type: 'string' }, offset: { type: 'integer' } },
      },
    },
    terms: stringList,
    searchText: { type: 'string' },
    negated: stringList,
    priors: { type: 'object', properties: { demote: stringList, boost: stringList } },
    layers: stringList,
    limits: { type: 'object', properties: { chunks: { type: 'integer' }, files: { type: 'integer' } } },
    reasons: stringList,
  },
} as const

/** One located file as `GET /sessions/:id/files` returns it. */
const locatedFileSchema = {
  type: 'object',
  properties: {
    file: { type: 'string' },
    rank: { type: 'integer' },
    score: { type: 'number' },
    evidence: { type: 'number' },
    prior: { type: 'number' },
    categories: stringList,
    contributions: { type: 'array', items: { type: 'object', properties: { signal: { type: 'string' }, value: { type: 'number' } } } },
    chunks: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'string' }, rank: { type: 'integer' }, score: { type: 'number' }, startLine: { type: 'integer' }, endLine: { type: 'integer' } },
      },
    },
  },
} as const

/** Builds every route schema with the given limits. */
export function routeSchemas(limits: SchemaLimits) {
  const filter = {
    path: { type: 'string', minLength: 1, maxLength: 512, description: 'A glob over indexed file paths, or a directory.' },
    lang: { type: 'string', minLength: 1, maxLength: 200, description: 'Languages, comma-separated.' },
  } as const
  const query = { type: 'string', minLength: 1, maxLength: limits.maxQueryLength }
  const k = { type: 'integer', minimum: 1, maximum: limits.maxTopK, default: 10 }
  const allowUngrounded = {
    type: 'boolean',
    default: false,
    description: 'Ask the model even when the session has no context for the question; otherwise a notice replaces the answer.',
  }
  return {
    // Code layers (issue 12): GET /sessions/:id/symbols, /deps, /routes.
    layers: layerRouteSchemas(limits, sessionParams),
    putSession: { params: sessionParams },
    index: {
      params: sessionParams,
      body: {
        type: 'object',
        required: ['path'],
        additionalProperties: false,
        properties: {
          path: { type: 'string', minLength: 1, maxLength: 4096, description: 'A directory inside a configured root; relative paths start at the first root.' },
          force: { type: 'boolean', default: false },
        },
      },
    },
    cancelIndex: { params: sessionParams },
    search: {
      params: sessionParams,
      querystring: { type: 'object', required: ['q'], additionalProperties: false, properties: { q: query, k, ...filter } },
      response: { 200: { type: 'object', properties: { results: { type: 'array', items: hitSchema } } } },
    },
    files: {
      params: sessionParams,
      querystring: { type: 'object', required: ['q'], additionalProperties: false, properties: { q: query, k, ...filter } },
      response: {
        200: {
          type: 'object',
          properties: { query: { type: 'string' }, depth: { type: 'integer' }, plan: planSchema, files: { type: 'array', items: locatedFileSchema } },
        },
      },
    },
    prompt: {
      params: sessionParams,
      body: {
        type: 'object',
        required: ['question'],
        additionalProperties: false,
        properties: {
          question: query,
          k,
          // `null` is no budget, as leaving it out is (coercion would read it as 0).
          maxTokens: { type: ['integer', 'null'], minimum: 1, maximum: 1_000_000 },
          format: { type: 'string', enum: ['fenced', 'plain'] },
          ...filter,
        },
      },
      response: {
        200: {
          type: 'object',
          properties: {
            prompt: { type: 'string' },
            /** `complete`, `truncated` (results left out or cut), `over-budget`, `no-results` or `failed` (the prompt is the question alone). */
            status: { type: 'string', enum: ['complete', 'truncated', 'over-budget', 'no-results', 'failed'] },
            included: { type: 'integer' },
            omitted: { type: 'integer' },
            /** The hit rendered cut short (its place in the results, id, lines kept of its lines), or `null`. */
            truncated: {
              type: ['object', 'null'],
              properties: { index: { type: 'integer' }, id: { type: 'string' }, keptLines: { type: 'integer' }, totalLines: { type: 'integer' } },
            },
          },
        },
      },
    },
    status: { params: sessionParams },
    /**
     * `POST /sessions/:id/chat`: a grounded answer as server-sent events. `history` holds the
     * conversation's earlier turns (HTTP keeps no state between requests).
     */
    chat: {
      params: sessionParams,
      body: {
        type: 'object',
        required: ['message'],
        additionalProperties: false,
        properties: {
          message: { ...query, description: 'The question.' },
          allowUngrounded,
          history: {
            type: 'array',
            maxItems: MAX_CHAT_HISTORY_TURNS,
            description: 'Earlier turns, oldest first; the server keeps the most recent that fit its history budget.',
            items: {
              type: 'object',
              required: ['question', 'answer'],
              additionalProperties: false,
              properties: { question: { type: 'string', maxLength: limits.maxQueryLength }, answer: { type: 'string', maxLength: MAX_CHAT_ANSWER_LENGTH } },
            },
          },
        },
      },
    },
    addDocument: {
      params: sessionParams,
      body: {
        type: 'object',
        required: ['content'],
        additionalProperties: false,
        properties: { content: { type: 'string', maxLength: limits.maxDocumentBytes }, metadata: metadataSchema },
      },
    },
    listDocuments: { params: sessionParams },
    document: { params: documentParams },
    clear: { params: sessionParams },
    deleteSession: { params: sessionParams },
    events: { params: sessionParams },
    /**
     * A search sent over the events WebSocket: `{ "type": "search", "id"?, "q", "k"?, "path"?,
     * "lang"? }`, with the same bounds as `GET /sessions/:id/search` (not a route: validated by
     * the events route itself).
     */
    searchMessage: {
      type: 'object',
      required: ['type', 'q'],
      additionalProperties: false,
      properties: {
        type: { const: 'search' },
        id: { type: 'string', maxLength: 64, description: 'Echoed in every reply to this search.' },
        q: query,
        k,
        ...filter,
      },
    },
    /**
     * A question sent over the events WebSocket: `{ "type": "chat", "id"?, "message",
     * "allowUngrounded"? }`; the connection keeps the conversation's history.
     */
    chatMessage: {
      type: 'object',
      required: ['type', 'message'],
      additionalProperties: false,
      properties: {
        type: { const: 'chat' },
        id: { type: 'string', maxLength: 64, description: 'Echoed in every reply to this question.' },
        message: query,
        allowUngrounded,
      },
    },
    /** `{ "type": "chat-cancel", "id"? }`: stops the connection's answer in progress (only the one with this id, when given). */
    chatCancelMessage: {
      type: 'object',
      required: ['type'],
      additionalProperties: false,
      properties: { type: { const: 'chat-cancel' }, id: { type: 'string', maxLength: 64 } },
    },
  }
}

/** The schemas of every route, as {@link routeSchemas} builds them. */
export type RouteSchemas = ReturnType<typeof routeSchemas>

export { hitSchema, metadataSchema }
