import { ConfigError, type Document, type EntrypointRecord, type KnowledgeBase, type Metadata, type SearchResult, type Stream, type SymbolRecord } from '@rag/core'
import { GenerationCache } from './generation-cache.js'
import type { EntrypointQuery } from './layer-api.js'
import { metadataOf } from './list-metadata.js'

/** RRF weight of the routes stream: as the definitions stream's, so a handler the lexical streams miss still fuses first. */
export const ROUTES_WEIGHT = 1.5

/** Where a {@link RouteStream} reads routes and chunks from. */
export interface RouteSource {
  /** The index's entrypoints (C3) a filter selects; throws `ConfigError` when the index has no code layers. */
  entrypoints(filter: EntrypointQuery): Promise<readonly EntrypointRecord[]>
  /** The definitions of a name or qualified name (C1), as `RagService.symbols` finds them. */
  symbols(name: string): Promise<readonly SymbolRecord[]>
  /** Every chunk's id and metadata (read once per generation, on the first route query). */
  metadata(): Promise<readonly Pick<Document, 'id' | 'metadata'>[]>
  /** The chunks of these ids, in order (`undefined` for one gone since). */
  documents(ids: readonly string[]): Promise<(Document | undefined)[]>
  /** Changes whenever the index does (this process's commits and other processes'). */
  generation(): Promise<string>
}

/** What the router found: an HTTP route a query names, with its method when given. */
export interface RouteAnchor {
  readonly text: string
  readonly method?: string
}

interface FileChunk {
  readonly id: string
  readonly metadata: Metadata
  readonly startLine: number
  readonly endLine: number
}

/** At most this many routes a query matches are followed (a glob like `/api/*` matches hundreds). */
const MAX_ROUTES = 20

/** The HTTP routes a query names (`POST /orders`, `/api/documents.move`, `` `/users/:id` ``), by `@rag/router`'s anchors. */
export async function routeAnchors(query: string): Promise<RouteAnchor[]> {
  // Every route starts with a slash: other queries need no router.
  if (!query.includes('/')) return []
  const { extractAnchors } = await import('@rag/router')
  return extractAnchors(query)
    .filter((anchor) => anchor.kind === 'endpoint')
    .map(({ text, method }) => (method === undefined ? { text } : { text, method }))
}

/** Every chunk by its file, in line order. */
async function chunksByFile(source: RouteSource): Promise<Map<string, FileChunk[]>> {
  const byFile = new Map<string, FileChunk[]>()
  for (const { id, metadata } of await source.metadata()) {
    const file = metadata['file']
    if (typeof file !== 'string') continue
    const chunk = { id, metadata, startLine: Number(metadata['startLine']), endLine: Number(metadata['endLine']) }
    const list = byFile.get(file)
    if (list === undefined) byFile.set(file, [chunk])
    else list.push(chunk)
  }
  for (const list of byFile.values()) list.sort((a, b) => a.startLine - b.startLine)
  return byFile
}

/** The chunks that overlap a span of a file's lines: every piece of a definition cut for size, or the chunk it shares with its neighbours. */
function chunksOver(chunks: readonly FileChunk[] | undefined, startLine: number, endLine: number): FileChunk[] {
  return (chunks ?? []).filter((chunk) => chunk.startLine <= endLine && startLine <= chunk.endLine)
}

/** The qualified name in a symbol id (`path#Users.show`, `path#show~2` for the second of that name). */
function qualifiedNameOf(symbolId: string): string {
  return symbolId.slice(symbolId.lastIndexOf('#') + 1).replace(/~\d+$/, '')
}

/**
 * A stream of the code that serves the HTTP routes a query names (`which handler serves POST
 * /api/documents.move`, `GET /owners/42/edit returns 500`): for each route of the index's
 * entrypoints layer (C3) that the path matches (exactly, as a glob, or as a path the route's
 * template serves; test code left out), the handler's definition when the route names one it
 * resolved, else the chunk that declares the route (an inline handler). Nothing for a query that names no route, or on an index
 * without code layers. Fused with the lexical streams, it brings a route's handler first where
 * its words are spread over many files (a route path's words are in clients, schemas and tests too).
 */
export class RouteStream implements Stream {
  readonly name: string
  readonly #source: RouteSource
  /** The chunks of each file, in line order, of the generation the index holds. */
  readonly #byFile: GenerationCache<ReadonlyMap<string, readonly FileChunk[]>>

  constructor(source: RouteSource, name = 'routes') {
    this.name = name
    this.#source = source
    this.#byFile = new GenerationCache(() => source.generation(), () => chunksByFile(source))
  }

  async search(query: string, topK: number): Promise<SearchResult[]> {
    const routes = await this.#routes(await routeAnchors(query))
    if (routes.length === 0) return []
    const byFile = await this.#byFile.get()
    const ids = new Set<string>()
    for (const route of routes) {
      const handler = await this.#handler(route)
      const served = handler === undefined ? [] : chunksOver(byFile.get(handler.path), handler.startLine, handler.endLine)
      // The line that declares the route when its handler is inline or unknown (it also says the path: the lexical streams find it anyway).
      for (const chunk of served.length > 0 ? served : chunksOver(byFile.get(route.path), route.startLine, route.startLine)) ids.add(chunk.id)
    }
    const documents = await this.#source.documents([...ids].slice(0, topK))
    return documents.filter((document) => document !== undefined).map((document, i) => ({ document, score: 1 / (1 + i) }))
  }

  /** The definition of the handler a route names, when it was resolved to one. */
  async #handler(route: EntrypointRecord): Promise<SymbolRecord | undefined> {
    if (route.handlerSymbolId === '') return undefined
    return (await this.#source.symbols(qualifiedNameOf(route.handlerSymbolId))).find((symbol) => symbol.id === route.handlerSymbolId)
  }

  /** The routes the anchors match, each once, in anchor order; none without code layers. */
  async #routes(anchors: readonly RouteAnchor[]): Promise<EntrypointRecord[]> {
    const seen = new Map<string, EntrypointRecord>()
    for (const { text, method } of anchors) {
      const filter: EntrypointQuery = { kind: 'http-route', route: text, excludeTests: true }
      let found: readonly EntrypointRecord[]
      try {
        found = await this.#source.entrypoints(method === undefined ? filter : { ...filter, method })
        // A method the path is not served with (`GET` of a `POST` route) is more likely a slip than a question about nothing.
        if (found.length === 0 && method !== undefined) found = await this.#source.entrypoints(filter)
      } catch (error) {
        if (error instanceof ConfigError) return [] // an index without code layers
        throw error
      }
      for (const route of found) if (!seen.has(route.id)) seen.set(route.id, route)
    }
    return [...seen.values()].slice(0, MAX_ROUTES)
  }
}

/** The {@link RouteStream} of a knowledge base and a session's entrypoint query: metadata listed without content where it can be, documents read by id. */
export function routeStreamOf(knowledgeBase: KnowledgeBase, generation: () => Promise<string>, layers: Pick<RouteSource, 'entrypoints' | 'symbols'>): RouteStream {
  return new RouteStream({ entrypoints: (filter) => layers.entrypoints(filter), symbols: (name) => layers.symbols(name), metadata: () => metadataOf(knowledgeBase), documents: (ids) => Promise.all(ids.map((id) => knowledgeBase.get(id))), generation })
}
