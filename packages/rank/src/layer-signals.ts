import { routeDistance, routeMatcher, type EdgeRecord, type EntrypointRecord, type SymbolRecord } from '@rag/core'
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

/** The methods a route asked without one may be served with. */
const ANY_METHOD: ReadonlySet<string> = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', '*'])

/** A route that serves every path: `*`, `/*`, `/{*rest}`, `/[...slug]`, `<path:p>`. */
const CATCH_ALL = /^\/?(?:\*[\w$]*|\{\*[^}]*\}|\[\[?\.\.\.[^\]]*\]\]?|<path:[^>]+>)\/?$/

/** A command as compared: lower case, no leading dashes. */
function commandKey(command: string): string {
  return command.trim().toLowerCase().replace(/^-+/, '')
}

/** The file a route's code is in: its handler's, when the layers resolved it (`path#qname`), else where it is declared (an inline handler). */
function servingFile(entry: { readonly path: string; readonly handlerSymbolId?: string }): string {
  const id = entry.handlerSymbolId ?? ''
  const at = id.lastIndexOf('#')
  return at > 0 ? id.slice(0, at) : entry.path
}

/**
 * The ranking's structure signals from the layered index: `definitions` from the symbol catalog
 * (C1: every definition's name and qualified name, with its kind, and whether it is exported or
 * test code), `neighbours` from the resolved dependency edges (C2: a file's imports, callees and
 * heritage targets, and the files with such edges to it), and `entrypoints` from C3 (the file
 * of a route's handler, or where the route or command is declared; a path matches the routes
 * `@rag/core`'s `routeMatcher` finds for it, the literal route alone when one is the path). Built
 * once per index generation; lookups are map reads, a route's a scan of the routes.
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
  const routes: { readonly method: string; readonly route: string; readonly file: string }[] = []
  const commands = new Map<string, { file: string }[]>()
  for (const entry of records.entrypoints) {
    // A catch-all (`app.get('*')`, an SPA's fallback) serves every path: it names no file for one.
    if (entry.kind === 'http-route' && !CATCH_ALL.test(entry.route)) routes.push({ method: entry.method.toUpperCase(), route: entry.route, file: servingFile(entry) })
    else if (entry.kind === 'cli-command') push(commands, commandKey(entry.route), { file: servingFile(entry) })
  }
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
        if (query.kind !== 'endpoint') return commands.get(commandKey(query.text)) ?? []
        const method = (query.method ?? '').toUpperCase()
        const methods = method === '' ? ANY_METHOD : new Set([method, '*'])
        const serves = routeMatcher(query.text)
        const distance = routeDistance(query.text)
        const found = routes.filter((route) => methods.has(route.method) && serves(route.route))
        // The literal route alone when one is the path (`/articles/feed`, not `/articles/<slug>`); each file once.
        const literal = found.filter((route) => distance(route.route) === 0)
        return [...new Map((literal.length > 0 ? literal : found).map(({ file }) => [file, { file }])).values()]
      },
    },
  }
}
