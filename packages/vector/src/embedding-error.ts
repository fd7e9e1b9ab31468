import { RagError, type RagErrorOptions } from '@rag/core'

/** Options of {@link EmbeddingError}. */
export interface EmbeddingErrorOptions extends RagErrorOptions {
  /** The URL that failed, without credentials or query string. */
  readonly endpoint?: string
  /** The HTTP status, when the server answered. */
  readonly status?: number
}

/**
 * An embedding service failed: it answered with an error status after the retries, timed out,
 * could not be reached, or sent a response that is not embeddings. The message is one line naming
 * the endpoint and the status; it never contains an API key.
 */
export class EmbeddingError extends RagError {
  /** The URL that failed, without credentials or query string. */
  readonly endpoint: string | undefined
  /** The HTTP status, when the server answered. */
  readonly status: number | undefined

  constructor(message: string, options: EmbeddingErrorOptions = {}) {
    super('IO', message, options)
    this.name = 'EmbeddingError'
    this.endpoint = options.endpoint
    this.status = options.status
  }
}
