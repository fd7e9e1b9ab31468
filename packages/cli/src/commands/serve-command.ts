import { createRag, SessionManager } from '@rag/session'
import { chatClientOf, chatConfig } from '../config/chat-config.js'
import { escapeTerminal } from '../output/escape-terminal.js'
import { ingestOptions, retrievalSettings } from '../index/open-index.js'
import { checkDirectory, rootForConfig } from '../index/resolve-root.js'
import { configFor, type CommandContext } from './context.js'

/** Options of `rag serve`. */
export interface ServeOptions {
  readonly host?: string
  readonly port?: number
  readonly token?: string
  /** Every `--root` given (allowed roots). */
  readonly roots: readonly string[]
  /** Most live sessions. */
  readonly maxSessions?: number
  /** Most requests per client address and minute. */
  readonly requestsPerMinute?: number
}

/** Waits until the command's signal (SIGINT/SIGTERM) fires. */
export function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })))
}

/**
 * `rag serve`: the per-session HTTP + WebSocket API of `@rag/server` on 127.0.0.1:7411 by
 * default, until SIGINT/SIGTERM. Sessions are in memory; indexing is confined to the `--root`
 * directories (default: the project root). A non-loopback `--host` needs `--token` or `RAG_TOKEN`.
 */
export async function serveCommand(context: CommandContext, options: ServeOptions): Promise<number> {
  const { output, signal } = context
  const location = rootForConfig(options.roots[0], context.cwd)
  const roots = options.roots.length > 0 ? options.roots.map((root) => checkDirectory(root, context.cwd)) : [location.root]
  const config = configFor(context, location)
  const settings = retrievalSettings(config)
  const ingest = ingestOptions(config)
  const token = options.token ?? context.env['RAG_TOKEN']
  // Chat (the WebSocket `chat` message, POST /sessions/:id/chat) only when a model is configured.
  const chatSettings = chatConfig({ config, env: context.env, flags: {}, warn: (message) => output.note(`warning: ${escapeTerminal(message)}`) })
  const chatClient = chatSettings.model === undefined ? undefined : chatClientOf(chatSettings)
  // Fastify and its schemas load only for `rag serve`, so other commands start faster.
  const { createRagServer } = await import('@rag/server')
  const server = createRagServer({
    roots,
    ...(options.host !== undefined ? { host: options.host } : {}),
    ...(options.port !== undefined ? { port: options.port } : {}),
    ...(token !== undefined && token !== '' ? { token } : {}),
    ...(options.requestsPerMinute !== undefined ? { limits: { requestsPerMinute: options.requestsPerMinute } } : {}),
    ...(chatClient ? { chat: { client: chatClient, maxContextTokens: chatSettings.contextTokens, maxHistoryTokens: chatSettings.historyTokens } } : {}),
    // Each session is in memory and ranks exactly like `rag search` with the same configuration
    // (analyzer, fields, weights, per-file cap): the same preset of @rag/session, fresh stores per session.
    sessions: new SessionManager({
      maxSessions: options.maxSessions ?? 16,
      createService: () => createRag({ retrieval: settings, ingest, writer: 'rag serve' }),
    }),
  })
  const url = await server.listen()
  try {
    const chat = chatClient ? { model: chatClient.model, endpoint: chatClient.endpoint } : null
    if (output.json) output.emit({ event: 'listening', url, roots: server.confinement.roots, auth: token !== undefined && token !== '', chat })
    else {
      const chatNote = chat ? `chat: ${chat.model} at ${chat.endpoint}` : 'chat: off (set chat.model)'
      output.note(`Serving ${url} (roots: ${server.confinement.roots.join(', ')}; ${escapeTerminal(chatNote)}; OpenAPI at ${url}/openapi.json). Ctrl+C to stop.`)
    }
    await untilAborted(signal)
    return 0
  } finally {
    await server.close()
  }
}
