import { createRag, openRag, SessionManager, storeOptions, type RagService, type RetrievalSettings, type RagIngestOptions } from '@rag/session'
import { chatClientOf, chatConfig } from '../config/chat-config.js'
import { embedderSpec } from '../config/embedder-config.js'
import { configValue, type ResolvedConfig } from '../config/load-config.js'
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
  /** Most live sessions; when full, a new session is refused (429), never made room for by dropping a live one. */
  readonly maxSessions?: number
  /** Minutes a session may stay unused before it is evicted (default 30). */
  readonly sessionIdleMinutes?: number
  /** Most requests per client address and minute. */
  readonly requestsPerMinute?: number
}

/** How `rag serve` builds its sessions: in memory, or (with `store.url`) over a shared database. */
interface ServedSessions {
  readonly createService: (sessionId: string) => RagService
  /** In memory, a session's data goes with it, so a full server refuses new ones; over a database, it survives and the least recent handle makes room. */
  readonly whenFull: 'refuse' | 'evict-least-recent'
  readonly onEvict?: () => void
  readonly registry?: { exists(id: string): Promise<boolean>; create(id: string): Promise<void>; remove(id: string): Promise<void> }
  close(): Promise<void>
}

/**
 * With `store.url`, each session is the project of that name (its `repo_id`) in the shared
 * PostgreSQL database: any `rag serve` process on the database answers any session, an index run
 * on one server is seen by all, and `rag index` with `store.project` set to a session's name
 * indexes into it. Without it, sessions are in memory. Either way a session embeds and searches
 * with the embedder `rag search` would use: over the database, the project's own (the one its
 * index was built with, read when the session first uses the project and again after another
 * process commits) unless `embedder.kind` names another; in memory, the configured one.
 */
async function servedSessions(config: ResolvedConfig, env: NodeJS.ProcessEnv, settings: RetrievalSettings, ingest: RagIngestOptions): Promise<ServedSessions> {
  const url = configValue<string | undefined>(config, 'store.url')
  // Sessions extract code layers (GET /sessions/:id/symbols, /deps, /routes) when index.layers is "on".
  const layers = configValue<string | undefined>(config, 'index.layers') === 'on'
  if (url === undefined) {
    const embedder = embedderSpec({ config, env }, undefined)
    return { createService: () => createRag({ retrieval: settings, ingest, writer: 'rag serve', layers, embedder }), whenFull: 'refuse', close: async () => undefined }
  }
  const { openPostgresDatabase } = await import('@rag/store-postgres')
  const database = await openPostgresDatabase(url, { poolSize: configValue<number>(config, 'store.poolSize'), statementTimeoutMs: configValue<number>(config, 'store.statementTimeoutMs') })
  const store = (id: string) => database.project({ repoId: id }, storeOptions(settings))
  return {
    createService: (id) => openRag(store(id), { retrieval: settings, ingest, writer: 'rag serve', layers, embedder: (stored) => embedderSpec({ config, env }, stored) }),
    // The data stays in the database; an evicted session is opened again on its next request.
    whenFull: 'evict-least-recent',
    onEvict: () => undefined,
    registry: {
      exists: (id) => store(id).exists(),
      create: (id) => store(id).create(),
      remove: async (id) => {
        await database.dropProject({ repoId: id })
      },
    },
    close: () => database.close(),
  }
}

/** Waits until the command's signal (SIGINT/SIGTERM) fires. */
export function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })))
}

/**
 * `rag serve`: the per-session HTTP + WebSocket API of `@rag/server` on 127.0.0.1:7411 by
 * default, until SIGINT/SIGTERM. Sessions are in memory, or with `store.url` projects of the shared
 * PostgreSQL database (see `servedSessions`); indexing is confined to the `--root`
 * directories (default: the project root). A non-loopback `--host` needs `--token` or `RAG_TOKEN`.
 */
export async function serveCommand(context: CommandContext, options: ServeOptions): Promise<number> {
  const { output, signal } = context
  const location = rootForConfig(options.roots[0], context.cwd)
  const roots = options.roots.length > 0 ? options.roots.map((root) => checkDirectory(root, context.cwd)) : [location.root]
  const config = configFor(context, location)
  const settings = retrievalSettings(config)
  const ingest = ingestOptions(config)
  // An empty RAG_TOKEN is unset, like every RAG_* variable; an empty --token is refused by the server.
  const envToken = context.env['RAG_TOKEN']
  const token = options.token ?? (envToken === '' ? undefined : envToken)
  // Chat (the WebSocket `chat` message, POST /sessions/:id/chat) only when a model is configured.
  const chatSettings = chatConfig({ config, env: context.env })
  const chatClient = chatSettings.model === undefined ? undefined : chatClientOf(chatSettings)
  // Fastify and its schemas load only for `rag serve`, so other commands start faster.
  const { createRagServer } = await import('@rag/server')
  const served = await servedSessions(config, context.env, settings, ingest)
  const server = createRagServer({
    roots,
    ...(options.host !== undefined ? { host: options.host } : {}),
    ...(options.port !== undefined ? { port: options.port } : {}),
    ...(token !== undefined ? { token } : {}),
    ...(options.requestsPerMinute !== undefined ? { limits: { requestsPerMinute: options.requestsPerMinute } } : {}),
    ...(chatClient ? { chat: { client: chatClient, maxContextTokens: chatSettings.contextTokens, maxHistoryTokens: chatSettings.historyTokens } } : {}),
    // Each session ranks exactly like `rag search` with the same configuration (analyzer, fields,
    // weights, per-file cap): the same preset of @rag/session, in memory or over the shared database.
    sessions: new SessionManager({
      maxSessions: options.maxSessions ?? 16,
      idleTimeoutMs: (options.sessionIdleMinutes ?? 30) * 60_000,
      whenFull: served.whenFull,
      createService: served.createService,
      ...(served.onEvict ? { onEvict: served.onEvict } : {}),
    }),
    ...(served.registry ? { registry: served.registry } : {}),
  })
  const url = await server.listen()
  try {
    const chat = chatClient ? { model: chatClient.model, endpoint: chatClient.endpoint } : null
    if (output.json) output.emit({ event: 'listening', url, roots: server.confinement.roots, auth: token !== undefined, chat })
    else {
      const chatNote = chat ? `chat: ${chat.model} at ${chat.endpoint}` : 'chat: off (set chat.model)'
      output.note(`Serving ${url} (roots: ${server.confinement.roots.join(', ')}; ${escapeTerminal(chatNote)}; OpenAPI at ${url}/openapi.json). Ctrl+C to stop.`)
    }
    await untilAborted(signal)
    return 0
  } finally {
    await server.close()
    await served.close()
  }
}
