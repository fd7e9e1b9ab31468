import { keyArg, keyedString, stringArg, type Arg } from '../args.js'
import type { CallFact, EntrypointDraft, FileFacts, MountFact, SymbolFact } from '../facts.js'
import { CLI_COMMAND_DETECTORS } from './cli-commands.js'
import { decoratorReceiver, joinRoute, JS_LANGUAGES, ownEntry, type DetectContext, type EntrypointDetector } from './detector.js'
import { HTTP_ROUTE_DETECTORS } from './http-routes.js'
import { litestarMountFacts, MORE_HTTP_ROUTE_DETECTORS, rocketMountFacts } from './http-routes-more.js'
import { MAIN_AND_JOB_DETECTORS } from './mains-and-jobs.js'
import { REGISTERED_ROUTE_DETECTORS } from './registered-routes.js'
import { REST_FRAMEWORK_DETECTORS, restFrameworkMountFacts } from './rest-framework.js'
import { chiBlockPrefixes } from './chi-routes.js'
import { goStringConstant } from './go-string-constants.js'
import { groupMountFacts } from './group-mounts.js'
import { aspNetGroupMountFacts } from './aspnet-group-mounts.js'
import { trpcMountFacts } from './trpc-procedures.js'
import { cobraMountFacts } from './cobra-mounts.js'
import { yargsCommandDirFacts } from './yargs-commands.js'
import { clickMountFacts, typerMountFacts } from './click-typer-commands.js'
import { commanderMountFacts } from './commander-commands.js'
import { ktorMountFacts } from './ktor-routes.js'
import { vaporGroupPath, vaporMountFacts } from './vapor-routes.js'
import { shelfMountFacts } from './shelf-routes.js'
import { nestModuleFacts } from './nest-modules.js'
import { fastifyAutoloadFacts } from './fastify-autoload.js'
import { apiPrefix, namespaceMountFacts, namespacePrefix, reassignedApis } from './restx-apis.js'
import { globalPrefixFacts } from './global-prefixes.js'
import { withTypedReceiver } from './receiver-types.js'
import { MOUNT_CALL_NAMES, mountOf, replacesOwnPrefix } from './mount-calls.js'
import { djangoIncludeFacts, MOUNTING_CALL_NAMES, mountFacts } from './mounts.js'
import { actixServiceMountFacts } from './actix-scopes.js'
import { inlinePluginScopes, prefixWithin } from './group-scopes.js'

/** Every detector, HTTP routes first. Add a framework by adding an entry to one of these tables. */
export const ENTRYPOINT_DETECTORS: readonly EntrypointDetector[] = [...HTTP_ROUTE_DETECTORS, ...MORE_HTTP_ROUTE_DETECTORS, ...REST_FRAMEWORK_DETECTORS, ...REGISTERED_ROUTE_DETECTORS, ...CLI_COMMAND_DETECTORS, ...MAIN_AND_JOB_DETECTORS]

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

/** Python calls that make a router with a prefix of its own. */
const PREFIXED_PYTHON_ROUTERS: ReadonlySet<string> = new Set(['Blueprint', 'Namespace', 'namespace'])

/**
 * The own prefixes of a Python file's module-level routers (Flask's `bp = Blueprint('main',
 * __name__, url_prefix='/main')`, Flask-RESTX's `ns = Namespace('statistics')`), each as a mount of
 * the router onto itself: routes other files declare on it (`from app.main import bp`) are served
 * under it. The file's own routes on it have it already.
 */
function ownPrefixFacts(facts: FileFacts, prefixOf: (name: string) => string): MountFact[] {
  if (facts.language !== 'python') return []
  const out: MountFact[] = []
  for (const call of facts.calls) {
    if (!PREFIXED_PYTHON_ROUTERS.has(call.name)) continue
    const variable = call.assignedTo()
    if (!variable || !facts.symbols.some((symbol) => symbol.parent === undefined && symbol.name === variable)) continue
    const prefix = prefixOf(variable)
    if (prefix !== '' && prefix !== '/') out.push({ target: variable, prefix, router: variable, row: call.row, offset: call.offset })
  }
  return out
}

