import { globToRegExp, InvalidArgumentError, isGlob, RagError, routeDistance, routeMatcher, type EdgeKind, type EdgeRecord, type EntrypointKind, type EntrypointRecord, type FileLayers, type SymbolRecord } from '@rag/core'
import { MAX_REEXPORT_DEPTH, NO_REEXPORTS } from './definitions.js'
import { dirOf } from './paths.js'
import { matchesQualified, matchesQualifiedGlob, symbolQueryName } from './symbol-query-name.js'
import type { SymbolIndex } from './symbol-index.js'

/** What {@link findSymbols} looks for. */
export interface SymbolQuery {
  /**
   * A name (`parseArgs`), a qualified name (`FileStore.read`, also the end of one: `Foo.bar` finds
   * `ns.Foo.bar`) or a glob over either (`parse*`, `*Handler`, `FileStore.*`); as written, else (when no symbol is named so) in any case.
   * Members may be written as their language writes them (`Command::new`, `StringUtils#isBlank`,
   * `Foo->bar`, with or without `()`; see {@link symbolQueryName}).
   */
  readonly name: string
  /** Only this kind (`function`, `class`, ...). */
  readonly kind?: string
  /** Only this language id (`vue`, `svelte` or `astro`: the definitions in that kind of component, whose records say `typescript`). */
  readonly language?: string
  /** Only files whose path starts with this. */
  readonly pathPrefix?: string
  /** Leave out test code. @default false */
  readonly excludeTests?: boolean
  /** At most this many results. @default 100 */
  readonly limit?: number
}

/** What {@link findDependencies} starts from and how far it goes. */
export interface DependencyQuery {
  /**
   * A file path, a symbol id, or a symbol's qualified or plain name, or the end of a qualified name
   * (every definition with it), written as {@link SymbolQuery.name} may be; or a directory (a Go,
   * Java or Python package): the indexed files directly in it, else every one below it (with
   * {@link DependencyQuery.recursive}, always every one below it). A path ending with `/` is always
   * a directory; without, a directory only when no file or symbol matches.
   */
  readonly from: string
  /** For a directory: every indexed file below it, its subdirectories' too, not only the files directly in it. @default false */
  readonly recursive?: boolean
  /** Importers and callers instead of imports and callees. @default false */
  readonly reverse?: boolean
  /** How many edges away. @default 1 */
  readonly depth?: number
  /** Only these edge kinds. @default every kind */
  readonly kinds?: readonly EdgeKind[]
}

/** One edge reached by {@link findDependencies}, with its distance from the start. */
export interface DependencyStep {
  readonly edge: EdgeRecord
  /** 1 for the start's own edges, 2 for the next ring, ... */
  readonly depth: number
}

/** What {@link findEntrypoints} filters by; every field is optional. */
export interface EntrypointQuery {
  readonly kind?: EntrypointKind
  /** HTTP method, case-insensitive; `*` routes match any method. */
  readonly method?: string
  /**
   * A route or command: exact, a glob (`/orders/*`), or a path a route template serves
   * (`/orders/42` finds `/orders/:id`, `/orders/{id}`, `/orders/<int:id>`; a trailing slash aside).
   */
  readonly route?: string
  readonly framework?: string
  /** Leave out test code. @default false */
  readonly excludeTests?: boolean
}

/** What the queries read from a graph. */
export interface GraphView {
  file(path: string): FileLayers | undefined
  symbol(id: string): SymbolRecord | undefined
  edgesOf(path: string): readonly EdgeRecord[]
  incoming(target: string): readonly EdgeRecord[]
  outgoing(symbolId: string): readonly EdgeRecord[]
  /** The `routes` edges of a file's entrypoints. */
  routeEdgesOf(path: string): readonly EdgeRecord[]
  /** The `routes` edges into a handler symbol id or a handler file. */
  routesInto(target: string): readonly EdgeRecord[]
  named(name: string): readonly SymbolRecord[]
  files(): IterableIterator<FileLayers>
}

const DEFAULT_LIMIT = 100

