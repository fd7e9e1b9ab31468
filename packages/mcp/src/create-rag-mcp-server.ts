import { realpathSync } from 'node:fs'
import { sep } from 'node:path'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { ConfigError, InvalidArgumentError } from '@rag/core'
import { z } from 'zod'
import { RagService, statusToJson, type SearchFilter } from '@rag/session'
import { createPathConfinement, type PathConfinement } from '@rag/session'
import { renderFiles } from './render-files.js'
import { renderResults } from './render-results.js'
import { registerLayerTools } from './layer-tools.js'

/** Options of {@link createRagMcpServer}. */
export interface RagMcpServerOptions {
  /** Directories the agent may index; relative paths start at the first. Each must exist. */
  readonly roots: readonly string[]
  /** The session the tools work on (the CLI passes its persistent SQLite-backed one). @default new RagService() */
  readonly rag?: RagService
  /** Server name announced to the client. @default 'rag' */
  readonly name?: string
  /** Server version announced to the client. @default '0.0.0' */
  readonly version?: string
  /** Largest `k` a tool accepts. @default 50 */
  readonly maxTopK?: number
  /** `max_tokens` of `search_code`, `locate_files` and `build_context` when the agent gives none. @default 4000 */
  readonly defaultMaxTokens?: number
  /**
   * The one directory whose index `rag` keeps (the CLI's persistent project index). A session
   * indexes one directory at a time, so indexing another would replace that index. With it,
   * `index_directory` of this directory or any directory inside it brings the whole project's
   * index up to date (only changed files are read), and any other directory is refused with a
   * tool error naming the project root; nothing is dropped.
   * @default undefined (each call indexes the directory given, replacing what the session held)
   */
  readonly projectRoot?: string
}

/** The MCP server and what it serves. */
export interface RagMcpServer {
  /** The SDK server; connect it to a transport (see `runStdioServer`). */
  readonly server: McpServer
  /** The session behind the tools. */
  readonly rag: RagService
  /** The confinement `index_directory` paths go through. */
  readonly confinement: PathConfinement
}

function realProjectRoot(path: string): string {
  try {
    return realpathSync(path)
  } catch (error) {
    throw new ConfigError(`projectRoot ${path} cannot be resolved (${(error as NodeJS.ErrnoException).code ?? 'error'}); expected an existing directory.`, { cause: error })
  }
}

/**
 * The directory to index when the session keeps one project's index: the project root for it or
 * any directory inside it.
 *
 * @throws RagError `INVALID_ARGUMENT` for a directory outside the project root.
 */
function projectDirectory(projectRoot: string, directory: string): string {
  if (directory === projectRoot || directory.startsWith(projectRoot.endsWith(sep) ? projectRoot : `${projectRoot}${sep}`)) return projectRoot
  throw new InvalidArgumentError(
    `${directory} is outside the project root ${projectRoot}, whose index this server keeps; indexing it would replace that index. Index ${projectRoot} (or a directory inside it), or start another server for ${directory}.`,
  )
}

function filterOf(path: string | undefined, language: string | undefined): SearchFilter | undefined {
  const languages = language?.split(',').map((l) => l.trim()).filter((l) => l !== '')
  if (path === undefined && (languages === undefined || languages.length === 0)) return undefined
  return { ...(path !== undefined ? { path } : {}), ...(languages && languages.length > 0 ? { language: languages } : {}) }
}

/**
 * Creates an MCP server with eight tools over one `RagService`: `index_directory` (with progress
 * notifications when the client sends a progress token; cancellable), `search_code`,
 * `locate_files` (`RagService.locateFiles`: the files a change touches, with the plan and each
 * signal's contribution), `build_context` and `get_status`, and the code layer tools `find_symbol`,
 * `get_dependencies` and `list_entrypoints` (see `registerLayerTools`; they need a session that
 * indexes with layers). Paths are confined to `roots` like `@rag/server`: `..`,
 * percent-encoded traversal, absolute paths outside and symbolic links leading out are refused.
 * A refused or failed call is a tool error (`isError`) with one sentence, never a stack trace.
 *
 * @throws ConfigError when `roots` is empty or a root does not exist.
 *
 * @example
 * const { server } = createRagMcpServer({ roots: [process.cwd()] })
 * await server.connect(new StdioServerTransport())
 */
