import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { ENTRYPOINT_KINDS, SYMBOL_KINDS, type EntrypointKind } from '@rag/core'
import type { DependencyStep, EdgeRecord, EntrypointRecord, RagService, SymbolRecord } from '@rag/session'
import { oneLine } from '@rag/session'

/** Options of {@link registerLayerTools}. */
export interface LayerToolsOptions {
  /** Most records a layer tool returns. @default 200 */
  readonly maxResults?: number
}

const symbolShape = {
  path: z.string(),
  name: z.string(),
  qname: z.string(),
  kind: z.string(),
  language: z.string(),
  startLine: z.number(),
  endLine: z.number(),
  signature: z.string(),
  exported: z.boolean().nullable(),
  isTest: z.boolean(),
}

const edgeShape = {
  depth: z.number(),
  path: z.string(),
  startLine: z.number(),
  kind: z.string(),
  source: z.string(),
  target: z.string(),
  resolution: z.string(),
  targetPath: z.string(),
  targetSymbol: z.string(),
  candidates: z.number(),
}

const entrypointShape = {
  kind: z.string(),
  framework: z.string(),
  method: z.string(),
  route: z.string(),
  handler: z.string(),
  handlerPath: z.string().describe("The file that defines the handler, '' when the index does not know it."),
  handlerSymbol: z.string().describe("The handler's qualified name there (find_symbol takes it), '' when unknown."),
  path: z.string(),
  startLine: z.number(),
  isTest: z.boolean(),
}

function symbolData(s: SymbolRecord): z.infer<z.ZodObject<typeof symbolShape>> {
  return { path: s.path, name: s.name, qname: s.qname, kind: s.kind, language: s.language, startLine: s.startLine, endLine: s.endLine, signature: s.signature, exported: s.exported ?? null, isTest: s.isTest }
}

/** The qualified name in a symbol id (`path#qname`), or the id. */
function qnameOf(id: string): string {
  return id.slice(id.indexOf('#') + 1)
}

function edgeData({ edge, depth }: DependencyStep): z.infer<z.ZodObject<typeof edgeShape>> {
  const e: EdgeRecord = edge
  return {
    depth,
    path: e.path,
    startLine: e.startLine,
    kind: e.kind,
    source: e.sourceQname,
    target: e.target,
    resolution: e.resolution,
    targetPath: e.targetPath,
    targetSymbol: e.targetSymbolId ? qnameOf(e.targetSymbolId) : '',
    candidates: e.candidates,
  }
}

function entrypointData(e: EntrypointRecord): z.infer<z.ZodObject<typeof entrypointShape>> {
  const handlerPath = e.handlerSymbolId === '' ? '' : e.handlerSymbolId.slice(0, e.handlerSymbolId.indexOf('#'))
  const handlerSymbol = e.handlerSymbolId === '' ? '' : qnameOf(e.handlerSymbolId)
  return { kind: e.kind, framework: e.framework, method: e.method, route: e.route, handler: e.handler, handlerPath, handlerSymbol, path: e.path, startLine: e.startLine, isTest: e.isTest }
}

function more(total: number, shown: number): string {
  return total > shown ? `\n(${total - shown} more not shown; narrow the query)` : ''
}

/**
 * Registers the three code layer tools (seed 003) on an MCP server, answered by the session's
 * layer API: `find_symbol` (definitions by name, qualified name or glob), `get_dependencies`
 * (imports and calls of a file or symbol, or importers and callers) and `list_entrypoints`
 * (routes, commands, mains). The session must index with layers on; otherwise each call is a tool
 * error saying so. Arguments are checked by their schemas; a bad value is a tool error naming it.
 */
