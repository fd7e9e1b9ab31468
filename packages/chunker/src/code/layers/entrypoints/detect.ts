import type { CallFact, EntrypointDraft, FileFacts, MountFact, SymbolFact } from '../facts.js'
import { CLI_COMMAND_DETECTORS } from './cli-commands.js'
import { decoratorReceiver, JS_LANGUAGES, type DetectContext, type EntrypointDetector } from './detector.js'
import { HTTP_ROUTE_DETECTORS } from './http-routes.js'
import { litestarMountFacts, MORE_HTTP_ROUTE_DETECTORS, rocketMountFacts } from './http-routes-more.js'
import { MAIN_AND_JOB_DETECTORS } from './mains-and-jobs.js'
import { REGISTERED_ROUTE_DETECTORS } from './registered-routes.js'
import { REST_FRAMEWORK_DETECTORS, restFrameworkMountFacts } from './rest-framework.js'
import { chiBlockPrefixes } from './chi-routes.js'
import { groupMountFacts } from './group-mounts.js'
import { aspNetGroupMountFacts } from './aspnet-group-mounts.js'
import { trpcMountFacts } from './trpc-procedures.js'
import { cobraMountFacts } from './cobra-mounts.js'
import { yargsCommandDirFacts } from './yargs-commands.js'
import { clickMountFacts, typerMountFacts } from './click-typer-commands.js'
import { commanderMountFacts } from './commander-commands.js'
import { ktorMountFacts } from './ktor-routes.js'
import { vaporMountFacts } from './vapor-routes.js'
import { routerPrefixOf } from './router-prefixes.js'
import { shelfMountFacts } from './shelf-routes.js'
import { nestModuleFacts } from './nest-modules.js'
import { fastifyAutoloadFacts } from './fastify-autoload.js'
import { namespaceMountFacts } from './restx-apis.js'
import { globalPrefixFacts } from './global-prefixes.js'
import { withTypedReceiver } from './receiver-types.js'
import { djangoIncludeFacts, MOUNTING_CALL_NAMES, mountFacts } from './mounts.js'
import { angularLoadedChildren, angularRoutingModules } from './angular-routes.js'
import { hapiPluginMounts } from './hapi-routes.js'
import { fastEndpointsPrefix } from './fast-endpoints.js'
import { grapeMounts } from './grape-routes.js'
import { actixServiceMountFacts } from './actix-scopes.js'
import { inlinePluginScopes, prefixWithin } from './group-scopes.js'

/** Every detector, HTTP routes first. Add a framework by adding an entry to one of these tables. */
export const ENTRYPOINT_DETECTORS: readonly EntrypointDetector[] = [...HTTP_ROUTE_DETECTORS, ...MORE_HTTP_ROUTE_DETECTORS, ...REST_FRAMEWORK_DETECTORS, ...REGISTERED_ROUTE_DETECTORS, ...CLI_COMMAND_DETECTORS, ...MAIN_AND_JOB_DETECTORS]

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
  const prefixOf = routerPrefixOf(facts)
  const hapiPlugins = hapiPluginMounts(facts)
  // Mounts that need no mount call: a framework's global prefix, Django's includes, Angular's lazily loaded children and routing modules, hapi's plugins registered under a prefix, FastEndpoints' `RoutePrefix`, Grape's mounted APIs, DRF's viewsets, Fastify's autoloaded folders, NestJS's modules, Flask-RESTX's namespaces, Python routers' own prefixes, Ktor's route extensions, Vapor's route collections and functions, shelf_router's mounted class routers, ASP.NET groups handed to extension methods, tRPC's sub-routers, Rocket's mounted handlers, actix-web's handlers served in a scope, Litestar's routers, cobra's subcommands, yargs's command directories, typer's apps, click's groups and commander's commands of other modules.
  const declared = [
    ...globalPrefixFacts(facts, imports),
    ...djangoIncludeFacts(facts, imports),
    ...angularLoadedChildren(facts, imports),
    ...angularRoutingModules(facts, imports),
    ...hapiPlugins,
    ...fastEndpointsPrefix(facts),
    ...grapeMounts(facts),
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
  const called = mounting ? mountFacts(facts, prefixOf, blockPrefix) : []
  // (A hapi plugin registered under a prefix, `server.register(users, { routes: { prefix } })`, is not Fastify's `register` too.)
  const hapi = new Set(hapiPlugins.map((fact) => fact.offset))
  return [...declared, ...(groups ? groupMountFacts(facts, prefixOf) : []), ...(hapi.size > 0 ? called.filter((fact) => !hapi.has(fact.offset)) : called)]
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
    prefixOf: routerPrefixOf(facts),
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
