import { RagError, type RagErrorOptions } from '@rag/core'

/**
 * Why a chat request failed:
 * - `status`: the endpoint answered with an error status (after the retries, for 408, 429 and 5xx);
 * - `timeout`: no response within `timeoutMs`, or a stream silent for `idleTimeoutMs`;
 * - `network`: the endpoint could not be reached, or the connection broke;
 * - `protocol`: the endpoint answered something that is not a chat completion (a body that is not
 *   JSON, a stream that ended before the model finished, an error event inside the stream).
 */
export type ChatFailure = 'status' | 'timeout' | 'network' | 'protocol'

/** Options of {@link ChatError}. */
export interface ChatErrorOptions extends RagErrorOptions {
  /** The URL that failed, without credentials or query string. */
  readonly endpoint: string
  /** Why it failed. */
  readonly failure: ChatFailure
  /** The HTTP status, when the endpoint answered with one. */
  readonly status?: number
  /** Attempts made, retries included. @default 1 */
  readonly attempts?: number
}

/**
 * A chat endpoint failed. The message is one line naming the endpoint and the status (or what
 * went wrong); it never contains the API key, even when the endpoint echoes it.
 *
 * @example
 * // POST http://127.0.0.1:11434/v1/chat/completions answered 401 Unauthorized; check the API key.
 */
export class ChatError extends RagError {
  /** The URL that failed, without credentials or query string. */
  readonly endpoint: string
  /** Why it failed. */
  readonly failure: ChatFailure
  /** The HTTP status, when the endpoint answered with one. */
  readonly status: number | undefined
  /** Attempts made, retries included. */
  readonly attempts: number

  constructor(message: string, options: ChatErrorOptions) {
    super('IO', message, options)
    this.name = 'ChatError'
    this.endpoint = options.endpoint
    this.failure = options.failure
    this.status = options.status
    this.attempts = options.attempts ?? 1
  }
}