export function registerLayerTools(server: McpServer, rag: RagService, options: LayerToolsOptions = {}): void {
  const { maxResults = 200 } = options
  const limit = z.number().int().min(1).max(maxResults)

  server.registerTool(
    'find_symbol',
    {
      title: 'Find a symbol definition',
      description: 'Where a function, class, method, type or constant is defined: by name (parseArgs), qualified name (Store.read; also as the language writes it: Store::read, Store#read) or glob (parse*, *Handler). Needs an index built with code layers.',
      inputSchema: {
        name: z.string().min(1).max(300).describe('Name, qualified name or glob; matches in its own case first, then in any case.'),
        kind: z.string().min(1).max(40).optional().describe(`Only this kind: ${SYMBOL_KINDS.join(', ')}.`),
        language: z.string().min(1).max(40).optional().describe('Only this language id: typescript, python, go, ...'),
        limit: limit.optional().describe('Most results (default 50).'),
        excludeTests: z.boolean().optional().describe('Leave out definitions in test code (default false).'),
      },
      outputSchema: { symbols: z.array(z.object(symbolShape)), truncated: z.boolean().describe('More definitions match than limit.') },
      annotations: { readOnlyHint: true },
    },
    async ({ name, kind, language, limit: most = 50, excludeTests }) => {
      // One more than asked for: whether more match.
      const found = await rag.symbols(name, { ...(kind ? { kind } : {}), ...(language ? { language } : {}), limit: most + 1, ...(excludeTests ? { excludeTests } : {}) })
      const truncated = found.length > most
      const symbols = truncated ? found.slice(0, most) : found
      const lines = symbols.map((s) => oneLine(`${s.path}:${s.startLine}-${s.endLine} ${s.kind} ${s.qname}${s.signature ? `: ${s.signature.replace(/\s+/g, ' ')}` : ''}${s.isTest ? ' [test]' : ''}`))
      if (truncated) lines.push(`[more definitions match; the first ${most} are shown: raise limit for more]`)
      const text = symbols.length === 0 ? `No symbol matches ${JSON.stringify(name)}.` : lines.join('\n')
      return { content: [{ type: 'text', text }], structuredContent: { symbols: symbols.map(symbolData), truncated } }
    },
  )

  server.registerTool(
    'get_dependencies',
    {
      title: 'Get dependencies',
      description:
        'The dependency graph around a file (path relative to the indexed root) or a symbol (name or qualified name): what it imports and calls, or with reverse=true who imports and calls it, up to depth edges away. Needs an index built with code layers.',
      inputSchema: {
        target: z.string().min(1).max(4096).describe('A file or directory (a package) path relative to the indexed root, or a symbol name.'),
        reverse: z.boolean().optional().describe('Importers and callers instead of imports and callees.'),
        depth: z.number().int().min(1).max(10).optional().describe('How many edges away (default 1).'),
        kinds: z.array(z.enum(['imports', 'calls', 'extends', 'implements', 'mounts', 'routes'])).max(6).optional().describe('Only these edge kinds.'),
        recursive: z.boolean().optional().describe('For a directory: every file below it, not only the files directly in it (a package).'),
      },
      outputSchema: { dependencies: z.array(z.object(edgeShape)), total: z.number() },
      annotations: { readOnlyHint: true },
    },
    async ({ target, reverse, depth, kinds, recursive }) => {
      const steps = await rag.dependencies(target, { reverse: reverse === true, ...(depth !== undefined ? { depth } : {}), ...(kinds && kinds.length > 0 ? { kinds } : {}), ...(recursive === true ? { recursive } : {}) })
      const shown = steps.slice(0, maxResults).map(edgeData)
      const lines = shown.map((e) => {
        const to = e.resolution === 'resolved' ? `${e.targetPath}${e.targetSymbol ? ` (${e.targetSymbol})` : ''}` : e.resolution === 'by-name' ? `${e.candidates} by name${e.targetPath ? `, e.g. ${e.targetPath}` : ''}` : e.resolution
        return oneLine(`${'  '.repeat(e.depth - 1)}${e.path}:${e.startLine}${e.source ? ` ${e.source}` : ''} ${e.kind} ${e.target} -> ${to}`)
      })
      const text = steps.length === 0 ? `${target} has no ${reverse ? 'importers or callers' : 'imports or calls'} in the index.` : lines.join('\n') + more(steps.length, shown.length)
      return { content: [{ type: 'text', text }], structuredContent: { dependencies: shown, total: steps.length } }
    },
  )

  server.registerTool(
    'list_entrypoints',
    {
      title: 'List entrypoints',
      description: 'HTTP routes, CLI commands, main functions, scheduled jobs and queue jobs of the indexed code, with their handlers and where they are declared. Needs an index built with code layers.',
      inputSchema: {
        kind: z.enum(ENTRYPOINT_KINDS as unknown as [EntrypointKind, ...EntrypointKind[]]).optional(),
        method: z.string().regex(/^(\*|[A-Za-z][A-Za-z-]{2,19})$/).optional().describe('Only this HTTP method (routes declared for any method match too).'),
        route: z.string().min(1).max(1000).optional().describe('A route or command: exact, a glob (/orders/*), or a path a route serves (/orders/42 finds /orders/:id).'),
        framework: z.string().min(1).max(40).optional().describe('Only this framework: express, flask, fastapi, spring, gin, click, cobra, ...'),
        excludeTests: z.boolean().optional().describe("Leave out routes and commands declared in test code, a test's own server (default false)."),
      },
      outputSchema: { entrypoints: z.array(z.object(entrypointShape)), total: z.number() },
      annotations: { readOnlyHint: true },
    },
    async ({ kind, method, route, framework, excludeTests }) => {
      const found = await rag.entrypoints({
        ...(kind ? { kind } : {}),
        ...(method ? { method } : {}),
        ...(route ? { route } : {}),
        ...(framework ? { framework } : {}),
        ...(excludeTests ? { excludeTests } : {}),
      })
      const shown = found.slice(0, maxResults).map(entrypointData)
      const text =
        found.length === 0
          ? 'No entrypoints match.'
          : shown
              .map((e) => {
                const defined = e.handlerPath !== '' && e.handlerPath !== e.path ? ` (${e.handlerPath})` : ''
                return oneLine(`${e.kind === 'http-route' ? e.method || '*' : e.kind} ${e.route || '(main)'}${e.handler ? ` -> ${e.handler}${defined}` : ''} at ${e.path}:${e.startLine} (${e.framework})${e.isTest ? ' [test]' : ''}`)
              })
              .join('\n') + more(found.length, shown.length)
      return { content: [{ type: 'text', text }], structuredContent: { entrypoints: shown, total: found.length } }
    },
  )
}