function assertText(value: unknown, what: string): asserts value is string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new InvalidArgumentError(`${what} must be a non-empty string; received ${JSON.stringify(value) ?? String(value)}.`)
  }
}

function assertPositive(value: unknown, what: string): asserts value is number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new InvalidArgumentError(`${what} must be a positive integer; received ${String(value)}.`)
  }
}

/** The component languages, whose files' records carry their scripts' language (`typescript`): a file of one is one of its extension. */
const COMPONENT_EXTENSIONS: Readonly<Record<string, string>> = { vue: '.vue', svelte: '.svelte', astro: '.astro' }

/** Whether a symbol is of `language`: its record's, or for `vue`, `svelte` and `astro` its file's. */
function inLanguage(symbol: SymbolRecord, language: string): boolean {
  const extension = COMPONENT_EXTENSIONS[language]
  return extension === undefined ? symbol.language === language : symbol.path.endsWith(extension)
}

/**
 * Symbols matching a query: exact names first, then those a glob matches in its own case (a
 * qualified glob's only, when it matches any so), then exported ones, then by path and line.
 */
export function findSymbols(index: SymbolIndex, query: SymbolQuery): SymbolRecord[] {
  assertText(query?.name, 'symbol query name')
  const limit = query.limit ?? DEFAULT_LIMIT
  assertPositive(limit, 'symbol query limit')
  const name = symbolQueryName(query.name)
  if (name === '') throw new InvalidArgumentError(`symbol query name must name a symbol; received ${JSON.stringify(query.name)}.`)
  // A name as written; when nothing is named so, in any case (`rag symbols hono` finds `Hono`). A glob
  // in any case (`owner*` finds `Owner`, `ownerName` and `owners`), those written as the glob first.
  const glob = isGlob(name)
  let candidates = candidatesOf(index, name, glob)
  if (candidates.length === 0 && !glob) candidates = candidatesOf(index, name, true)
  const kept = candidates.filter(
    (s) =>
      (!query.kind || s.kind === query.kind) &&
      (!query.language || inLanguage(s, query.language)) &&
      (!query.pathPrefix || s.path.startsWith(query.pathPrefix)) &&
      !(query.excludeTests && s.isTest),
  )
  // Those the glob matches in its own case, tested once each (not in the sort's comparisons).
  const pattern = glob ? globToRegExp(name) : undefined
  const inCase = pattern === undefined ? undefined : new Set(kept.filter((s) => (name.includes('.') ? matchesQualifiedGlob(s, pattern) : pattern.test(s.name))))
  const written = (s: SymbolRecord): number => Number(inCase?.has(s) === true)
  // A qualified glob names its container as written (`Executor.*`: the trait's members, not those of a module `executor`), in any case only when nothing is written so.
  const chosen = inCase !== undefined && inCase.size > 0 && name.includes('.') ? kept.filter((s) => inCase.has(s)) : kept
  return chosen
    .sort(
      (a, b) =>
        Number(b.name === name || b.qname === name) - Number(a.name === name || a.qname === name) ||
        written(b) - written(a) ||
        Number(b.exported === true) - Number(a.exported === true) ||
        Number(a.isTest) - Number(b.isTest) ||
        a.path.localeCompare(b.path) ||
        a.startLine - b.startLine,
    )
    .slice(0, limit)
}

/** The symbols a name or glob (qualified or not) matches, as written or with `ignoreCase` in any case. */
function candidatesOf(index: SymbolIndex, name: string, ignoreCase: boolean): SymbolRecord[] {
  const qualified = name.includes('.')
  const names = index.names()
  const candidates: SymbolRecord[] = []
  if (!isGlob(name)) {
    const last = qualified ? name.slice(name.lastIndexOf('.') + 1) : name
    if (!ignoreCase) return index.named(last).filter((s) => !qualified || matchesQualified(s, name))
    const lower = last.toLowerCase()
    for (const candidate of names) {
      if (candidate.toLowerCase() !== lower) continue
      for (const symbol of index.named(candidate)) if (!qualified || matchesQualified({ qname: symbol.qname.toLowerCase(), module: symbol.module.toLowerCase() }, name.toLowerCase())) candidates.push(symbol)
    }
    return candidates
  }
  const pattern = globToRegExp(name)
  const test = ignoreCase ? new RegExp(pattern.source, `${pattern.flags.replace('i', '')}i`) : pattern
  const firstWildcard = name.search(/[*?]/)
  const prefix = qualified || ignoreCase ? '' : name.slice(0, firstWildcard)
  // Names are sorted: a glob with a literal prefix scans only the names that start with it.
  let at = prefix ? lowerBound(names, prefix) : 0
  for (; at < names.length; at++) {
    const candidate = names[at] as string
    if (prefix && !candidate.startsWith(prefix)) break
    for (const symbol of index.named(candidate)) if (qualified ? matchesQualifiedGlob(symbol, test) : test.test(symbol.name)) candidates.push(symbol)
  }
  return candidates
}

