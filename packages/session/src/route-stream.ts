import { routeDistance, type Document, type EntrypointRecord, type SearchResult, type Stream, type SymbolRecord } from '@rag/core'
import { chunksOver, type ChunkTables, type TableChunk } from './chunk-tables.js'
import type { EntrypointQuery } from './layer-api.js'
import { declarationPattern, declaringText } from './local-declaration.js'

/** RRF weight of the routes stream: as the definitions stream's, so a handler the lexical streams miss still fuses first. */
export const ROUTES_WEIGHT = 1.5

/** Where a {@link RouteStream} reads routes and chunks from. */
export interface RouteSource {
  /** The index's entrypoints (C3) a filter selects, `[]` on an index without code layers. */
  entrypoints(filter: EntrypointQuery): Promise<readonly EntrypointRecord[]>
  /** The definitions of a name or qualified name (C1), as `RagService.symbols` finds them, `[]` without code layers. */
  symbols(name: string): Promise<readonly SymbolRecord[]>
  /** The chunk tables of the generation the index holds. */
  tables(): Promise<ChunkTables>
  /** The chunks of these ids, in order (`undefined` for one gone since). */
  documents(ids: readonly string[]): Promise<(Document | undefined)[]>
}

/** What the router found: an HTTP route a query names, with its method when given. */
export interface RouteAnchor {
  readonly text: string
  readonly method?: string
}

/** At most this many routes a query matches are followed (a glob like `/api/*` matches hundreds). */
const MAX_ROUTES = 20

/** A file with more chunks than this is not read for a handler defined inside the function that registers its route. */
const MAX_FILE_CHUNKS = 400

/** The HTTP routes a query names (`POST /orders`, `/api/documents.move`, `` `/users/:id` ``), by `@rag/router`'s anchors. */
export async function routeAnchors(query: string): Promise<RouteAnchor[]> {
  // Every route starts with a slash: other queries need no router.
  if (!query.includes('/')) return []
  const { extractAnchors } = await import('@rag/router')
  return extractAnchors(query)
    .filter((anchor) => anchor.kind === 'endpoint')
    .map(({ text, method }) => (method === undefined ? { text } : { text, method }))
}

/** The methods of a view class or viewset that serve an HTTP method on a route (Django's `get`, DRF's `retrieve` or `list`), best first. */
function verbMethods(method: string, route: string): string[] {
  // A path ending in a parameter names one item: DRF's `retrieve`, not `list`.
  const item = /(?::[\w$]+|\{[^}]*\}|<[^>]*>|\(\?P?<[^)]*\)[^/]*)\/?\$?$/.test(route)
  switch (method) {
    case 'GET':
      return item ? ['get', 'retrieve', 'show', 'list'] : ['get', 'list', 'index', 'retrieve']
    case 'POST':
      return ['post', 'create']
    case 'PUT':
      return ['put', 'update']
    case 'PATCH':
      return ['patch', 'partial_update', 'update']
    case 'DELETE':
      return ['delete', 'destroy']
    default:
      return [method.toLowerCase()]
  }
}

/** The qualified name in a symbol id (`path#Users.show`, `path#show~2` for the second of that name). */
function qualifiedNameOf(symbolId: string): string {
  return symbolId.slice(symbolId.lastIndexOf('#') + 1).replace(/~\d+$/, '')
}

/** The file of a handler that is a whole module (`path#`: a view component the route loads), else `undefined`. */
function moduleOf(symbolId: string): string | undefined {
  return symbolId.endsWith('#') ? symbolId.slice(0, -1) : undefined
}

/**
 * A stream of the code that serves the HTTP routes a query names (`which handler serves POST
 * /api/documents.move`, `GET /owners/42/edit returns 500`): for each route of the index's
 * entrypoints layer (C3) that the path matches (exactly, as a glob, or as a path the route's
 * template serves; test code left out), the handler's definition when the route names one it
 * resolved (for a view class, its method for the HTTP method asked; for a view component that is
 * its file, the file's first chunk), else the chunk that declares
 * the route (an inline handler); a literal route alone when one is the path. Nothing for a query
 * that names no route, or on an index without code layers. Fused with the lexical streams, it
 * brings a route's handler first where its words are spread over many files (a route path's words
 * are in clients, schemas and tests too).
 */
export class RouteStream implements Stream {
  readonly name: string
  readonly #source: RouteSource

  constructor(source: RouteSource, name = 'routes') {
    this.name = name
    this.#source = source
  }

