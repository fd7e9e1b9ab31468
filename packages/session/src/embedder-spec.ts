import { ConfigError, credentialsInUrl, describeValue, type Analyzer, type Embedder, type JsonValue } from '@rag/core'
import { createHashEmbedder, createOllamaEmbedder, createOpenAiEmbedder } from '@rag/vector'

/**
 * Which embedder a session's vector stream uses: `none` (no vector stream: the default, since fused
 * vectors did not improve the evaluation), `static` (trained on the indexed corpus, no download),
 * `hash` (feature hashing: a weak fallback), `openai` (any OpenAI-compatible `/v1/embeddings`) or
 * `ollama` (Ollama's `/api/embed`).
 */
export type EmbedderKind = 'none' | 'static' | 'hash' | 'openai' | 'ollama'

/** The kinds, in the order `--embedder` lists them. */
export const EMBEDDER_KINDS: readonly EmbedderKind[] = Object.freeze(['none', 'static', 'hash', 'openai', 'ollama'])

/** How to build a session's embedder. */
export interface EmbedderSpec {
  readonly kind: EmbedderKind
  /** `openai` / `ollama`: the model (required). */
  readonly model?: string
  /** `openai` / `ollama`: the server. @default the embedder's (`https://api.openai.com/v1`, `http://127.0.0.1:11434`) */
  readonly baseUrl?: string
  /** `openai` / `ollama`: the API key (sent as a bearer token; never stored, logged or reported). */
  readonly apiKey?: string
  /**
   * Vector length: required for `openai` / `ollama` (every answer is checked against it).
   * @default 128 for `static`, 256 for `hash`
   */
  readonly dimensions?: number
  /**
   * `static`: retrain the model when more than this share of the term occurrences embedded since
   * training is newly outside its vocabulary.
   * @default 0.05
   */
  readonly retrainThreshold?: number
}

/** The default vector length of each local kind. */
export const DEFAULT_DIMENSIONS = Object.freeze({ static: 128, hash: 256 })

function isKind(value: unknown): value is EmbedderKind {
  return typeof value === 'string' && (EMBEDDER_KINDS as readonly string[]).includes(value)
}

/**
 * Checks a spec: a known kind, a model and dimensions for the HTTP kinds, an http(s) base URL.
 *
 * @throws ConfigError naming the field, the expected and the received value.
 */
export function assertEmbedderSpec(spec: unknown): asserts spec is EmbedderSpec {
  if (typeof spec !== 'object' || spec === null) throw new ConfigError(`embedder must be an object with a kind; received ${describeValue(spec)}.`)
  const { kind, model, baseUrl, dimensions, retrainThreshold } = spec as Record<string, unknown>
  if (!isKind(kind)) throw new ConfigError(`embedder.kind must be one of ${EMBEDDER_KINDS.map((k) => JSON.stringify(k)).join(', ')}; received ${describeValue(kind)}.`)
  const http = kind === 'openai' || kind === 'ollama'
  if (http && (typeof model !== 'string' || model.trim() === '')) {
    throw new ConfigError(`embedder.model must name the ${kind} embedding model (e.g. "nomic-embed-text"); received ${describeValue(model)}.`)
  }
  if (dimensions !== undefined || http) {
    if (!Number.isSafeInteger(dimensions) || (dimensions as number) < 1) {
      throw new ConfigError(`embedder.dimensions must be a positive integer${http ? ` (the length of the ${kind} model's vectors)` : ''}; received ${describeValue(dimensions)}.`)
    }
  }
  if (baseUrl !== undefined) {
    let url: URL | undefined
    try {
      url = new URL(String(baseUrl))
    } catch {
      url = undefined
    }
    if (typeof baseUrl !== 'string' || url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new ConfigError(`embedder.baseUrl must be an http(s) URL such as http://127.0.0.1:11434; received ${describeValue(baseUrl)}.`)
    }
    const credentials = credentialsInUrl(url, 'embedder.baseUrl')
    if (credentials !== undefined) throw new ConfigError(credentials)
  }
  if (retrainThreshold !== undefined && (typeof retrainThreshold !== 'number' || !(retrainThreshold > 0 && retrainThreshold < 1))) {
    throw new ConfigError(`embedder.retrainThreshold must be a number in (0, 1); received ${describeValue(retrainThreshold)}.`)
  }
}

/**
 * The embedder of a `hash`, `openai` or `ollama` spec (a `static` one is built from its trained
 * model instead).
 */
export function createSpecEmbedder(spec: EmbedderSpec, analyzer: Analyzer): Embedder {
  switch (spec.kind) {
    case 'hash':
      return createHashEmbedder({ analyzer, dimensions: spec.dimensions ?? DEFAULT_DIMENSIONS.hash })
    case 'openai':
      return createOpenAiEmbedder({ model: spec.model!, dimensions: spec.dimensions!, ...(spec.baseUrl ? { baseUrl: spec.baseUrl } : {}), ...(spec.apiKey ? { apiKey: spec.apiKey } : {}) })
    case 'ollama':
      return createOllamaEmbedder({ model: spec.model!, dimensions: spec.dimensions!, ...(spec.baseUrl ? { baseUrl: spec.baseUrl } : {}), ...(spec.apiKey ? { apiKey: spec.apiKey } : {}) })
    default:
      throw new ConfigError(`embedder.kind "${spec.kind}" has no fixed embedder.`)
  }
}

/**
 * What a store records of a spec so a later process can build the same embedder: the kind, the
 * model and the dimensions. Never the key, nor the base URL (it may carry credentials; the
 * reader's own configuration supplies it).
 */
export function storedSpec(spec: EmbedderSpec): { readonly [key: string]: JsonValue } {
  return { kind: spec.kind, ...(spec.model !== undefined ? { model: spec.model } : {}), ...(spec.dimensions !== undefined ? { dimensions: spec.dimensions } : {}) }
}