function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const mid = (low + high) >> 1
    if ((sorted[mid] as string) < value) low = mid + 1
    else high = mid
  }
  return low
}

/** The starting points of a dependency walk: a file, a symbol id, every symbol with a qualified or plain name, or a directory's files. */
function startsOf(graph: GraphView, from: string, recursive: boolean): { files: string[]; symbols: SymbolRecord[] } {
  const directory = from.endsWith('/')
  if (!directory) {
    if (graph.file(from)) return { files: [from], symbols: [] }
    const byId = graph.symbol(from)
    if (byId) return { files: [], symbols: [byId] }
    const name = symbolQueryName(from)
    const last = name.slice(name.lastIndexOf('.') + 1)
    const symbols = graph.named(last).filter((s) => s.name === name || (name !== last && matchesQualified(s, name)))
    if (symbols.length > 0) return { files: [], symbols }
  }
  const files = directoryFiles(graph, from.replace(/\/+$/, ''), recursive)
  if (files.length === 0) throw new RagError('NOT_FOUND', `${JSON.stringify(from)} is not an indexed file or directory, nor a known symbol.`)
  return { files, symbols: [] }
}

/** The indexed files directly in a directory (a package), else (or when `recursive`) every one below it, in path order. */
function directoryFiles(graph: GraphView, dir: string, recursive: boolean): string[] {
  // The root (`''`): the files at the top, else every file.
  const prefix = dir === '' ? '' : `${dir}/`
  const direct: string[] = []
  const below: string[] = []
  for (const file of graph.files()) {
    if (file.path.startsWith(prefix)) (file.path.includes('/', prefix.length) ? below : direct).push(file.path)
  }
  return (direct.length > 0 && !recursive ? direct : [...direct, ...below]).sort()
}

/** Edges leaving a symbol and every symbol nested in it (a class's methods). */
function symbolEdges(graph: GraphView, symbol: SymbolRecord): EdgeRecord[] {
  return [...graph.edgesOf(symbol.path), ...graph.routeEdgesOf(symbol.path)].filter((edge) => {
    for (let s = edge.sourceSymbolId ? graph.symbol(edge.sourceSymbolId) : undefined; s; s = s.parentId ? graph.symbol(s.parentId) : undefined) {
      if (s.id === symbol.id) return true
    }
    return false
  })
}

/**
 * Walks the dependency graph breadth first from a file or symbol: forward along its imports,
 * calls, heritage and routes (an entrypoint to its handler) to the files and symbols they resolved
 * to, or (`reverse`) back along the edges that point at it (a handler's routes among them), up to
 * `depth` edges away. Each edge is reported once, at its first depth.
 *
 * @throws InvalidArgumentError for an empty `from` or a `depth` below 1.
 * @throws RagError `NOT_FOUND` when `from` is not an indexed file or directory, nor a known symbol.
 */
