import { ConfigError, describeValue, LimitExceededError } from '@rag/core'
import { ChatHistory, estimateTokens, type ChatClient, type ChatTurn, type GroundedChatEvent } from '@rag/session'

/** Grounded chat on the server: the model, and the budgets and limits of answers. */
export interface RagServerChatOptions {
  /** The model (`createChatClient` of `@rag/session`, over any OpenAI-compatible endpoint). */
  readonly client: ChatClient
  /** Token budget of the retrieved context of one answer. @default 3000 */
  readonly maxContextTokens?: number
  /** Token budget of a conversation's history (per WebSocket connection, or per HTTP request's `history`). @default 2000 */
  readonly maxHistoryTokens?: number
  /** Most answers in progress at once across the server; more are refused with `LIMIT_EXCEEDED` (429). @default 8 */
  readonly maxInFlight?: number
}

/** The chat settings after defaults and checks, and the server-wide count of answers in progress. */
export interface ChatSettings {
  readonly client: ChatClient
  readonly maxContextTokens: number
  readonly maxHistoryTokens: number
  /** Takes a slot for one answer; `false` when every slot is taken. */
  tryEnter(): boolean
  /** Frees the slot of a finished answer. */
  leave(): void
  /** Answers in progress. */
  readonly inFlight: number
  readonly maxInFlight: number
}

function positive(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1) throw new ConfigError(`chat.${name} must be a positive integer; received ${describeValue(value)}.`)
  return value
}

/** Checks the chat options. @throws ConfigError naming a bad option. */
export function resolveChatSettings(options: RagServerChatOptions): ChatSettings {
  const client = options.client as Partial<ChatClient> | undefined
  if (typeof client?.stream !== 'function') throw new ConfigError(`chat.client must be a ChatClient (createChatClient); received ${describeValue(options.client)}.`)
  const maxInFlight = positive('maxInFlight', options.maxInFlight ?? 8)
  let inFlight = 0
  return {
    client: options.client,
    maxContextTokens: positive('maxContextTokens', options.maxContextTokens ?? 3000),
    maxHistoryTokens: positive('maxHistoryTokens', options.maxHistoryTokens ?? 2000),
    maxInFlight,
    get inFlight() {
      return inFlight
    },
    tryEnter() {
      if (inFlight >= maxInFlight) return false
      inFlight++
      return true
    },
    leave() {
      inFlight = Math.max(0, inFlight - 1)
    },
  }
}

/** A conversation history with the server's budget, holding `turns` (oldest first) cut to fit. */
export function historyOf(settings: ChatSettings, turns: readonly ChatTurn[] = []): ChatHistory {
  const history = new ChatHistory({ maxTokens: settings.maxHistoryTokens, countTokens: estimateTokens })
  for (const turn of turns) history.add(turn)
  return history
}

/** The refusal when every answer slot is taken. */
export function busyError(settings: ChatSettings): LimitExceededError {
  const { maxInFlight, inFlight } = settings
  return new LimitExceededError('chat.maxInFlight', maxInFlight, inFlight + 1, `The server is already answering ${maxInFlight} chat questions; try again when one has finished.`)
}

/** The refusal of a chat request on a server started without a model. */
export function notConfiguredError(): ConfigError {
  return new ConfigError('This server has no chat model; start it with chat options (`rag serve` reads chat.baseUrl and chat.model from the configuration).')
}

/** A `GroundedChatEvent` as a JSON message: its `type` and its fields (what the WebSocket prefixes with `chat-` and SSE names the event). */
export function eventPayload(event: GroundedChatEvent): Record<string, unknown> {
  switch (event.type) {
    case 'context':
      return { citations: event.citations, grounded: event.grounded }
    case 'token':
      return { text: event.text }
    case 'notice':
      return { code: event.code, message: event.message }
    case 'done':
      return {
        answered: event.answered,
        grounded: event.grounded,
        citations: event.citations,
        answer: event.answer,
        finishReason: event.finishReason ?? null,
        ...(event.usage ? { usage: event.usage } : {}),
      }
  }
}
