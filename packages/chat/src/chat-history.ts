import { describeValue, InvalidArgumentError } from '@rag/core'
import type { ChatMessage } from './chat-message.js'

/** One finished exchange: the user's question and the model's answer. */
export interface ChatTurn {
  readonly question: string
  readonly answer: string
}

/** Counts the tokens of a text (the model's tokenizer, or an estimate). */
export type CountTokens = (text: string) => number

/** Options of {@link ChatHistory}. */
export interface ChatHistoryOptions {
  /**
   * The most tokens the kept turns may take together (questions, answers and
   * {@link TURN_OVERHEAD_TOKENS} per turn), a positive integer. Older turns are dropped first.
   * @default 2000
   */
  readonly maxTokens?: number
  /**
   * Counts the tokens of a text. Pass the model's tokenizer, or `estimateTokens` of `@rag/prompt`
   * (what `@rag/session` passes).
   * @default one token per 3 characters, rounded up
   */
  readonly countTokens?: CountTokens
}

/** Tokens a turn's two messages cost beyond their text (role markers, separators), as counted here. */
export const TURN_OVERHEAD_TOKENS = 8

const byLength: CountTokens = (text) => Math.ceil(text.length / 3)

/**
 * The conversation so far, bounded by a token budget: the most recent turns whose tokens fit
 * `maxTokens`. Adding a turn drops the oldest ones until the rest fits; a turn that alone is
 * larger than the budget empties the history (a conversation with a hole in the middle would
 * mislead the model more than a fresh one). Only what the user asked and the model answered is
 * kept, never the retrieved context, so every question is grounded on fresh retrieval.
 *
 * @example
 * const history = new ChatHistory({ maxTokens: 1500 })
 * history.add({ question: 'Where is auth?', answer: 'In src/auth.ts.' })
 * const messages = [system, ...history.messages(), { role: 'user', content: prompt }]
 */
export class ChatHistory {
  /** The budget, in tokens. */
  readonly maxTokens: number
  readonly #count: CountTokens
  #turns: { turn: ChatTurn; tokens: number }[] = []
  #tokens = 0

  /** @throws InvalidArgumentError for a `maxTokens` that is not a positive integer or a `countTokens` that is not a function. */
  constructor(options: ChatHistoryOptions = {}) {
    const { maxTokens = 2000, countTokens = byLength } = options
    if (typeof maxTokens !== 'number' || !Number.isSafeInteger(maxTokens) || maxTokens < 1) {
      throw new InvalidArgumentError(`maxTokens must be a positive integer; received ${describeValue(maxTokens)}.`)
    }
    if (typeof countTokens !== 'function') throw new InvalidArgumentError(`countTokens must be a function; received ${describeValue(countTokens)}.`)
    this.maxTokens = maxTokens
    this.#count = countTokens
  }

  /** The kept turns, oldest first. */
  get turns(): readonly ChatTurn[] {
    return this.#turns.map(({ turn }) => turn)
  }

  /** Tokens the kept turns take, as counted here. */
  get tokens(): number {
    return this.#tokens
  }

  /**
   * Appends a finished turn and drops the oldest turns until the history fits its budget.
   *
   * @throws InvalidArgumentError when the question or the answer is not a string.
   */
  add(turn: ChatTurn): void {
    const { question, answer } = (typeof turn === 'object' && turn !== null ? turn : {}) as Partial<ChatTurn>
    if (typeof question !== 'string') throw new InvalidArgumentError(`turn.question must be a string; received ${describeValue(question)}.`)
    if (typeof answer !== 'string') throw new InvalidArgumentError(`turn.answer must be a string; received ${describeValue(answer)}.`)
    const tokens = this.#count(question) + this.#count(answer) + TURN_OVERHEAD_TOKENS
    this.#turns.push({ turn: { question, answer }, tokens })
    this.#tokens += tokens
    while (this.#tokens > this.maxTokens && this.#turns.length > 0) this.#tokens -= this.#turns.shift()!.tokens
  }

  /** The kept turns as chat messages: `user`, `assistant`, `user`, ... oldest first. */
  messages(): ChatMessage[] {
    return this.#turns.flatMap(({ turn }) => [
      { role: 'user' as const, content: turn.question },
      { role: 'assistant' as const, content: turn.answer },
    ])
  }

  /** Forgets every turn. */
  clear(): void {
    this.#turns = []
    this.#tokens = 0
  }
}