export function findDependencies(graph: GraphView, query: DependencyQuery): DependencyStep[] {
  assertText(query?.from, 'dependency query from')
  const depth = query.depth ?? 1
  assertPositive(depth, 'dependency query depth')
  const kinds = query.kinds ? new Set(query.kinds) : undefined
  const start = startsOf(graph, query.from, query.recursive === true)
  const steps: DependencyStep[] = []
  const seenEdges = new Set<string>()
  const seenNodes = new Set<string>([...start.files, ...start.symbols.map((s) => s.id)])
  let ring: { files: string[]; symbols: SymbolRecord[] } = start
  for (let level = 1; level <= depth && (ring.files.length > 0 || ring.symbols.length > 0); level++) {
    const next: { files: string[]; symbols: SymbolRecord[] } = { files: [], symbols: [] }
    const edges: EdgeRecord[] = []
    if (query.reverse) {
      for (const file of ring.files) {
        // Go imports a file's package: its directory, `/` at the root (a module's root package).
        const home = graph.file(file)
        const incoming = [...graph.incoming(file), ...graph.incoming(`${dirOf(file)}/`).filter((edge) => home === undefined || importsFromDirectory(edge, home))]
        // A file's own routes to its own handlers (Flask's views) do not make it depend on itself,
        // but they are what `--kind routes` asks for: which routes reach this file.
        const routes = graph.routesInto(file).filter((edge) => edge.path !== file || kinds?.has('routes') === true)
        edges.push(...incoming, ...importsThroughBarrels(graph, incoming), ...routes)
      }
      for (const symbol of ring.symbols) edges.push(...graph.incoming(symbol.id), ...importsNaming(graph, symbol), ...graph.routesInto(symbol.id))
    } else {
      for (const file of ring.files) edges.push(...graph.edgesOf(file), ...graph.routeEdgesOf(file))
      for (const symbol of ring.symbols) edges.push(...symbolEdges(graph, symbol))
    }
    for (const edge of edges) {
      if (seenEdges.has(edge.id) || (kinds && !kinds.has(edge.kind))) continue
      seenEdges.add(edge.id)
      steps.push({ edge, depth: level })
      if (query.reverse) {
        const source = edge.sourceSymbolId ? graph.symbol(edge.sourceSymbolId) : undefined
        if (source && !seenNodes.has(source.id)) {
          seenNodes.add(source.id)
          next.symbols.push(source)
        } else if (!source && !seenNodes.has(edge.path)) {
          seenNodes.add(edge.path)
          next.files.push(edge.path)
        }
      } else {
        const target = edge.targetSymbolId ? graph.symbol(edge.targetSymbolId) : undefined
        if (target && !seenNodes.has(target.id)) {
          seenNodes.add(target.id)
          next.symbols.push(target)
        } else if (!target && edge.targetPath && !edge.targetPath.endsWith('/') && !seenNodes.has(edge.targetPath)) {
          seenNodes.add(edge.targetPath)
          next.files.push(edge.targetPath)
        }
      }
    }
    ring = next
  }
  return steps
}

/**
 * The imports of a top-level symbol that name it without resolving to it: from its file among
 * other names (`from lib import a, b`, `import { a, b } from './lib'`: one edge to `lib`, with no
 * single target symbol), and through the barrels re-exporting it (`use crate::db::Repo` where
 * `db/mod.rs` has `pub use self::models::Repo`, an `index.ts` with `export { a } from './lib'`).
 */
function importsNaming(graph: GraphView, symbol: SymbolRecord): EdgeRecord[] {
  if (symbol.parentId !== '') return []
  const names = (edge: EdgeRecord, glob: boolean): boolean => (edge.names ?? []).some((named) => named.name === symbol.name || (glob && named.name === '*'))
  const imports = graph.incoming(symbol.path).filter((edge) => edge.kind === 'imports' && names(edge, true))
  const through = importsThroughBarrels(graph, imports).filter((edge) => edge.targetSymbolId !== symbol.id && names(edge, true))
  return [...imports.filter((edge) => edge.targetSymbolId === '' && names(edge, false)), ...through]
}

/**
 * Whether an import resolved to a file's directory imports that file: a Go or Java package is its
 * whole folder, but a C# `using Shop.Data;` resolves to the folder of the files declaring the
 * namespace, and a folder may hold files of other namespaces: only those declaring it are imported.
 */
function importsFromDirectory(edge: EdgeRecord, file: FileLayers): boolean {
  if (edge.language !== 'csharp' || file.language !== 'csharp') return true
  return file.module === edge.target || file.symbols.some((symbol) => symbol.kind === 'namespace' && symbol.qname === edge.target)
}