/**
 * Routers of other files this file mounts (`mounts.ts`), Go functions it hands a route group to
 * (`group-mounts.ts`), a framework's global prefix it sets, the URLconfs a Django URLconf includes
 * and NestJS's module tree (`nest-modules.ts`), with the prefixes its own routers have here; `modules` are the modules the file
 * imports (see {@link importedModules}).
 */
export function detectMounts(facts: FileFacts, modules: ReadonlySet<string>): MountFact[] {
  const imports = (module: string): boolean => modules.has(module)
  let routePrefixes: Map<string, string> | undefined
  const prefixOf = (receiver: string): string => routerPrefix((routePrefixes ??= prefixes(facts.calls, facts.language, facts.text)), receiver)
  // Mounts that need no mount call: a framework's global prefix, Django's includes, DRF's viewsets, Fastify's autoloaded folders, NestJS's modules, Flask-RESTX's namespaces, Python routers' own prefixes, Ktor's route extensions, Vapor's route collections and functions, shelf_router's mounted class routers, ASP.NET groups handed to extension methods, tRPC's sub-routers, Rocket's mounted handlers, actix-web's handlers served in a scope, Litestar's routers, cobra's subcommands, yargs's command directories, typer's apps, click's groups and commander's commands of other modules.
  const declared = [
    ...globalPrefixFacts(facts, imports),
    ...djangoIncludeFacts(facts, imports),
    ...restFrameworkMountFacts(facts, imports),
    ...fastifyAutoloadFacts(facts),
    ...nestModuleFacts(facts, imports),
    ...namespaceMountFacts(facts, prefixOf),
    ...ownPrefixFacts(facts, prefixOf),
    ...ktorMountFacts(facts),
    ...(imports('Vapor') ? vaporMountFacts(facts, prefixOf) : []),
    ...(imports('package:shelf_router') ? shelfMountFacts(facts) : []),
    ...aspNetGroupMountFacts(facts, prefixOf),
    ...trpcMountFacts(facts, imports),
    ...(imports('rocket') ? rocketMountFacts(facts) : []),
    ...(imports('actix_web') ? actixServiceMountFacts(facts) : []),
    ...(imports('litestar') ? litestarMountFacts(facts) : []),
    ...(imports('github.com/spf13/cobra') ? cobraMountFacts(facts, enclosingFinder(facts.symbols)) : []),
    // A command module that loads a directory needs not import yargs (`exports.builder = (yargs) => yargs.commandDir('remote_cmds')`).
    ...yargsCommandDirFacts(facts, enclosingFinder(facts.symbols)),
    ...(imports('typer') ? typerMountFacts(facts) : []),
    ...(imports('click') ? clickMountFacts(facts) : []),
    ...(imports('commander') || imports('@commander-js/extra-typings') ? commanderMountFacts(facts, enclosingFinder(facts.symbols)) : []),
  ]
  // Go: only a file that makes a group can hand one on (most files: no argument is parsed).
  const groups = facts.language === 'go' && (facts.text.includes('Group(') || facts.text.includes('Subrouter('))
  const mounting = facts.calls.some((call) => MOUNTING_CALL_NAMES.has(call.name))
  if (!groups && !mounting) return declared
  // go-chi mounts inside `r.Route("/v1", func(r chi.Router) { ... })` blocks are under the blocks' paths.
  // Fastify's inline plugins (`app.register(async (api) => { api.register(items, { prefix: '/items' }) }, { prefix: '/api' })`) likewise.
  const blockPrefix = facts.language === 'go' && imports('github.com/go-chi/chi') ? chiBlockPrefixes(facts.calls) : JS_LANGUAGES.includes(facts.language) ? pluginPrefixes(facts) : undefined
  return [...declared, ...(groups ? groupMountFacts(facts, prefixOf) : []), ...(mounting ? mountFacts(facts, prefixOf, blockPrefix) : [])]
}

