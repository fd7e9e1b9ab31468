import { createChatClient, type ChatClient, type ChatRetry } from '@rag/session'
import { credentialsInUrl } from '@rag/core'
import { CliConfigError } from '../errors.js'
import { configValue, type ResolvedConfig } from './load-config.js'

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
  /** Where the API key is read from. */
  readonly env: NodeJS.ProcessEnv
}

/**
 * The chat settings from the configuration. `chat.baseUrl` and `chat.apiKeyEnv` are never taken
 * from the indexed repository's own rag.config.json (`loadConfig` leaves them out, and the command
 * warns): that file comes with the code, and could otherwise send your questions, and the key in
 * any variable it names, to a server of its choosing. The key is read from the variable
 * `chat.apiKeyEnv` names.
 *
 * @throws CliConfigError for a base URL that is not http(s) or a variable name that is not one.
 */
export function chatConfig(input: ChatConfigInput): ChatConfig {
  const { config, env } = input
  const baseUrl = configValue<string>(config, 'chat.baseUrl')
  const apiKeyEnv = configValue<string>(config, 'chat.apiKeyEnv')
  let url: URL | undefined
  try {
    url = new URL(baseUrl)
  } catch {
    url = undefined
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new CliConfigError(`Invalid configuration: chat.baseUrl must be an http(s) URL such as http://127.0.0.1:11434/v1; received ${JSON.stringify(baseUrl)}.`)
  }
  const credentials = credentialsInUrl(url, 'chat.baseUrl')
  if (credentials !== undefined) throw new CliConfigError(`Invalid configuration: ${credentials}`)
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
 * The chat client of the settings; `onRetry` hears of each failed attempt before the wait for the next.
 *
 * @throws CliConfigError when no model is configured.
 */
export function chatClientOf(settings: ChatConfig, onRetry?: (retry: ChatRetry) => void): ChatClient {
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
    ...(onRetry === undefined ? {} : { onRetry }),
  })
}
