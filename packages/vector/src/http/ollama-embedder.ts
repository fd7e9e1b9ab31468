import { EmbeddingError } from '../embedding-error.js'
import { createHttpEmbedder, type EmbeddingProtocol, type HttpEmbedder, type HttpEmbedderOptions } from './http-embedder.js'

/** Options of {@link createOllamaEmbedder}. */
export interface OllamaEmbedderOptions extends HttpEmbedderOptions {
  /**
   * Where Ollama listens: `POST {baseUrl}/api/embed`.
   * @default 'http://127.0.0.1:11434'
   */
  readonly baseUrl?: string
  /**
   * Let Ollama cut inputs longer than the model's context instead of failing the batch.
   * @default true
   */
  readonly truncate?: boolean
}

function ollamaProtocol(truncate: boolean): EmbeddingProtocol {
  return {
    kind: 'ollama',
    path: '/api/embed',
    body: (model, texts) => ({ model, input: texts, truncate }),
    parse(response, count, endpoint) {
      const embeddings = (response as { embeddings?: unknown } | null)?.embeddings
      if (!Array.isArray(embeddings) || embeddings.length !== count) {
        const got = Array.isArray(embeddings) ? `${embeddings.length} embeddings` : 'no "embeddings" array'
        throw new EmbeddingError(`POST ${endpoint} answered with ${got} for ${count} inputs.`, { endpoint })
      }
      embeddings.forEach((vector: unknown, i) => {
        if (!Array.isArray(vector) || !vector.every((x) => typeof x === 'number')) {
          throw new EmbeddingError(`POST ${endpoint} answered with a malformed embeddings[${i}] (expected number[]).`, { endpoint })
        }
      })
      return embeddings as number[][]
    },
  }
}

/**
 * An `Embedder` for Ollama's native `POST /api/embed` (batched `input`, Ollama 0.3.4 and later).
 * Its `name` is `ollama:<model>:<dimensions>`.
 *
 * @example
 * const embedder = createOllamaEmbedder({ model: 'nomic-embed-text', dimensions: 768 })
 */
export function createOllamaEmbedder(options: OllamaEmbedderOptions): HttpEmbedder {
  return createHttpEmbedder(ollamaProtocol(options?.truncate ?? true), options?.baseUrl ?? 'http://127.0.0.1:11434', options)
}
