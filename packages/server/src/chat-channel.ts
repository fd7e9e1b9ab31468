import { CancelledError } from '@rag/core'
import { GroundedChat, type ChatHistory, type SessionManager } from '@rag/session'
import { busyError, eventPayload, historyOf, notConfiguredError, type ChatSettings } from './chat-settings.js'
import { rateLimitedError, toHttpError } from './http-error.js'
import type { RateLimiter } from './rate-limiter.js'
import { existingSession } from './session-routes.js'

/** A `chat` message of the events WebSocket, validated. */
export interface ChatRequestMessage {
  readonly type: 'chat'
  readonly id?: string
  readonly message: string
  readonly allowUngrounded?: boolean
}

/** What a connection's chat needs from the server and the socket. */
export interface ChatChannelContext {
  readonly sessions: SessionManager
  readonly sessionId: string
  /** The server's chat settings; absent when it has no model. */
  readonly chat: ChatSettings | undefined
  readonly limiter: RateLimiter | undefined
  /** The client's address, for the rate limit. */
  readonly client: string
  /** Sends one JSON message to this socket (a no-op once it is closed). */
  readonly send: (value: unknown) => void
}

/** One WebSocket connection's conversation: its history and its answer in progress. */
export interface ChatChannel {
  /** Answers a question, streaming `chat-context`, `chat-token`..., `chat-done` (or `chat-notice`, `chat-cancelled`, `error`). */
  ask(message: ChatRequestMessage): Promise<void>
  /** Cancels the answer in progress (only the one with `id`, when given); `false` when there is none. */
  cancel(id?: string): boolean
  /** The socket closed: cancel the answer in progress. */
  close(): void
}

/**
 * The chat of one events WebSocket: the seed's binding before each answer (`GroundedChat` over the
 * session's `RagService`, resolved per question so a deleted session answers `NOT_FOUND`), the
 * connection's own history (never shared with another connection), one answer at a time per
 * connection, the server-wide limit of answers in progress, and the client's rate limit.
 */
export function createChatChannel({ sessions, sessionId, chat, limiter, client, send }: ChatChannelContext): ChatChannel {
  let history: ChatHistory | undefined
  let current: { readonly id: string | null; readonly controller: AbortController } | undefined

  return {
    async ask(message) {
      const id = message.id ?? null
      const fail = (error: unknown): void => send({ type: 'error', id, error: toHttpError(error).body.error })
      const waitMs = limiter?.hit(client) ?? 0
      if (waitMs > 0) return void send({ type: 'error', id, error: rateLimitedError(client, limiter!.max, waitMs).body.error })
      if (chat === undefined) return void send({ type: 'error', id, error: { code: 'NOT_CONFIGURED', message: notConfiguredError().message } })
      if (current !== undefined) {
        return void send({
          type: 'error',
          id,
          error: { code: 'CONFLICT', message: `This connection is still answering${current.id === null ? '' : ` chat "${current.id}"`}; send {"type":"chat-cancel"} or wait for chat-done.` },
        })
      }
      let rag
      try {
        rag = existingSession(sessions, sessionId)
      } catch (error) {
        return fail(error)
      }
      if (!chat.tryEnter()) return fail(busyError(chat))
      const controller = new AbortController()
      current = { id, controller }
      history ??= historyOf(chat)
      try {
        const grounded = new GroundedChat(rag, { client: chat.client, history, maxContextTokens: chat.maxContextTokens })
        for await (const event of grounded.ask(message.message, { signal: controller.signal, allowUngrounded: message.allowUngrounded === true })) {
          send({ type: `chat-${event.type}`, id, ...eventPayload(event) })
        }
      } catch (error) {
        if (error instanceof CancelledError && controller.signal.aborted) send({ type: 'chat-cancelled', id })
        else fail(error)
      } finally {
        chat.leave()
        current = undefined
      }
    },
    cancel(id) {
      if (current === undefined || (id !== undefined && current.id !== id)) return false
      current.controller.abort()
      return true
    },
    close() {
      current?.controller.abort()
    },
  }
}
