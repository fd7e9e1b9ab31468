import { EMBEDDER_KINDS } from '@rag/session'
import type { ConfigKey } from './config-keys.js'
import { neverFromProject } from './project-trust.js'
import { redactUrl } from './redact-url.js'

const EMBEDDING_DESTINATION = 'choose where the code and the embedding API key go'

/**
 * The keys of the vector stream. `embedder.kind` has no default: unset, an index keeps the
 * embedder it was built with (none for a new one). The API key itself is never a configuration
 * value: `embedder.apiKeyEnv` names the variable that holds it.
 */
export const EMBEDDER_CONFIG_KEYS: readonly ConfigKey[] = Object.freeze([
  {
    key: 'embedder.kind',
    type: { kind: 'enum', values: EMBEDDER_KINDS },
    description: 'vector stream fused with the lexical ones (--embedder): none, static (trained on the repository, no download), hash (weak fallback), openai or ollama; unset: what the index was built with, else none (vectors did not improve the evaluation, so they are opt-in)',
  },
  { key: 'embedder.model', type: { kind: 'text' }, description: 'openai / ollama: the embedding model, e.g. nomic-embed-text' },
  { key: 'embedder.dimensions', type: { kind: 'integer', min: 1 }, description: 'vector length: required for openai / ollama (every answer is checked); static default 128, hash 256' },
  { key: 'embedder.baseUrl', type: { kind: 'text' }, redact: redactUrl, description: "openai / ollama: the server (default https://api.openai.com/v1, http://127.0.0.1:11434); never taken from a repository's rag.config.json", fromProject: neverFromProject(EMBEDDING_DESTINATION) },
  { key: 'embedder.apiKeyEnv', type: { kind: 'text' }, default: 'RAG_EMBEDDER_API_KEY', description: "the environment variable that holds the embedding API key; never taken from a repository's rag.config.json", fromProject: neverFromProject(EMBEDDING_DESTINATION) },
  { key: 'search.weights.vector', type: { kind: 'weight' }, default: 0.1, description: 'RRF weight of the vector stream, when an embedder is configured (0.1: the best fused static weight on the dev split)' },
] satisfies ConfigKey[])
