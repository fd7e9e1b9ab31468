import type { EdgeRecord, EntrypointRecord, SymbolRecord } from '@rag/core'
import { normalizeName } from './normalize-name.js'
import type { DefinitionLookup, DefinitionSite, EntrypointLookup, EntrypointQuery, NeighbourLookup } from './signals.js'

/** The code-layer records the structure signals read: C1 symbols, C2 edges (resolved), C3 entrypoints. */
export interface LayerRecords {
  readonly symbols: Iterable<Pick<SymbolRecord, 'name' | 'qname' | 'kind' | 'path' | 'isTest' | 'exported'>>
  readonly edges: Iterable<Pick<EdgeRecord, 'path' | 'resolution' | 'targetPath'>>
  /** `handlerSymbolId` (`path#qname`), when given, credits the route to the file that defines its handler. */
  readonly entrypoints: Iterable<Pick<EntrypointRecord, 'path' | 'kind' | 'method' | 'route' | 'handler' | 'isTest'> & { readonly handlerSymbolId?: string }>
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key)
  if (list === undefined) map.set(key, [value])
  else list.push(value)
}

/** Django's regular-expression routes: `^api/profiles/(?P<username>\w+)/?$`. */
const REGEX_ROUTE = /\(\?P<|^\^|\$$/

/**
 * A route as compared: lower case, no trailing slash, every parameter (`:id`, `{id}`, `<id>`, a
 * regular expression's group) as `*`; a Django regular expression as the path it describes.
 */
function routeKey(route: string): string {
  const plain = REGEX_ROUTE.test(route)
    ? `/${route.replace(/\(\?P?<\w+>(?:[^()]|\([^()]*\))*\)|\((?:[^()]|\([^()]*\))*\)/g, '*').replace(/(^|\/)\^/g, '$1').replace(/\$$/, '').replace(/\/\?$/, '').replace(/^\/+/, '')}`
    : route
  return plain
    .trim()
    .toLowerCase()
    .replace(/:[\w-]+|\{[^}]*\}|<[^>]*>/g, '*')
    .replace(/\/+$/, '')
}

/** The file a route's code is in: its handler's, when the layers resolved it (`path#qname`), else where it is declared (an inline handler). */
function servingFile(entry: { readonly path: string; readonly handlerSymbolId?: string }): string {
  const id = entry.handlerSymbolId ?? ''
  const at = id.lastIndexOf('#')
  return at > 0 ? id.slice(0, at) : entry.path
}

/**
 * Whether a route key with parameters (`POST /owners/*\/edit`) serves a key: same method and
 * segments, a parameter matching any one segment. A key whose path starts with a prefix the
 * index could not read (`GET *\/articles/feed` of `{settings.api_prefix}/articles/feed`) serves
 * any path that ends with the rest.
 */
function serves(template: string, key: string): boolean {
  const space = template.indexOf(' ')
  if (template.slice(0, space) !== key.slice(0, key.indexOf(' '))) return false
  const path = template.slice(space + 1)
  const asked = key.slice(key.indexOf(' ') + 1).split('/')
  const match = (parts: readonly string[], from: number): boolean => parts.every((segment, i) => segment === '*' || segment === asked[from + i])
  if (path.startsWith('*') && !path.startsWith('*/*')) {
    // A computed prefix (`*/articles/feed`, Fastify's `*articles` of `{options.prefix}articles`): one or more segments, then the rest.
    const rest = path.slice(1).replace(/^\/?/, '/').split('/').slice(1)
    return rest.length > 0 && rest[0] !== '' && asked.length - 1 > rest.length && match(rest, asked.length - rest.length)
  }
  const parts = path.split('/')
  return parts.length === asked.length && match(parts, 0)
}

/**
 * The ranking's structure signals from the layered index: `definitions` from the symbol catalog
 * (C1: every definition's name and qualified name, with its kind, and whether it is exported or
 * test code), `neighbours` from the resolved dependency edges (C2: a file's imports, callees and
 * heritage targets, and the files with such edges to it), and `entrypoints` from C3 (the file
 * of a route's handler, or where the route or command is declared; a concrete path matches the
 * templates that serve it). Built once per index generation; lookups are map reads.
 *
 * @example
 * const signals = { ...createChunkSignals(chunks), ...createLayerSignals({ symbols, edges, entrypoints }) }
 * rankFiles(hits, plan, signals)
 */
export function createLayerSignals(records: LayerRecords): { readonly definitions: DefinitionLookup; readonly neighbours: NeighbourLookup; readonly entrypoints: EntrypointLookup } {
  const byName = new Map<string, DefinitionSite[]>()
  const byQname = new Map<string, DefinitionSite[]>()
  const seen = new Set<string>()
  for (const symbol of records.symbols) {
    const site: DefinitionSite = { file: symbol.path, kind: symbol.kind, ...(symbol.exported === undefined ? {} : { exported: symbol.exported }), isTest: symbol.isTest }
    const name = normalizeName(symbol.name)
    const once = `${name}\u0000${symbol.path}`
    if (!seen.has(once)) {
      seen.add(once)
      push(byName, name, site)
    }
    if (symbol.qname !== symbol.name) push(byQname, normalizeName(symbol.qname), site)
  }
  const out = new Map<string, Set<string>>()
  const into = new Map<string, Set<string>>()
  for (const edge of records.edges) {
    if (edge.resolution !== 'resolved' || edge.targetPath === '' || edge.targetPath === edge.path || edge.targetPath.endsWith('/')) continue
    let set = out.get(edge.path)
    if (set === undefined) out.set(edge.path, (set = new Set()))
    set.add(edge.targetPath)
    let back = into.get(edge.targetPath)
    if (back === undefined) into.set(edge.targetPath, (back = new Set()))
    back.add(edge.path)
  }
  const routes = new Map<string, { file: string }[]>()
  for (const entry of records.entrypoints) {
    if (entry.kind !== 'http-route' && entry.kind !== 'cli-command') continue
    push(routes, `${entry.kind === 'http-route' ? entry.method.toUpperCase() : ''} ${routeKey(entry.route)}`, { file: servingFile(entry) })
  }
  // A concrete path (`/owners/42/edit`) matches the templates that serve it (`/owners/*/edit`).
  const templates = [...routes.entries()].filter(([key]) => key.includes('*')).map(([key, files]) => ({ key, files }))
  const served = (key: string): readonly { file: string }[] => templates.filter((template) => serves(template.key, key)).flatMap((template) => template.files)
  const none: readonly string[] = []
  return {
    definitions: {
      definitions(name) {
        if (!/\.|::/.test(name)) return byName.get(normalizeName(name)) ?? []
        return byQname.get(normalizeName(name.split(/\.|::/).join('.'))) ?? []
      },
    },
    neighbours: {
      imports: (file) => [...(out.get(file) ?? none)],
      importers: (file) => [...(into.get(file) ?? none)],
    },
    entrypoints: {
      entrypoints(query: EntrypointQuery) {
        const key = routeKey(query.text)
        if (query.kind === 'endpoint') {
          const method = (query.method ?? '').toUpperCase()
          const methods = method === '' ? ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', '*'] : [method, '*']
          // The literal route when one is the path (`/articles/feed`, not `/articles/*`), else the templates serving it; each file once.
          const exact = methods.flatMap((m) => routes.get(`${m} ${key}`) ?? [])
          const found = exact.length > 0 ? exact : methods.flatMap((m) => served(`${m} ${key}`))
          return [...new Map(found.map((entry) => [entry.file, entry])).values()]
        }
        return routes.get(` ${key.replace(/^-+/, '')}`) ?? []
      },
    },
  }
}