/** The prefix Fastify's inline plugins around a call give it (see `inlinePluginScopes`); `undefined` when the file registers none. */
function pluginPrefixes(facts: FileFacts): ((call: CallFact) => string) | undefined {
  if (!facts.calls.some((call) => call.name === 'register')) return undefined
  const scopes = inlinePluginScopes({ facts })
  if (scopes.length === 0) return undefined
  return (call) => prefixWithin(scopes, call.offset)
}

function innermost(symbols: readonly SymbolFact[], offset: number): SymbolFact | undefined {
  let low = 0
  let high = symbols.length - 1
  let found = -1
  while (low <= high) {
    const mid = (low + high) >> 1
    if ((symbols[mid] as SymbolFact).start <= offset) {
      found = mid
      low = mid + 1
    } else high = mid - 1
  }
  let candidate = found >= 0 ? symbols[found] : undefined
  while (candidate && candidate.end <= offset) candidate = candidate.parent
  return candidate
}

/** A function that finds the innermost definition around an offset (symbols in document order). */
export function enclosingFinder(symbols: readonly SymbolFact[]): (offset: number) => SymbolFact | undefined {
  const sorted = [...symbols].sort((a, b) => a.start - b.start)
  return (offset) => innermost(sorted, offset)
}

/**
 * Every module an import names, and every module it is a submodule of: `github.com/x/y` gives
 * itself, `github`, `github.com`, `github.com/x`; `a.b.C` gives `a`, `a.b`; `std::io` gives `std`
 * and `std:`. Checking whether a file imports a framework is then one lookup.
 */
export function importedModules(specifiers: readonly string[]): Set<string> {
  const out = new Set<string>()
  for (const specifier of specifiers) {
    out.add(specifier)
    for (let i = 1; i < specifier.length; i++) {
      const c = specifier.charCodeAt(i)
      // A module ends before `/`, `.`, `:` or a backslash.
      if (c === 47 || c === 46 || c === 58 || c === 92) out.add(specifier.slice(0, i))
    }
  }
  return out
}

/** A relative import of a directory above the file, a package's root: `'..'`, `'../../'`, `'../../..'`, `'../../index.js'`. */
const ANCESTOR_DIRECTORY = /^\.\.(?:\/\.\.)*\/?(?:index(?:\.[cm]?js)?)?$/

/** The JavaScript frameworks detectors know by a plain package name (`express`, `koa`, `fastify`), which a file may import from their own package's root. */
let packageFrameworks: ReadonlySet<string> | undefined

/**
 * The frameworks a JavaScript file of a framework's own repository imports from the package's
 * root, by the name it binds: `var express = require('../../')` in express's `examples/auth/`
 * imports `express` (the root is the package named so). The file alone cannot read the root's
 * `package.json`: the binding stands for it, and only a name a detector knows counts.
 */
export function selfImportedFrameworks(facts: FileFacts): string[] {
  if (!JS_LANGUAGES.includes(facts.language)) return []
  packageFrameworks ??= new Set(ENTRYPOINT_DETECTORS.filter((d) => d.languages.some((l) => JS_LANGUAGES.includes(l))).flatMap((d) => d.imports.filter((m) => /^[a-z][\w-]*$/.test(m))))
  const out: string[] = []
  for (const fact of facts.imports) {
    if (!ANCESTOR_DIRECTORY.test(fact.specifier)) continue
    for (const name of fact.names) {
      const bound = (name.name === '*' || name.name === 'default' ? name.alias : undefined)?.toLowerCase()
      if (bound !== undefined && packageFrameworks.has(bound)) out.push(bound)
    }
  }
  return out
}