  async search(query: string, topK: number): Promise<SearchResult[]> {
    const routes = await this.#routes(await routeAnchors(query))
    if (routes.length === 0) return []
    const tables = await this.#source.tables()
    const ids = new Set<string>()
    for (const { route, method } of routes) {
      const served = await this.#served(route, method, tables)
      // The line that declares the route when its handler is inline or unknown (it also says the path: the lexical streams find it anyway).
      for (const chunk of served.length > 0 ? served : chunksOver(tables, route.path, route.startLine, route.startLine)) ids.add(chunk.id)
    }
    const documents = await this.#source.documents([...ids].slice(0, topK))
    return documents.filter((document) => document !== undefined).map((document, i) => ({ document, score: 1 / (1 + i) }))
  }

  /** The chunks of a route's handler: a whole module's first (a view component), a resolved definition's, or a local declaration's; `[]` when unknown. */
  async #served(route: EntrypointRecord, method: string | undefined, tables: ChunkTables): Promise<readonly TableChunk[]> {
    const view = moduleOf(route.handlerSymbolId)
    if (view !== undefined) return (tables.byFile.get(view) ?? []).slice(0, 1)
    const handler = await this.#handler(route, method)
    return handler === undefined ? this.#localHandler(route, tables) : chunksOver(tables, handler.path, handler.startLine, handler.endLine)
  }

  /**
   * The definition of the handler a route names, when it was resolved to one; for a class (a
   * Django class-based view, a DRF viewset), its method for the route's HTTP method when it has one.
   */
  async #handler(route: EntrypointRecord, asked: string | undefined): Promise<SymbolRecord | undefined> {
    if (route.handlerSymbolId === '') return undefined
    const handler = (await this.#source.symbols(qualifiedNameOf(route.handlerSymbolId))).find((symbol) => symbol.id === route.handlerSymbolId)
    if (handler?.kind !== 'class') return handler
    // The method asked for, else the route's (Django's `path()` serves any: `*`), else `GET`.
    const method = (asked ?? (route.method === '*' || route.method === '' ? 'GET' : route.method)).toUpperCase()
    for (const name of verbMethods(method, route.route)) {
      const method = (await this.#source.symbols(`${handler.qname}.${name}`)).find((symbol) => symbol.path === handler.path && symbol.parentId === handler.id)
      if (method !== undefined) return method
    }
    return handler
  }

  /**
   * The chunk of the route's file that declares its handler when the handler is a plain name the
   * layers resolved to no symbol: a function defined inside the function that registers the route
   * (a Fastify plugin, an Express router factory), which is no symbol of its own; with the chunk
   * after it when the declaration starts in the chunk's second half (the body goes on there).
   * `[]` when none does.
   */
  async #localHandler(route: EntrypointRecord, tables: ChunkTables): Promise<TableChunk[]> {
    // A member path (`db.insert`, `users.show`) names nothing this file declares locally.
    if (route.handlerSymbolId !== '' || declarationPattern(route.handler) === undefined) return []
    const chunks = tables.byFile.get(route.path) ?? []
    if (chunks.length === 0 || chunks.length > MAX_FILE_CHUNKS) return []
    const texts = (await this.#source.documents(chunks.map((chunk) => chunk.id))).map((document) => document?.content ?? '')
    const found = declaringText(route.handler, texts)
    if (found === undefined) return []
    const chunk = chunks[found.text]!
    const next = chunks[found.text + 1]
    const late = chunk.startLine + found.line > (chunk.startLine + chunk.endLine) / 2
    return late && next !== undefined && next.startLine > chunk.startLine ? [chunk, next] : [chunk]
  }

  /** The routes the anchors match, each once, in anchor order, with the HTTP method asked for. */
  async #routes(anchors: readonly RouteAnchor[]): Promise<{ route: EntrypointRecord; method: string | undefined }[]> {
    const seen = new Map<string, { route: EntrypointRecord; method: string | undefined }>()
    for (const { text, method } of anchors) {
      const filter: EntrypointQuery = { kind: 'http-route', route: text, excludeTests: true }
      let found = await this.#source.entrypoints(method === undefined ? filter : { ...filter, method })
      // A method the path is not served with (`GET` of a `POST` route) is more likely a slip than a question about nothing.
      if (found.length === 0 && method !== undefined) found = await this.#source.entrypoints(filter)
      // The literal route alone when one is the path (frameworks serve `/articles/feed` by it, not by
      // `/articles/<slug>`), else the templates serving it, as the query orders them (fewer parameters first).
      const distance = routeDistance(text)
      const literal = found.filter((route) => distance(route.route) === 0)
      const ordered = literal.length > 0 ? literal : found
      for (const route of ordered) if (!seen.has(route.id)) seen.set(route.id, { route, method })
    }
    return [...seen.values()].slice(0, MAX_ROUTES)
  }
}