export function createRagMcpServer(options: RagMcpServerOptions): RagMcpServer {
  const { name = 'rag', version = '0.0.0', maxTopK = 50, defaultMaxTokens = 4000 } = options
  const confinement = createPathConfinement(options.roots)
  const projectRoot = options.projectRoot === undefined ? undefined : realProjectRoot(options.projectRoot)
  const rag = options.rag ?? new RagService()
  const server = new McpServer({ name, version }, { capabilities: { tools: {} } })
  const k = z.number().int().min(1).max(maxTopK)
  const maxTokens = z.number().int().min(50).max(200_000)
  const pathFilter = z.string().min(1).max(512).describe('Only files matching this glob (e.g. "src/**/*.ts"), or under this directory.')
  const language = z.string().min(1).max(200).describe('Only these languages, comma-separated (e.g. "typescript,python").')

  server.registerTool(
    'index_directory',
    {
      title: 'Index a directory',
      description: `Index (or re-index: only changed files are read) a directory for search_code and build_context. Allowed roots: ${confinement.roots.join(', ')}; relative paths start at the first.`,
      inputSchema: { path: z.string().min(1).max(4096).describe('Directory to index, inside an allowed root.'), force: z.boolean().optional().describe('Re-read and re-chunk every file.') },
      outputSchema: { root: z.string(), files: z.number(), chunked: z.number(), added: z.number(), removed: z.number(), failed: z.number(), seconds: z.number() },
    },
    async ({ path, force }, extra) => {
      const asked = await confinement.resolve(path)
      const directory = projectRoot === undefined ? asked : projectDirectory(projectRoot, asked)
      const progressToken = extra._meta?.progressToken
      let lastSent = 0
      const report = await rag.indexDirectory(
        directory,
        (p) => {
          if (progressToken === undefined) return
          // At most ~20 notifications a second, plus the last one.
          const now = Date.now()
          if (now - lastSent < 50 && p.indexedFiles < p.totalFiles) return
          lastSent = now
          void extra
            .sendNotification({ method: 'notifications/progress', params: { progressToken, progress: p.indexedFiles, total: p.totalFiles, message: p.currentFile } })
            .catch(() => undefined)
        },
        // The run resolves the directory again itself: it must still lie in the roots then.
        { signal: extra.signal, within: confinement.roots, ...(force ? { force: true } : {}) },
      )
      const summary = {
        root: report.root,
        files: report.stats.files,
        chunked: report.stats.chunked,
        added: report.added,
        removed: report.removed,
        failed: report.failed.length,
        seconds: report.elapsedMs / 1000,
      }
      const whole = directory === asked ? '' : ` (the whole project, which holds ${asked}: this server keeps one index of the project root)`
      const text = `Indexed ${summary.root}${whole}: ${summary.files} files (${summary.chunked} chunked), +${summary.added} -${summary.removed} chunks in ${summary.seconds.toFixed(1)} s${summary.failed > 0 ? `; ${summary.failed} files could not be read` : ''}.`
      return { content: [{ type: 'text', text }], structuredContent: summary }
    },
  )

  server.registerTool(
    'search_code',
    {
      title: 'Search code',
      description: 'Hybrid (BM25) search of the indexed code: returns path:start-end, score and a snippet per hit, within max_tokens.',
      inputSchema: {
        query: z.string().min(1).max(1000).describe('Identifiers, words or a question.'),
        k: k.optional().describe('Number of results (default 10).'),
        path: pathFilter.optional(),
        language: language.optional(),
        max_tokens: maxTokens.optional().describe(`Budget of the rendered output (default ${defaultMaxTokens}).`),
      },
      outputSchema: {
        results: z.array(
          z.object({
            file: z.string(),
            startLine: z.number().nullable(),
            endLine: z.number().nullable(),
            score: z.number(),
            language: z.string().nullable(),
            snippet: z.string(),
            cut: z.boolean(),
          }),
        ),
        omitted: z.number(),
      },
      annotations: { readOnlyHint: true },
    },
    async ({ query, k: topK = 10, path, language: lang, max_tokens = defaultMaxTokens }) => {
      const hits = await rag.search(query, topK, filterOf(path, lang))
      const rendered = renderResults(query, hits, max_tokens)
      return { content: [{ type: 'text', text: rendered.text }], structuredContent: { results: rendered.hits, omitted: rendered.omitted } }
    },
  )

  server.registerTool(
    'locate_files',
    {
      title: 'Locate files',
      description:
        'The files a change or question most likely touches, best first: the query is routed (intent, named identifiers and paths), tests, docs and examples are demoted unless asked for, definitions and file names of what the query names count. Returns path, the best chunks\' line ranges, score and each signal\'s contribution, within max_tokens.',
      inputSchema: {
        query: z.string().min(1).max(1000).describe('A change request, bug report or question ("Fix retry when the token expires").'),
        k: k.optional().describe('Number of files (default 10).'),
        path: pathFilter.optional(),
        language: language.optional(),
        max_tokens: maxTokens.optional().describe(`Budget of the rendered output (default ${defaultMaxTokens}).`),
      },
      outputSchema: {
        intent: z.string(),
        reasons: z.array(z.string()),
        files: z.array(
          z.object({
            file: z.string(),
            rank: z.number(),
            score: z.number(),
            ranges: z.array(z.string()),
            prior: z.number(),
            categories: z.array(z.string()),
            contributions: z.array(z.object({ signal: z.string(), value: z.number() })),
          }),
        ),
        omitted: z.number(),
      },
      annotations: { readOnlyHint: true },
    },
    async ({ query, k: limit = 10, path, language: lang, max_tokens = defaultMaxTokens }) => {
      const filter = filterOf(path, lang)
      const location = await rag.locateFiles(query, { limit, ...(filter ? { filter } : {}) })
      const rendered = renderFiles(location, max_tokens)
      return {
        content: [{ type: 'text', text: rendered.text }],
        structuredContent: { intent: location.plan.intent, reasons: [...location.plan.reasons], files: rendered.files, omitted: rendered.omitted },
      }
    },
  )

  server.registerTool(
    'build_context',
    {
      title: 'Build a context prompt',
      description: 'Search for a question and return a context prompt: the best chunks (fenced, injection-safe by default) followed by the question.',
      inputSchema: {
        question: z.string().min(1).max(1000),
        k: k.optional().describe('Chunks to consider (default 8).'),
        max_tokens: maxTokens.optional().describe(`Budget of the prompt (default ${defaultMaxTokens}).`),
        format: z.enum(['fenced', 'plain']).optional().describe('fenced (default, injection-safe) or plain.'),
        path: pathFilter.optional(),
        language: language.optional(),
      },
      annotations: { readOnlyHint: true },
    },
    async ({ question, k: topK = 8, max_tokens = defaultMaxTokens, format, path, language: lang }) => {
      const filter = filterOf(path, lang)
      const render = await rag.renderContextPrompt(question, topK, { maxTokens: max_tokens, ...(format ? { format } : {}), ...(filter ? { filter } : {}) })
      // The prompt is the question alone when nothing matched or fits: say so, as `rag prompt` does.
      const note =
        render.status === 'no-results'
          ? 'Note: nothing matched; the prompt is the question alone.'
          : render.status === 'over-budget'
            ? `Note: not even the first result fits max_tokens=${max_tokens}; the prompt is the question alone; raise max_tokens.`
            : undefined
      return { content: [{ type: 'text', text: render.prompt }, ...(note ? [{ type: 'text' as const, text: note }] : [])] }
    },
  )

  server.registerTool(
    'get_status',
    {
      title: 'Index status',
      description:
        'What is indexed: path, files, chunks, documents, last index time, whether a run is in progress, what the code layers hold (without them find_symbol, get_dependencies and list_entrypoints cannot answer), and the allowed roots.',
      outputSchema: {
        indexedPath: z.string().nullable(),
        fileCount: z.number(),
        chunkCount: z.number(),
        documentCount: z.number(),
        lastIndexedAt: z.string().nullable(),
        indexing: z.boolean(),
        layers: z
          .object({ files: z.number(), symbols: z.number(), resolvedEdges: z.number(), entrypoints: z.number() })
          .optional()
          .describe('What the code layers hold; absent when the index has none.'),
        roots: z.array(z.string()),
      },
      annotations: { readOnlyHint: true },
    },
    async () => {
      const status = await rag.getStatus()
      const data = { ...statusToJson(status), roots: [...confinement.roots] }
      const text = [
        `Indexed path: ${data.indexedPath ?? 'nothing yet (call index_directory)'}`,
        `Files: ${data.fileCount}, chunks: ${data.chunkCount}, documents: ${data.documentCount}`,
        `Last indexed: ${data.lastIndexedAt ?? 'never'}${data.indexing ? ' (a run is in progress)' : ''}`,
        data.layers
          ? `Code layers: ${data.layers.symbols} definitions, ${data.layers.resolvedEdges} resolved dependency edges, ${data.layers.entrypoints} entrypoints in ${data.layers.files} files`
          : 'Code layers: none (find_symbol, get_dependencies and list_entrypoints need an index built with layers)',
        `Allowed roots: ${data.roots.join(', ')}`,
      ].join('\n')
      return { content: [{ type: 'text', text }], structuredContent: data }
    },
  )

  // Code layers (issue 12): find_symbol, get_dependencies, list_entrypoints.
  registerLayerTools(server, rag)

  return { server, rag, confinement }
}
