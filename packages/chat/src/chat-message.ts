import { describeValue, InvalidArgumentError } from '@rag/core'

/** Who speaks in a chat message. */
export type ChatRole = 'system' | 'user' | 'assistant'

/** One message of a conversation, as `/v1/chat/completions` takes it. */
export interface ChatMessage {
  readonly role: ChatRole
  readonly content: string
}

/** Token counts the endpoint reported (only some endpoints do, and only when asked). */
export interface ChatUsage {
  readonly promptTokens: number | undefined
  readonly completionTokens: number | undefined
  readonly totalTokens: number | undefined
}

/**
 * What a streamed completion yields: each piece of content as it arrives (`token`), then one
 * `end` with the finish reason (`stop`, `length`, ...), the usage when reported, and how many
 * attempts the request took.
 */
export type ChatStreamEvent =
  | { readonly type: 'token'; readonly text: string }
  | { readonly type: 'end'; readonly finishReason: string | undefined; readonly usage: ChatUsage | undefined; readonly attempts: number }

const ROLES: ReadonlySet<string> = new Set(['system', 'user', 'assistant'])

/**
 * Checks a conversation before it is sent.
 *
 * @throws InvalidArgumentError for an empty list, or a message whose role is not system, user or
 *   assistant or whose content is not a string (naming its index).
 */
export function assertMessages(messages: unknown): asserts messages is readonly ChatMessage[] {
  if (!Array.isArray(messages) || messages.length === 0) {
    throw new InvalidArgumentError(`messages must be a non-empty array of { role, content }; received ${describeValue(messages)}.`)
  }
  messages.forEach((message: unknown, index) => {
    const { role, content } = (typeof message === 'object' && message !== null ? message : {}) as Partial<ChatMessage>
    if (typeof role !== 'string' || !ROLES.has(role)) {
      throw new InvalidArgumentError(`messages[${index}].role must be "system", "user" or "assistant"; received ${describeValue(role)}.`)
    }
    if (typeof content !== 'string') throw new InvalidArgumentError(`messages[${index}].content must be a string; received ${describeValue(content)}.`)
  })
}