/**
 * Whether a call or a decorator of the file has a receiver named like `pattern` (`fastify.get(...)`,
 * `@bp.route(...)`). Receivers that stand for a framework are plain names: tested without reading
 * any call's text.
 */
function hasReceiver(facts: FileFacts, pattern: RegExp): boolean {
  if (facts.calls.some((call) => pattern.test(call.simpleReceiver))) return true
  return facts.symbols.some((symbol) => symbol.decorators.some((decorator) => pattern.test(decoratorReceiver(decorator))))
}

/**
 * Frameworks whose reading of a call yields to another framework's reading of the same call: chi's
 * routers share `Handle` and `HandleFunc` with net/http's `ServeMux`, and a call chi claims is
 * chi's route (with its `Route` blocks' prefix), not a second, net/http one.
 */
const SUPERSEDES: Readonly<Record<string, readonly string[]>> = { chi: ['net/http'] }

/** `framework kind offset` of each draft another framework's draft at the same call supersedes, or `undefined` when none does. */
function supersedingCalls(drafts: readonly EntrypointDraft[]): Set<string> | undefined {
  let out: Set<string> | undefined
  for (const draft of drafts) for (const yields of SUPERSEDES[draft.framework] ?? []) (out ??= new Set()).add(`${yields} ${draft.kind} ${draft.offset}`)
  return out
}

/**
 * Runs every detector that applies to the file (its language, and an import of its framework or
 * a receiver it knows) and returns the entrypoints found, in file order, without duplicates.
 */
export function detectEntrypoints(
  facts: FileFacts,
  enclosing: (offset: number) => SymbolFact | undefined,
  modules: ReadonlySet<string> = importedModules(facts.imports.map((i) => i.specifier)),
): EntrypointDraft[] {
  let routePrefixes: Map<string, string> | undefined
  const mentioned = new Map<RegExp, boolean>()
  const context: DetectContext = {
    facts,
    imports: (module) => modules.has(module),
    mentions: (pattern) => {
      let found = mentioned.get(pattern)
      if (found === undefined) mentioned.set(pattern, (found = pattern.test(facts.text)))
      return found
    },
    enclosing,
    prefixOf: (receiver) => routerPrefix((routePrefixes ??= prefixes(facts.calls, facts.language, facts.text)), receiver),
  }
  const drafts: EntrypointDraft[] = [...facts.drafts]
  const receiverTypes = new Map<string, string | undefined>()
  // Found only because a receiver is named like a framework's (no import of it): such a draft
  // yields to a framework the file does import at the same call (`server.get` in an Express file).
  const byName = new Set<EntrypointDraft>()
  for (const detector of ENTRYPOINT_DETECTORS) {
    if (!detector.languages.includes(facts.language)) continue
    const gated = detector.imports.length > 0 && !detector.imports.some((module) => context.imports(module)) && !(detector.mentions && context.mentions(detector.mentions))
    if (gated && !(detector.receivers && hasReceiver(facts, detector.receivers)) && !detector.opens?.(context)) continue
    const found = detector.detect(context)
    if (gated) for (const draft of found) byName.add(draft)
    drafts.push(...found)
  }
  const imported = byName.size === 0 ? undefined : new Set(drafts.filter((draft) => !byName.has(draft)).map((draft) => `${draft.kind} ${draft.offset}`))
  const superseding = supersedingCalls(drafts)
  const seen = new Set<string>()
  return drafts
    .map((draft) => withTypedReceiver(draft, facts, enclosing, receiverTypes))
    .filter((draft) => {
      if (imported !== undefined && byName.has(draft) && imported.has(`${draft.kind} ${draft.offset}`)) return false
      if (superseding?.has(`${draft.framework} ${draft.kind} ${draft.offset}`)) return false
      const key = `${draft.kind} ${draft.framework} ${draft.method} ${draft.route} ${draft.offset}`
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
    .sort((a, b) => a.offset - b.offset)
}
