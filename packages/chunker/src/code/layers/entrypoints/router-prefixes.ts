import { keyArg, keyedString, stringArg, type Arg } from '../args.js'
import type { CallFact, FileFacts } from '../facts.js'
import { joinRoute, ownEntry } from './detector.js'
import { goStringConstant } from './go-string-constants.js'
import { MOUNT_CALL_NAMES, mountOf, replacesOwnPrefix } from './mount-calls.js'
import { apiPrefix, namespacePrefix, reassignedApis } from './restx-apis.js'
import { vaporGroupPath } from './vapor-routes.js'

function namespacePath(args: readonly Arg[]): string | undefined {
  const name = stringArg(args, 0, ['name'])
  return keyedString(args, 'path') ?? (name === undefined ? undefined : `/${name}`)
}

/** Calls that create a prefixed router or group, and where their prefix is. */
/** The path of gorilla/mux's `r.PathPrefix("/api")` before `.Subrouter()`. */
const SUBROUTER_PATH = /\.PathPrefix\(\s*(["`])([^"`]*)\1\s*\)$/

/**
 * A Go or ASP.NET group's prefix, its first argument: a string, or a variable or field the index
 * cannot read (`e.Group(tc.prefix)`) as `{tc.prefix}`, a computed prefix, not the root.
 */
function groupPrefix(args: readonly Arg[]): string | undefined {
  const first = args.find((arg) => !arg.key)
  if (first?.kind === 'other') return concatenatedPath(first.value)
  return first?.kind === 'name' ? `{${first.value}}` : stringArg(args, 0)
}

/** One part of a `+` of strings and names: a string literal (group 1, 2 or 3), else a (dotted) name (group 4). */
const CONCATENATED_PART = /^(?:"([^"\\]*)"|'([^'\\]*)'|`([^`$\\]*)`|([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*))$/

/** A path joined from strings and names (Fiber's `app.Group("/api/" + apiVersion)`), each name written `{name}`; `undefined` for any other expression. */
function concatenatedPath(written: string): string | undefined {
  const parts = written.split('+')
  if (parts.length < 2) return undefined
  let out = ''
  for (const part of parts) {
    const read = CONCATENATED_PART.exec(part.trim())
    if (!read) return undefined
    out += read[4] !== undefined ? `{${read[4]}}` : (read[1] ?? read[2] ?? read[3] ?? '')
  }
  return out
}

const PREFIX_CALLS: Readonly<Record<string, (args: readonly Arg[]) => string | undefined>> = {
  Group: groupPrefix,
  // Iris's `users := app.Party("/users")`.
  Party: groupPrefix,
  // ASP.NET Core's `var todos = app.MapGroup("/todos")`.
  MapGroup: groupPrefix,
  // Vapor's `let todos = routes.grouped("todos")`, `routes.grouped("api", "v1")`, `routes.grouped(User.authenticator())`.
  grouped: vaporGroupPath,
  // gorilla/mux's `r.PathPrefix("/api").Subrouter()` (its path is read from the receiver).
  Subrouter: () => undefined,
  group: (args) => stringArg(args, 0),
  basePath: (args) => stringArg(args, 0),
  scope: (args) => stringArg(args, 0),
  APIRouter: (args) => keyedString(args, 'prefix'),
  Blueprint: (args) => keyedString(args, 'url_prefix'),
  // Flask-RESTX: `api.namespace('todos')` and `Namespace('todos')` serve under `/todos` unless `path=` says otherwise.
  namespace: namespacePath,
  Namespace: namespacePath,
  // Elysia's `const user = new Elysia({ prefix: '/user' })`.
  Elysia: (args) => {
    const options = args[0]
    const prefix = options?.kind === 'list' ? keyArg(options.items, 'prefix') : undefined
    return prefix?.kind === 'string' ? prefix.value : undefined
  },
  Router: (args) => {
    const options = args[0]
    const prefix = options?.kind === 'list' ? keyArg(options.items, 'prefix') : keyArg(args, 'prefix')
    return prefix?.kind === 'string' ? prefix.value : undefined
  },
}

/**
 * Route prefixes of the file's routers: set where a router is made (`r.Group("/v1")`,
 * `APIRouter(prefix='/items')`, Flask-RESTX's `Api(blueprint)`), where one of the file's routers
 * is mounted on another (`app.use('/api', router)`, `app.include_router(router, prefix='/x')`; see
 * `mount-calls.ts`) and where a namespace is added to an api (`api.add_namespace(ns, path='/x')`; see
 * `restx-apis.ts`).
 */
function prefixes(calls: readonly CallFact[], language: string, text: string): Map<string, string> {
  const out = new Map<string, string>()
  const mounted = new Map<string, InFileMount>()
  const ambiguousApis = calls.some((call) => call.name === 'Api') ? reassignedApis(calls) : new Set<string>()
  for (const call of calls) {
    const mount = MOUNT_CALL_NAMES.has(call.name) ? mountOf(call, language) : undefined
    if (mount !== undefined) {
      // A router this file mounts twice (`app.use('/v1', r); app.use('/v2', r)`) keeps its first
      // mount's path (one place it is served), not the second's on top of the first.
      if (mounted.has(mount.router)) continue
      const own = out.get(mount.router) ?? ''
      const replaces = replacesOwnPrefix(call)
      // A router made in place and kept (axum's `let api = Router::new().nest("/users", users)`): the mount is on `api`.
      const parent = PLAIN_RECEIVER.test(call.receiver) ? call.receiver : (call.assignedTo() ?? call.receiver)
      if (mount.router !== parent) mounted.set(mount.router, { parent, path: mount.path, own: replaces ? '' : own })
      out.set(mount.router, joinRoute(joinRoute(out.get(parent) ?? '', mount.path), replaces ? '' : own))
      continue
    }
    const known = (name: string): string => out.get(name) ?? ''
    // Flask-RESTX: `api = Api(blueprint)` serves under the blueprint's prefix; `api.add_namespace(ns, path=...)` moves a namespace.
    const api = apiPrefix(call, known)
    const variable = api === undefined ? undefined : call.assignedTo()
    if (api !== undefined && variable && !ambiguousApis.has(variable)) out.set(variable, api)
    const added = namespacePrefix(call, known)
    if (added !== undefined) out.set(added.namespace, added.prefix)
    const read = ownEntry(PREFIX_CALLS, call.name)
    // A group whose routes are registered in a callback (Elysia's `.group('/v1', (app) => ...)`) makes no prefixed variable.
    if (!read || (call.name === 'group' && call.args().some((arg) => arg.kind === 'function'))) continue
    // gorilla/mux: `api := r.PathPrefix("/api").Subrouter()` takes its path from the chain.
    const written = call.name === 'Subrouter' ? SUBROUTER_PATH.exec(call.receiver)?.[2] : read(call.args())
    // (Go: a name a group's path joins is read where the file gives it a string, `const apiVersion = "v1"`.)
    const own = written !== undefined && language === 'go' && written.includes('{') ? written.replace(/\{([A-Za-z_]\w*)\}/g, (name, bare: string) => goStringConstant(text, bare, call.offset) ?? name) : written
    const assigned = own === undefined ? undefined : call.assignedTo()
    if (own === undefined || !assigned) continue
    const base = call.name === 'Subrouter' ? receiverPrefix(call.receiver.replace(SUBROUTER_PATH, ''), out) : receiverPrefix(call.receiver, out)
    out.set(assigned, joinRoute(base, own))
  }
  // Mounted routers, outer mounts last in the file (`api.include_router(users, prefix='/users')`
  // then `app.include_router(api, prefix='/api')`): each under its parent's final prefix.
  const final = new Map<string, string>()
  const finalOf = (router: string, depth: number): string => {
    const mount = mounted.get(router)
    if (mount === undefined || depth > MAX_MOUNT_DEPTH) return out.get(router) ?? ''
    let prefix = final.get(router)
    if (prefix === undefined) final.set(router, (prefix = joinRoute(joinRoute(finalOf(mount.parent, depth + 1), mount.path), mount.own)))
    return prefix
  }
  for (const router of mounted.keys()) out.set(router, finalOf(router, 0))
  return out
}

/**
 * A group made in a receiver's chain with a literal path: `e.Group("/api")` (with middleware after
 * the path too), Vapor's `routes.grouped("api", "v1")` (its path components joined).
 */
const CHAINED_GROUP = /^(.+)\.(Group|MapGroup|group)\(\s*"([^"]*)"[^()]*\)$|^(.+)\.grouped\(((?:\s*"[^"]*"\s*,?)+)\)$/

/** The path of one chained group's match: its first string, or a `grouped`'s strings joined. */
function chainedPath(chained: RegExpExecArray): string {
  if (chained[3] !== undefined) return chained[3]
  return [...(chained[5] as string).matchAll(/"([^"]*)"/g)].map((part) => part[1] as string).join('/')
}

/**
 * The prefix of the router a call is made on: a known router's (`api`), or one its chain makes
 * from one (`e.Group("/api")` of `e.Group("/api").Group("/v1")`: `/api` under `e`'s).
 */
function receiverPrefix(receiver: string, known: ReadonlyMap<string, string>, depth = 0): string {
  const chained = depth < MAX_MOUNT_DEPTH ? CHAINED_GROUP.exec(receiver) : null
  if (chained) return joinRoute(receiverPrefix((chained[1] ?? chained[4]) as string, known, depth + 1), chainedPath(chained))
  return known.get(receiver.replace(/\(.*$/, '')) ?? ''
}

/** The prefix of the router a call is made on, by the file's prefixes: a named router's, or a group made in the call's own chain (`admin.Group("/users").GET("/:id", h)`). */
function routerPrefix(known: ReadonlyMap<string, string>, receiver: string): string {
  return known.get(receiver) ?? (CHAINED_GROUP.test(receiver) ? receiverPrefix(receiver, known) : '')
}

/** A receiver that is a name (`app`, `self.router`), not a router made in the call's own chain (`Router::new()`). */
const PLAIN_RECEIVER = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/

/** A router the file mounts on another of its routers: under the parent's prefix and the mount's path, then its own prefix. */
interface InFileMount {
  readonly parent: string
  readonly path: string
  readonly own: string
}

/** Routers mounted in routers mounted in ... deeper than this keep the prefix the file order gave them (cycles stay cheap). */
const MAX_MOUNT_DEPTH = 16

/** Each file's router prefixes, read once for its entrypoints and its mounts alike. */
const filePrefixes = new WeakMap<FileFacts, Map<string, string>>()

/**
 * The route prefix of the router a file's call is made on (`v1` of `v1 := r.Group("/v1")`, a
 * group made in the call's own chain, a router mounted on another of the file's), read from the
 * file's calls on first use and kept with its facts.
 */
export function routerPrefixOf(facts: FileFacts): (receiver: string) => string {
  return (receiver) => {
    let known = filePrefixes.get(facts)
    if (known === undefined) filePrefixes.set(facts, (known = prefixes(facts.calls, facts.language, facts.text)))
    return routerPrefix(known, receiver)
  }
}
