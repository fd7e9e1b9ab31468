import { EmbeddingError } from '../embedding-error.js'
import { createHttpEmbedder, type EmbeddingProtocol, type HttpEmbedder, type HttpEmbedderOptions } from './http-embedder.js'

/** Options of {@link createOpenAiEmbedder}. */
export interface OpenAiEmbedderOptions extends HttpEmbedderOptions {
  /**
   * The API root, as in the OpenAI SDK's `baseURL`: `POST {baseUrl}/embeddings`. Ollama serves
   * `http://127.0.0.1:11434/v1`, LM Studio `http://127.0.0.1:1234/v1`, llama.cpp's server and vLLM
   * `http://127.0.0.1:8080/v1` (their usual ports).
   * @default 'https://api.openai.com/v1'
   */
  readonly baseUrl?: string
  /**
   * Send `dimensions` in the request, asking a model that can shorten its vectors (OpenAI's
   * `text-embedding-3-*`) for that length. Servers that do not know the field may reject it.
   * @default false
   */
  readonly requestDimensions?: boolean
}

function isVector(value: unknown): value is number[] {
  return Array.isArray(value) && value.every((x) => typeof x === 'number')
}

function openAiProtocol(requestDimensions: number | undefined): EmbeddingProtocol {
  return {
    kind: 'openai',
    path: '/embeddings',
    body: (model, texts) => ({ model, input: texts, encoding_format: 'float', ...(requestDimensions === undefined ? {} : { dimensions: requestDimensions }) }),
    parse(response, count, endpoint) {
      const data = (response as { data?: unknown } | null)?.data
      if (!Array.isArray(data) || data.length !== count) {
        const got = Array.isArray(data) ? `${data.length} embeddings` : 'no "data" array'
        throw new EmbeddingError(`POST ${endpoint} answered with ${got} for ${count} inputs.`, { endpoint })
      }
      const out: number[][] = new Array(count)
      data.forEach((item: { index?: unknown; embedding?: unknown }, position) => {
        // Entries carry their input's index; servers may return them in any order.
        const index = typeof item?.index === 'number' ? item.index : position
        if (!Number.isInteger(index) || index < 0 || index >= count || out[index] !== undefined || !isVector(item?.embedding)) {
          throw new EmbeddingError(`POST ${endpoint} answered with a malformed entry at data[${position}] (expected { index, embedding: number[] }).`, { endpoint })
        }
        out[index] = item.embedding
      })
      return out
    },
  }
}

/**
 * An `Embedder` for any OpenAI-compatible `POST /v1/embeddings` endpoint: OpenAI, Ollama, LM
 * Studio, llama.cpp's server, vLLM. Its `name` is `openai:<model>:<dimensions>`, the host left out
 * so the same model behind another URL keeps its stored vectors.
 *
 * @example
 * const embedder = createOpenAiEmbedder({ baseUrl: 'http://127.0.0.1:11434/v1', model: 'nomic-embed-text', dimensions: 768 })
 */
export function createOpenAiEmbedder(options: OpenAiEmbedderOptions): HttpEmbedder {
  const requested = options?.requestDimensions === true ? options.dimensions : undefined
  return createHttpEmbedder(openAiProtocol(requested), options?.baseUrl ?? 'https://api.openai.com/v1', options)
}