/**
 * The imports that reach a file through the barrels re-exporting it, as deep as re-exports are
 * followed: `import { Router } from './lib'` where `lib/index.ts` has `export { Router } from
 * './router'` is an importer of `lib/router.ts` too (a name the barrel binds from the file, or all
 * of them through `*`). Languages whose imports bind names for the importing file only have none.
 */
function importsThroughBarrels(graph: GraphView, direct: readonly EdgeRecord[]): EdgeRecord[] {
  const out: EdgeRecord[] = []
  const seen = new Set<string>()
  let layer = direct.filter((edge) => edge.kind === 'imports' && edge.resolution === 'resolved')
  for (let depth = 0; depth < MAX_REEXPORT_DEPTH && layer.length > 0; depth++) {
    const next: EdgeRecord[] = []
    for (const edge of layer) {
      if (NO_REEXPORTS.has(graph.file(edge.path)?.language ?? '')) continue
      const names = edge.names ?? []
      const all = names.some((n) => n.name === '*' && n.alias === undefined)
      const bound = new Set(names.filter((n) => n.name !== '*').map((n) => n.alias ?? n.name))
      if (!all && bound.size === 0) continue
      // Python's `import pkg.b` reaches the names a package's `__init__.py` binds (`import click` then
      // `click.echo`), not those a plain module imports for its own use.
      const namespaces = graph.file(edge.path)?.language !== 'python' || /(^|\/)__init__\.py$/.test(edge.path)
      for (const importer of graph.incoming(edge.path)) {
        if (importer.kind !== 'imports' || importer.resolution !== 'resolved' || seen.has(importer.id)) continue
        // A namespace import (`import * as lib`) reaches every name; a named one, the names the barrel binds.
        if (!(importer.names ?? []).some((n) => (n.name === '*' && namespaces) || all || bound.has(n.name))) continue
        seen.add(importer.id)
        out.push(importer)
        next.push(importer)
      }
    }
    layer = next
  }
  return out
}

/**
 * Entrypoints matching a query, in path and line order; for a route asked as a path, the route
 * that is the path first, then the templates serving it, fewer parameters first (`routeDistance`).
 */
export function findEntrypoints(files: Iterable<FileLayers>, query: EntrypointQuery): EntrypointRecord[] {
  const method = query.method?.toUpperCase()
  const route = query.route === undefined ? undefined : routeMatcher(query.route)
  const under = query.route === undefined ? undefined : subtreeMatcher(query.route)
  const exact = query.route === undefined || isGlob(query.route) ? () => 0 : routeDistance(query.route)
  // A subtree that serves the path comes after the routes that match it, the deepest first.
  const distance = (entry: EntrypointRecord): number => (route === undefined || route(entry.route) ? exact(entry.route) : Number.MAX_SAFE_INTEGER - entry.route.length)
  const out: EntrypointRecord[] = []
  for (const file of files) {
    for (const entry of file.entrypoints) {
      if (query.kind && entry.kind !== query.kind) continue
      if (method && entry.method !== method && entry.method !== '*') continue
      if (route && !route(entry.route) && !under?.(entry)) continue
      if (query.framework && entry.framework !== query.framework) continue
      if (query.excludeTests && entry.isTest) continue
      out.push(entry)
    }
  }
  return out.sort((a, b) => distance(a) - distance(b) || a.path.localeCompare(b.path) || a.startLine - b.startLine)
}

/**
 * For a path asked for, whether a route serves it as a subtree: Go's `net/http` patterns ending in
 * a slash serve every path below them (`/static/` serves `/static/app.css`; `/` serves any path
 * no other pattern does). `undefined` for a query that is no path.
 */
function subtreeMatcher(query: string): ((entry: EntrypointRecord) => boolean) | undefined {
  if (!query.startsWith('/') || isGlob(query)) return undefined
  const path = query.replace(/[?#].*$/s, '')
  return (entry) => entry.framework === 'net/http' && entry.route.endsWith('/') && entry.route.startsWith('/') && path.startsWith(entry.route)
}
