import { createChatClient, type ChatClient } from '@rag/session'
import { CliConfigError } from '../errors.js'
import { envName } from './config-keys.js'
import { configValue, loadConfig, userConfigPath, type ResolvedConfig } from './load-config.js'

/** Keys that decide where questions and the API key are sent: a repository's own config file may not set them. */
export const UNTRUSTED_PROJECT_CHAT_KEYS: readonly string[] = Object.freeze(['chat.baseUrl', 'chat.apiKeyEnv'])

/** The chat settings of one command. */
export interface ChatConfig {
  /** The API base URL (checked: http or https). */
  readonly baseUrl: string
  /** The model, when configured. */
  readonly model: string | undefined
  /** The environment variable the key is read from. */
  readonly apiKeyEnv: string
  /** The key, read from `apiKeyEnv`; never printed. */
  readonly apiKey: string | undefined
  readonly timeoutMs: number
  readonly maxRetries: number
  readonly contextTokens: number
  readonly historyTokens: number
}

/** What resolving chat settings needs besides the configuration. */
export interface ChatConfigInput {
  readonly config: ResolvedConfig
  readonly env: NodeJS.ProcessEnv
  /** The flags as `loadConfig` took them, to resolve the trusted keys again without the project file. */
  readonly flags: Parameters<typeof loadConfig>[0]['flags']
  /** Receives one warning per ignored project value. */
  readonly warn: (message: string) => void
}

/**
 * The value of `key` from every layer but the project file: the user file, `RAG_*` variables
 * and flags. (The user file is read in the project file's place, which leaves the user's values.)
 */
export function trustedValue(key: string, { config, env, flags }: ChatConfigInput): string {
  const resolved = config.values.get(key)
  if (resolved?.source.kind !== 'project') return configValue<string>(config, key)
  const withoutProject = loadConfig({ projectFile: userConfigPath(env), env, flags: flags ?? {} })
  return configValue<string>(withoutProject, key)
}

/**
 * The chat settings from the configuration. `chat.baseUrl` and `chat.apiKeyEnv` from the indexed
 * repository's own rag.config.json are ignored with a warning: that file comes with the code, and
 * could otherwise send your questions, and the key in any variable it names, to a server of its
 * choosing. The key is read from the variable `chat.apiKeyEnv` names.
 *
 * @throws CliConfigError for a base URL that is not http(s) or a variable name that is not one.
 */
export function chatConfig(input: ChatConfigInput): ChatConfig {
  const { config, env, warn } = input
  for (const key of UNTRUSTED_PROJECT_CHAT_KEYS) {
    const resolved = config.values.get(key)
    if (resolved?.source.kind === 'project') {
      warn(`${key} in ${resolved.source.where} is ignored: a repository's config may not choose where questions and the API key go; set it in ${userConfigPath(env)} or ${envName(key)} instead.`)
    }
  }
  const baseUrl = trustedValue('chat.baseUrl', input)
  const apiKeyEnv = trustedValue('chat.apiKeyEnv', input)
  let url: URL | undefined
  try {
    url = new URL(baseUrl)
  } catch {
    url = undefined
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new CliConfigError(`Invalid configuration: chat.baseUrl must be an http(s) URL such as http://127.0.0.1:11434/v1; received ${JSON.stringify(baseUrl)}.`)
  }
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(apiKeyEnv)) {
    throw new CliConfigError(`Invalid configuration: chat.apiKeyEnv must be the name of an environment variable (letters, digits, _); received ${JSON.stringify(apiKeyEnv)}.`)
  }
  const key = env[apiKeyEnv]
  return {
    baseUrl,
    model: configValue<string | undefined>(config, 'chat.model'),
    apiKeyEnv,
    apiKey: key === undefined || key.trim() === '' ? undefined : key.trim(),
    timeoutMs: configValue<number>(config, 'chat.timeoutMs'),
    maxRetries: configValue<number>(config, 'chat.maxRetries'),
    contextTokens: configValue<number>(config, 'chat.contextTokens'),
    historyTokens: configValue<number>(config, 'chat.historyTokens'),
  }
}

/**
 * The chat client of the settings.
 *
 * @throws CliConfigError when no model is configured.
 */
export function chatClientOf(settings: ChatConfig): ChatClient {
  if (settings.model === undefined) {
    throw new CliConfigError(
      'Invalid configuration: chat.model is not set; name the model to ask with --model, RAG_CHAT_MODEL or chat.model in the user config (for Ollama e.g. "llama3.2").',
    )
  }
  return createChatClient({
    baseUrl: settings.baseUrl,
    model: settings.model,
    ...(settings.apiKey === undefined ? {} : { apiKey: settings.apiKey }),
    timeoutMs: settings.timeoutMs,
    maxRetries: settings.maxRetries,
  })
}
