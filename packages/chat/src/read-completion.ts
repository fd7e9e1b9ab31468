import { bodyExcerpt } from '@rag/core'
import { ChatError } from './chat-error.js'
import type { ChatStreamEvent, ChatUsage } from './chat-message.js'
import { SseParser } from './sse-parser.js'

/** The longest SSE event, or non-streaming body, accepted (a runaway endpoint cannot fill memory). */
const MAX_EVENT_CHARS = 16 * 1024 * 1024

/** What reading a response body needs besides the body. */
export interface ReadContext {
  readonly endpoint: string
  readonly secret: string | undefined
  /** Longest silence between two chunks of the body. */
  readonly idleTimeoutMs: number
  /** Aborts the request (and so the body) when the stream is silent too long. */
  readonly abort: () => void
  /** Attempts the request took, reported in `end`. */
  readonly attempts: number
}

/** What one parsed chunk (or a whole non-streaming completion) carries. */
interface CompletionPiece {
  readonly content: string | undefined
  readonly finishReason: string | undefined
  readonly usage: ChatUsage | undefined
  readonly error: string | undefined
}

function numberOr(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

/** Reads `choices[0].delta` (a stream chunk) or `choices[0].message` (a whole completion), `usage` and `error`. */
function readPiece(value: unknown): CompletionPiece {
  const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>
  const rawError = record['error']
  const error =
    typeof rawError === 'string'
      ? rawError
      : typeof rawError === 'object' && rawError !== null && typeof (rawError as { message?: unknown }).message === 'string'
        ? (rawError as { message: string }).message
        : undefined
  const choice = (Array.isArray(record['choices']) ? record['choices'][0] : undefined) as Record<string, unknown> | undefined
  const delta = (choice?.['delta'] ?? choice?.['message']) as Record<string, unknown> | undefined
  const content = typeof delta?.['content'] === 'string' ? delta['content'] : undefined
  const finishReason = typeof choice?.['finish_reason'] === 'string' ? choice['finish_reason'] : undefined
  const rawUsage = record['usage'] as Record<string, unknown> | undefined | null
  const usage =
    typeof rawUsage === 'object' && rawUsage !== null
      ? { promptTokens: numberOr(rawUsage['prompt_tokens']), completionTokens: numberOr(rawUsage['completion_tokens']), totalTokens: numberOr(rawUsage['total_tokens']) }
      : undefined
  return { content, finishReason, usage, error }
}

function protocolError(context: ReadContext, message: string, cause?: unknown): ChatError {
  return new ChatError(`POST ${context.endpoint} ${message}`, { endpoint: context.endpoint, failure: 'protocol', attempts: context.attempts, cause })
}

function parseJson(context: ReadContext, text: string, what: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw protocolError(context, `sent ${what} that is not JSON: "${bodyExcerpt(text, context.secret, 80)}".`, error)
  }
}

/** The body's chunks, each read within `idleTimeoutMs`; a silent stream aborts the request. */
async function* bodyChunks(response: Response, context: ReadContext, timedOut: { value: boolean }): AsyncGenerator<string> {
  if (response.body === null) throw protocolError(context, `answered ${response.status} without a body.`)
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  try {
    for (;;) {
      const timer = setTimeout(() => {
        timedOut.value = true
        context.abort()
      }, context.idleTimeoutMs)
      let chunk: Awaited<ReturnType<typeof reader.read>>
      try {
        chunk = await reader.read()
      } finally {
        clearTimeout(timer)
      }
      if (chunk.done) break
      yield decoder.decode(chunk.value, { stream: true })
    }
    const rest = decoder.decode()
    if (rest !== '') yield rest
  } finally {
    reader.releaseLock()
  }
}

/**
 * Reads a successful response of `/v1/chat/completions` into events: an SSE stream of
 * `chat.completion.chunk` objects (until `data: [DONE]` or the end of the body), or, from an
 * endpoint that ignored `stream: true`, one JSON completion. Each non-empty content delta is a
 * `token`; the last event is `end`.
 *
 * @throws ChatError `protocol` for an event or body that is not JSON, an error object in the
 *   stream, or a stream that ended before the model finished (no finish reason and no `[DONE]`);
 *   errors of the body stream itself (network, abort) propagate for the caller to classify.
 */
export async function* readCompletion(response: Response, context: ReadContext, timedOut: { value: boolean }): AsyncGenerator<ChatStreamEvent> {
  let finishReason: string | undefined
  let usage: ChatUsage | undefined
  const contentType = response.headers.get('content-type') ?? ''
  if (/\bapplication\/json\b/i.test(contentType)) {
    let text = ''
    for await (const part of bodyChunks(response, context, timedOut)) {
      text += part
      if (text.length > MAX_EVENT_CHARS) throw protocolError(context, `sent a completion longer than ${MAX_EVENT_CHARS} characters.`)
    }
    const piece = readPiece(parseJson(context, text, 'a completion'))
    if (piece.error !== undefined) throw protocolError(context, `answered with an error: ${bodyExcerpt(piece.error, context.secret)}.`)
    if (piece.content === undefined) throw protocolError(context, `sent a completion without choices[0].message.content: "${bodyExcerpt(text, context.secret, 80)}".`)
    if (piece.content !== '') yield { type: 'token', text: piece.content }
    yield { type: 'end', finishReason: piece.finishReason, usage: piece.usage, attempts: context.attempts }
    return
  }

  const parser = new SseParser(MAX_EVENT_CHARS)
  let done = false
  const handle = function* (events: readonly { event: string; data: string }[]): Generator<ChatStreamEvent> {
    for (const { event, data } of events) {
      if (done) return
      if (data.trim() === '[DONE]') {
        done = true
        return
      }
      const piece = readPiece(parseJson(context, data, 'an event'))
      const error = piece.error ?? (event === 'error' ? data : undefined)
      if (error !== undefined) throw protocolError(context, `sent an error in the stream: ${bodyExcerpt(error, context.secret)}.`)
      if (piece.content !== undefined && piece.content !== '') yield { type: 'token', text: piece.content }
      if (piece.finishReason !== undefined) finishReason = piece.finishReason
      if (piece.usage !== undefined) usage = piece.usage
    }
  }
  try {
    for await (const text of bodyChunks(response, context, timedOut)) {
      yield* handle(parser.push(text))
      if (done) break
    }
    if (!done) yield* handle(parser.end())
  } catch (error) {
    if (error instanceof RangeError) throw protocolError(context, `sent ${error.message}.`, error)
    throw error
  }
  if (!done && finishReason === undefined) {
    throw protocolError(context, 'ended the stream before the model finished (no finish reason and no [DONE]); the answer is incomplete.')
  }
  yield { type: 'end', finishReason, usage, attempts: context.attempts }
}
