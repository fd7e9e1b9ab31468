import { joinRoute } from '@rag/core'
import type { FileFacts } from '../facts.js'
import { objectEntries, openingBrace, type ObjectEntry } from './object-literal.js'

/**
 * A route record's `path: '...'` entry, one naming a constant (`path: paths.app.root.path`,
 * `path: ROUTES.HOME`), or React Router's `index: true`: the start of the search for route records.
 */
const PATH_KEY = /\bpath\s*:\s*(?:['"`]|[A-Za-z_$][\w$]*\s*[.,}\n])|\bindex\s*:\s*true\b/g

/** A path written as a (dotted) name: a constant of this file or another (`paths.app.root.path`, `ROUTES.HOME`, `HOME`). */
const NAMED_PATH = /^\s*([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*$/

/**
 * A route's path as written (`value`: a record's `path` value, a JSX attribute's braced
 * expression): a string's text, or a name whose head is one of `constants`, written as the graph
 * reads computed paths (`{paths.app.root.path}`: `@rag/layers` reads it where the index defines it).
 */
export function writtenPath(value: string, constants: ReadonlySet<string>): string | undefined {
  const quoted = /^\s*(['"`])([^'"`]*)\1\s*$/.exec(value)
  if (quoted) return quoted[2]!.replace(/\\(.)/g, '$1')
  const named = NAMED_PATH.exec(value)?.[1]
  // (Only a name the file imports or declares at its top: `route.path` of a `map` callback is no constant.)
  return named !== undefined && constants.has(named.split('.')[0]!) ? `{${named}}` : undefined
}

/**
 * The names a route record's path may be written with in a file: what it imports and its
 * top-level constants (see {@link routeRecords}).
 */
export function constantNames(facts: Pick<FileFacts, 'imports' | 'symbols'>): Set<string> {
  const out = new Set<string>()
  for (const fact of facts.imports) for (const name of fact.names) if (name.name !== '*') out.add(name.alias ?? name.name)
  for (const symbol of facts.symbols) if (symbol.parent === undefined && (symbol.kind === 'constant' || symbol.kind === 'enum')) out.add(symbol.name)
  return out
}

/** One route record of a client-side router's configuration: an object literal with a string `path` (`{ path: 'users', component: Users, children: [...] }`) or `index: true`. */
export interface RouteRecord {
  /** Where its `{` is. */
  readonly open: number
  readonly entries: readonly ObjectEntry[]
  /**
   * Its `path` as the string holds it (`':id(\\d+)'` is `:id(\d+)`), a name in braces for a path
   * written as one (`{paths.app.root.path}`); `''` for an index route.
   */
  readonly path: string
  /** Where its `children` array's value starts and ends, if it has one. */
  readonly children: readonly [number, number] | undefined
  /** Its path joined under its parents' (a child's path is relative unless it starts with `/`), with a leading `/`. */
  readonly route: string
}

/**
 * The route records of a file (`text`, and `masked`: its comments and strings' contents blanked),
 * each with its full route: a record inside another's `children` array is its child. A path
 * written as a name counts when the name's head is one of `constants` ({@link constantNames}).
 */
export function routeRecords(text: string, masked: string, constants: ReadonlySet<string> = new Set()): RouteRecord[] {
  const found: Omit<RouteRecord, 'route'>[] = []
  const seen = new Set<number>()
  for (const match of masked.matchAll(PATH_KEY)) {
    const open = openingBrace(masked, match.index - 1)
    if (open < 0 || seen.has(open)) continue
    seen.add(open)
    const entries = objectEntries(masked, open)
    const path = entries.find((entry) => entry.key === 'path')
    // (An index route, `{ index: true, element: <Home /> }`, is its parent's path.)
    const written = path ? writtenPath(text.slice(path.valueStart, path.valueEnd), constants) : entries.some((entry) => entry.key === 'index') ? '' : undefined
    if (written === undefined) continue
    const children = entries.find((entry) => entry.key === 'children')
    found.push({ open, entries, path: written, children: children ? [children.valueStart, children.valueEnd] : undefined })
  }
  const parentOf = (record: Omit<RouteRecord, 'route'>): Omit<RouteRecord, 'route'> | undefined =>
    found.filter((outer) => outer.children !== undefined && outer.children[0] < record.open && record.open < outer.children[1]).sort((a, b) => b.open - a.open)[0]
  const fullPath = (record: Omit<RouteRecord, 'route'>, depth = 0): string => {
    const parent = depth < 16 ? parentOf(record) : undefined
    if (record.path.startsWith('/') || parent === undefined) return record.path
    return joinRoute(fullPath(parent, depth + 1), record.path)
  }
  return found.map((record) => ({ ...record, route: `/${fullPath(record).replace(/^\/+/, '')}` }))
}

/** A lazily loaded module: `() => import('@/views/table/index')`, also with a webpack magic comment before the module. */
const LAZY_MODULE = /^\s*(?:async\s*)?\(\)\s*=>\s*import\(\s*(?:\/\*[\s\S]*?\*\/\s*)?(['"`])([^'"`]+)\1/

/** A lazy function that awaits its module in a block: `async () => { const { Landing } = await import('./routes/landing'); return { Component: Landing } }`. */
const AWAITED_MODULE = /^\s*async\s*\(\)\s*=>\s*\{[\s\S]*?\bawait\s+import\(\s*(?:\/\*[\s\S]*?\*\/\s*)?(['"`])([^'"`]+)\1/

/**
 * What an entry of a record renders: a lazily loaded module as written (`@/views/table/index`,
 * also one a lazy function awaits),
 * a component's name (`Users`, `<Users />`'s), or `''` for anything else; `undefined` without the entry.
 */
export function renderedBy(text: string, masked: string, entry: ObjectEntry | undefined): string | undefined {
  if (entry === undefined) return undefined
  const written = text.slice(entry.valueStart, entry.valueEnd)
  const lazy = LAZY_MODULE.exec(written) ?? AWAITED_MODULE.exec(written)
  if (lazy) return lazy[2]
  const value = masked.slice(entry.valueStart, entry.valueEnd)
  return (/^\s*([A-Za-z_$][\w$.]*)\s*$/.exec(value) ?? /^\s*<\s*([A-Za-z_$][\w$.]*)[\s/>]/.exec(value))?.[1] ?? ''
}
