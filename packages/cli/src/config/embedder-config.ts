import { ConfigError } from '@rag/core'
import { assertEmbedderSpec, type EmbedderKind, type EmbedderSpec, type StoredEmbedderRecord } from '@rag/session'
import { CliConfigError } from '../errors.js'
import { configValue, type ResolvedConfig } from './load-config.js'

/** What {@link embedderSpec} reads. */
export interface EmbedderConfigInput {
  readonly config: ResolvedConfig
  /** Where the API key is read from. */
  readonly env: NodeJS.ProcessEnv
}

/**
 * The embedder spec of a command: `embedder.kind` (flag, environment, files), else the kind the
 * index was built with (`stored`), else none. Model and dimensions come from the configuration,
 * else from the index's record of the same kind. `embedder.baseUrl` and `embedder.apiKeyEnv` are
 * never taken from the indexed repository's own rag.config.json (`loadConfig` leaves them out, and
 * the command warns): that file comes with the code, and could otherwise send every chunk, and the
 * key in any variable it names, to a server of its choosing.
 *
 * @throws CliConfigError naming the key for a spec that cannot be built (an HTTP kind without a model or dimensions, ...).
 */
export function embedderSpec({ config, env }: EmbedderConfigInput, stored: StoredEmbedderRecord | undefined): EmbedderSpec {
  const storedKind = stored?.spec['kind']
  const kind = configValue<EmbedderKind | undefined>(config, 'embedder.kind') ?? (typeof storedKind === 'string' ? (storedKind as EmbedderKind) : 'none')
  if (kind === 'none') return { kind }
  const same = storedKind === kind
  const storedModel = same && typeof stored?.spec['model'] === 'string' ? stored.spec['model'] : undefined
  const storedDimensions = same && typeof stored?.spec['dimensions'] === 'number' ? stored.spec['dimensions'] : undefined
  const model = configValue<string | undefined>(config, 'embedder.model') ?? storedModel
  const dimensions = configValue<number | undefined>(config, 'embedder.dimensions') ?? storedDimensions
  const spec: { -readonly [K in keyof EmbedderSpec]: EmbedderSpec[K] } = { kind, ...(model !== undefined ? { model } : {}), ...(dimensions !== undefined ? { dimensions } : {}) }
  if (kind === 'openai' || kind === 'ollama') {
    const baseUrl = configValue<string | undefined>(config, 'embedder.baseUrl')
    const apiKeyEnv = configValue<string>(config, 'embedder.apiKeyEnv')
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(apiKeyEnv)) {
      throw new CliConfigError(`Invalid configuration: embedder.apiKeyEnv must be the name of an environment variable (letters, digits, _); received ${JSON.stringify(apiKeyEnv)}.`)
    }
    const key = env[apiKeyEnv]?.trim()
    if (baseUrl !== undefined) spec.baseUrl = baseUrl
    if (key !== undefined && key !== '') spec.apiKey = key
  }
  try {
    assertEmbedderSpec(spec)
  } catch (error) {
    if (error instanceof ConfigError) throw new CliConfigError(`Invalid configuration: ${error.message} (set it with embedder.* in the user config, RAG_EMBEDDER_* or rag.config.json).`, { cause: error })
    throw error
  }
  return spec
}
