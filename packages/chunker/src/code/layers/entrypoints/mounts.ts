import { loadedModule } from '@rag/core'
import { keyArg, parseBracketedAt } from '../args.js'
import type { CallFact, FileFacts, MountFact } from '../facts.js'
import { axumInlineRouters } from './axum-nests.js'
import { djangoEntries, DJANGO_URLCONF_FILE, JS_LANGUAGES, joinRoute, rooted, rowOfOffset } from './detector.js'
import { djangoIncludedPrefixes, includedArg } from './django-includes.js'
import type { TypedDeclaration } from '../lexical/typed-declarations.js'
import { goImportedPackages, goPackageName, goTypeBefore, isGoBuiltin } from './go-mounts.js'
import { mountingRouter } from './mounting-router.js'
import { isFactory, MOUNT_CALL_NAMES, mountOf, replacesOwnPrefix } from './mount-calls.js'

/**
 * A JavaScript import of the project's own code: relative, or through a root alias (`@/`, `~/`,
 * `#`). A package's export (`cors`, `helmet`) is middleware, not one of the project's routers.
 */
const JS_PROJECT_IMPORT = /^(?:\.{0,2}\/|[@~]\/|#)/

/** The first segments of a Rust path into the crate's own modules. */
const RUST_PATH_ROOTS: readonly string[] = ['crate', 'self', 'super']

/** Local names bound by the file's imports that can name one of the project's routers (not a JavaScript package's export). */
function importedRouters(facts: FileFacts): Set<string> {
  // Rust: a path from the crate's root or this module (`crate::api::routes()`) names the crate's own code.
  const out = new Set<string>(facts.language === 'rust' ? RUST_PATH_ROOTS : [])
  for (const fact of facts.imports) {
    if (facts.language === 'rust') {
      // The crate's own modules: declared (`mod routes;`) or used by path (`use crate::api::{users, admin as a}`).
      const declared = /^mod\s+(\w+)$/.exec(fact.specifier)?.[1]
      if (declared) out.add(declared)
      else if (/^(?:crate|self|super)::/.test(fact.specifier)) for (const name of fact.names) out.add(name.alias ?? name.name)
      continue
    }
    if (facts.language === 'go') {
      // A package of a module (`example.com/shop/users`, not the standard library's `net/http`), by its name or alias.
      const module = fact.specifier.includes('.') && fact.specifier.includes('/')
      for (const bound of module ? fact.names : []) out.add(bound.alias ?? goPackageName(fact.specifier))
      continue
    }
    if (facts.language !== 'python' && !JS_PROJECT_IMPORT.test(fact.specifier)) continue
    for (const name of fact.names) out.add(name.alias ?? name.name)
  }
  return out
}

/**
 * The file's mounts of routers it imports (`import routes from './routes'`, `from app.api.routes
 * import items`), of the project's router factories (`createApiRouter(deps)`, also through a
 * variable that holds one's result) and of the registration functions it hands its routers to
 * (`auth(app)`): one fact per call, with the mount path after the prefix the mounting router has
 * in this file (`prefixOf`, after `blockPrefix`: the paths of go-chi `Route` blocks around the
 * call; in an axum router written in place in a nest, the nests' paths). A router the file makes
 * itself gets its path from the same-file prefixes, and a fact with an empty prefix that links it
 * to the router it is mounted on; a router factory it defines (`adminRouter()`), or in Go one of
 * its package (`usersRouter()`, `todosResource{}.Routes()`), is mounted by a fact.
 */
export function mountFacts(facts: FileFacts, prefixOf: (receiver: string) => string, blockPrefix: (call: CallFact) => string = () => ''): MountFact[] {
  const bound = importedRouters(facts)
  let made: Map<string, string> | undefined
  let locals: ReadonlySet<string> | undefined
  let goPackages: ReadonlySet<string> | undefined
  let goDeclarations: readonly TypedDeclaration[] | undefined
  // axum's routers written in place in a nest (`.nest("/api", Router::new().nest("/v1", v1::routes()))`): mounts in them are under the nests' paths.
  const inline = facts.language === 'rust' ? axumInlineRouters(facts, prefixOf) : undefined
  const out: MountFact[] = handedRouterFacts(facts, bound, prefixOf)
  for (const call of facts.calls) {
    const mount = mountOf(call, facts.language)
    if (mount === undefined) continue
    let target = mount.router
    const nested = inline?.(call)
    const router = nested?.router ?? mountingRouter(call, facts.text)
    // A router of this file mounted on another of its routers (`api_router.include_router(org_router)`):
    // its routes already have the path; the link lets other files' mounts of the outer router reach them.
    if ((locals ??= routerVariables(facts, LOCAL_ROUTER_MAKERS)).has(target) && !bound.has(target)) {
      if (target !== router && router !== '') out.push({ target, prefix: '', router, row: call.row, offset: call.offset })
      continue
    }
    // A router factory of this file (`r.Mount("/admin", adminRouter())`): its routes are mounted.
    const local = facts.symbols.some((symbol) => symbol.parent === undefined && symbol.kind === 'function' && symbol.name === target)
    // Go: a function or method of the package called in place (`usersRouter()`, `todosResource{}.Routes()`), maybe in another of its files;
    // a method of a value a variable holds (`rs.Routes()`, typed where the edge is made) or a call returns (`NewX(db).Routes()`).
    let valueType: string | undefined
    const packaged = facts.language === 'go' && mount.called && (!target.includes('.') || mount.receiverType !== undefined || (/^[a-z_]\w*\.\w+$/.test(target) && !(goPackages ??= goImportedPackages(facts)).has(rootOf(target)) && (valueType = goTypeBefore((goDeclarations ??= facts.typedDeclarations?.(facts.masked, facts.text) ?? []), rootOf(target), call.offset)) !== undefined))
    // Java, Kotlin: a static factory of a class, which needs no import in its package (`BookRoutes.create(vertx)`).
    const jvmFactory = (facts.language === 'java' || facts.language === 'kotlin') && mount.called && /^[A-Z]\w*\.[a-z]\w*$/.test(target)
    if (!local && !packaged && !jvmFactory && !bound.has(rootOf(target)) && loadedModule(target) === undefined) {
      // `const v1 = createV1Routes(deps)` then `router.use('/v1', v1)`: the factory is mounted.
      const factory = (made ??= factoryResults(facts, bound)).get(target)
      if (factory === undefined) {
        for (const each of loopedMounts(facts, mount, call.offset, bound)) out.push({ ...each, prefix: joinRoute(prefixOf(router), each.prefix), router, row: call.row, offset: call.offset })
        continue
      }
      target = factory
    }
    const prefix = joinRoute(nested?.prefix ?? joinRoute(blockPrefix(call), prefixOf(router)), mount.path)
    const type = valueType ?? (target.startsWith('?.') ? mount.receiverType : undefined)
    const receiverType = type === undefined ? {} : { receiverType: type }
    // (Flask's `register_blueprint(bp, url_prefix='/x')` of another file's blueprint: its routes are under `/x`, not its own prefix.)
    const replaces = replacesOwnPrefix(call) ? { replacesOwnPrefix: true } : {}
    out.push({ target, prefix, router, row: call.row, offset: call.offset, ...receiverType, ...replaces })
  }
  return out
}

/** Calls that make a JavaScript router or app: `Router()`, `express.Router()`, `express()`, `Hono()`. */
const ROUTER_MAKERS: ReadonlySet<string> = new Set(['Router', 'express', 'Hono'])

/** Calls that make a router or an app that other routers mount on: JavaScript's, and FastAPI's, Starlette's and Flask's. */
const LOCAL_ROUTER_MAKERS: ReadonlySet<string> = new Set([...ROUTER_MAKERS, 'APIRouter', 'FastAPI', 'Starlette', 'Blueprint', 'Flask', 'Quart'])

/** The file's variables that hold a router made by one of `makers` (`org_router = APIRouter(prefix='/{org}')`, `const api = Router()`). */
function routerVariables(facts: FileFacts, makers: ReadonlySet<string>): Set<string> {
  const out = new Set<string>()
  for (const call of facts.calls) {
    const variable = makers.has(call.name) ? call.assignedTo() : undefined
    if (variable) out.add(variable)
  }
  return out
}

/** The file's variables that hold a JavaScript router or app it makes (`const app = express()`, `const router = Router()`). */
export function madeRouters(facts: FileFacts): ReadonlySet<string> {
  return routerVariables(facts, ROUTER_MAKERS)
}

/** The callee names a file must call for {@link mountFacts} to find anything in it. */
export const MOUNTING_CALL_NAMES: ReadonlySet<string> = new Set([...MOUNT_CALL_NAMES, ...ROUTER_MAKERS])

/**
 * JavaScript's route-registration functions: `auth(app)` hands a router this file makes (`const app
 * = Router()`) to an imported function of the project that registers routes on it, as
 * bulletproof-nodejs and many Express apps do (`export default (app: Router) => { app.use('/auth',
 * route) }`). Each such call is a mount of that function, at the router's prefix here.
 */
function handedRouterFacts(facts: FileFacts, bound: ReadonlySet<string>, prefixOf: (receiver: string) => string): MountFact[] {
  if (!JS_LANGUAGES.includes(facts.language)) return []
  const routers = routerVariables(facts, ROUTER_MAKERS)
  if (routers.size === 0) return []
  const out: MountFact[] = calledModuleFacts(facts, routers, prefixOf)
  if (bound.size === 0) return out
  for (const call of facts.calls) {
    const callee = call.receiver ? `${call.receiver}.${call.name}` : call.name
    if (MOUNT_CALL_NAMES.has(call.name) || !isFactory(callee) || !bound.has(rootOf(callee))) continue
    const handed = call.args().find((arg) => !arg.key && arg.kind === 'name' && routers.has(arg.value))
    if (handed !== undefined) out.push({ target: callee, prefix: prefixOf(handed.value), router: handed.value, row: call.row, offset: call.offset })
  }
  return out
}

/** A module loaded and called in place with a name (in the masked text, where strings are blank): `require('./v1')(v1)`; group 3 the first argument. */
const CALLED_MODULE_WITH = /\b(require|import)\(\s*(['"])[^'"\n]*\2\s*\)\s*\(\s*([A-Za-z_$][\w$]*)/g

/**
 * Routers handed to a project module loaded and called in place, as a statement: `require('./v1')(v1)`
 * mounts the module's export (a function registering routes on its parameter) at `v1`'s prefix
 * here, as `const registerV1 = require('./v1'); registerV1(v1)` does.
 */
function calledModuleFacts(facts: FileFacts, routers: ReadonlySet<string>, prefixOf: (receiver: string) => string): MountFact[] {
  if (!facts.text.includes(')(')) return []
  const out: MountFact[] = []
  for (const match of facts.masked.matchAll(CALLED_MODULE_WITH)) {
    const router = match[3] as string
    // A statement of its own: `app.use('/legacy', require('./legacy')(app))` mounts what the module returns (a factory's router).
    const lineStart = facts.masked.lastIndexOf('\n', match.index) + 1
    if (!routers.has(router) || !/(?:^|[;{}])\s*$/.test(facts.masked.slice(lineStart, match.index))) continue
    // The masked text blanks strings: the module's name is read from the text; a project module's is relative.
    const written = /\(\s*(['"])([^'"]+)\1/.exec(facts.text.slice(match.index, match.index + match[0].length))?.[2]
    if (written === undefined || !/^\.{1,2}\//.test(written)) continue
    out.push({ target: `${match[1]}('${written}')`, prefix: prefixOf(router), router, row: rowOfOffset(facts.text, match.index), offset: match.index })
  }
  return out
}

/** `routes.forEach((route) => {`: the array a loop walks and its variable. */
const FOR_EACH = /([A-Za-z_$][\w$]*)\.forEach\(\s*(?:(?:async\s+)?function\s*)?\(?\s*([A-Za-z_$][\w$]*)\s*\)?\s*(?:=>|\{)/g

/**
 * Mounts made in a loop over a table of the file (node-express-boilerplate's shape):
 * `const defaultRoutes = [{ path: '/auth', route: authRoute }]`, then
 * `defaultRoutes.forEach((route) => { router.use(route.path, route.route) })` mounts `authRoute` at
 * `/auth`. `mount` is the loop's call (`route.route` at `{route.path}`); one target per row of the table.
 */
function loopedMounts(facts: FileFacts, mount: { readonly router: string; readonly path: string }, at: number, bound: ReadonlySet<string>): { target: string; prefix: string }[] {
  const routerField = /^([A-Za-z_$][\w$]*)\.([A-Za-z_$][\w$]*)$/.exec(mount.router)
  const pathField = /^\{([A-Za-z_$][\w$]*)\.([A-Za-z_$][\w$]*)\}$/.exec(mount.path)
  if (!routerField || !pathField || routerField[1] !== pathField[1]) return []
  // The loop the call is in: the last one over that variable that starts before it.
  let table: string | undefined
  for (const loop of facts.text.matchAll(FOR_EACH)) {
    if (loop.index >= at) break
    if (loop[2] === routerField[1]) table = loop[1]
  }
  if (table === undefined) return []
  const declared = new RegExp(`(?:const|let|var)\\s+${table.replaceAll('$', '\\$')}\\s*(?::[^=]+)?=\\s*\\[`).exec(facts.text)
  if (!declared) return []
  const open = declared.index + declared[0].length - 1
  const out: { target: string; prefix: string }[] = []
  for (const row of parseBracketedAt(withoutLineComments(facts.text, open), open) ?? []) {
    if (row.kind !== 'list') continue
    const path = keyArg(row.items, pathField[2] as string)
    const target = keyArg(row.items, routerField[2] as string)
    if (path?.kind === 'string' && target?.kind === 'name' && bound.has(rootOf(target.value))) out.push({ target: target.value, prefix: path.value })
  }
  return out
}

/** A string literal (kept) or a `//` comment (blanked) in JavaScript. */
const STRING_OR_LINE_COMMENT = /(["'`])(?:\\.|(?!\1)[^\\])*\1|\/\/[^\n]*/g

/** `text` with the `//` comments after `from` blanked to spaces (strings kept), so a table with comments in it parses. */
function withoutLineComments(text: string, from: number): string {
  return text.slice(0, from) + text.slice(from).replace(STRING_OR_LINE_COMMENT, (found) => (found.startsWith('//') ? ' '.repeat(found.length) : found))
}

/** The first name of a dotted one: `items` of `items.router`. */
function rootOf(name: string): string {
  const dot = name.indexOf('.')
  return dot < 0 ? name : name.slice(0, dot)
}

/**
 * Variables the file assigns the result of a router factory to, with that function's name: an
 * imported one (`const v1 = createV1Routes(deps)`), one of this file (`let api = api_routes(state)`)
 * or, in Go, one of the package (`users := usersRouter()`).
 */
function factoryResults(facts: FileFacts, bound: ReadonlySet<string>): Map<string, string> {
  const out = new Map<string, string>()
  const own = new Set(facts.symbols.filter((symbol) => symbol.parent === undefined && symbol.kind === 'function').map((symbol) => symbol.name))
  for (const call of facts.calls) {
    const callee = (call.receiver ? `${call.receiver}.${call.name}` : call.name).replace(/::/g, '.')
    const packaged = !call.receiver && (own.has(call.name) || (facts.language === 'go' && !isGoBuiltin(call.name)))
    if (!packaged && (!isFactory(callee) || !bound.has(rootOf(callee)))) continue
    const variable = call.assignedTo()
    if (variable && !out.has(variable)) out.set(variable, callee)
  }
  return out
}

/** A Django Ninja API's URLs, `api.urls` (group 1 the API as the file names it). */
const NINJA_URLS = /^([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\.urls$/

/**
 * Django's `path('api/', include('conduit.apps.articles.urls'))` in a URLconf (`urls.py` of a file
 * that imports django): the included URLconf's routes are mounted under the entry's route. The
 * target is written `include('conduit.apps.articles.urls')`, the module the file imports by it.
 * Django Ninja's `path('api/', api.urls)` mounts the `NinjaAPI` `api` there.
 */
export function djangoIncludeFacts(facts: FileFacts, imports: (module: string) => boolean): MountFact[] {
  if (facts.language !== 'python' || !DJANGO_URLCONF_FILE.test(facts.path) || !imports('django')) return []
  const out: MountFact[] = []
  const entries = djangoEntries(facts.calls)
  let inFile: Map<CallFact, string> | undefined
  for (const { call, route, view } of entries) {
    // (`include(('app.urls', 'api'))`: a module with its application namespace.)
    const included = includedArg(view)
    const module = included?.kind === 'string' ? included.value : undefined
    // Django Ninja's `path('api/', api.urls)`: the `NinjaAPI` named `api` is served there.
    // (Not Django's own admin: `path('admin/', admin.site.urls)`.)
    const api = view?.kind === 'name' ? NINJA_URLS.exec(view.value)?.[1] : undefined
    const ninja = api === 'admin.site' ? undefined : api
    const target = module === undefined ? ninja : `include('${module}')`
    if (route?.kind !== 'string' || target === undefined || (ninja === undefined && loadedModule(target) === undefined)) continue
    // (Under the routes of the file's own includes holding the entry: `include([path('v1/', include('app.urls'))])`.)
    inFile ??= djangoIncludedPrefixes(entries, facts.symbols)
    // (A Ninja API's routes are rooted, as Django serves them: `/api/hello`.)
    const prefix = joinRoute(inFile.get(call) ?? '', route.value)
    out.push({ target, prefix: ninja === undefined ? prefix : rooted(prefix), router: '', row: call.row, offset: call.offset })
  }
  return out
}
