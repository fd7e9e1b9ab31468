import { loadedModule } from '@rag/core'
import { keyArg, parseBracketedAt, type Arg } from '../args.js'
import type { CallFact, FileFacts, MountFact } from '../facts.js'
import { axumInlineRouters, isInlineRouter } from './axum-nests.js'
import { djangoEntries, DJANGO_URLCONF_FILE, HTTP_VERBS, JS_LANGUAGES, joinRoute, ownEntry } from './detector.js'
import type { TypedDeclaration } from '../lexical/typed-declarations.js'
import { goChainedType, goImportedPackages, goLiteralMethod, goPackageName, goTypeBefore, isGoBuiltin } from './go-mounts.js'
import { mountingRouter } from './mounting-router.js'

/** A call that mounts a router, and where its path and its router are among the arguments. */
interface MountCall {
  readonly languages: readonly string[]
  /** The mount path: a positional string before the router (Express), or a keyword argument or key of an options object. */
  readonly path: { readonly before: true } | { readonly key: string }
  /** Which positional argument is the router. @default 'last' */
  readonly router?: 'first' | 'last'
  /** The keyword the router may be passed as instead (Starlette's `app.mount('/v1', app=api)`). */
  readonly routerKey?: string
  /** Only with a path: without one the call adds middleware (Go's `r.Use(logger)`). */
  readonly pathRequired?: boolean
}


/**
 * Calls that mount a router, by callee name: Express's and Koa's `app.use('/api', routes)` (also
 * without a path), Hono's `app.route('/api', books)`, Starlette's `app.mount('/v1', api)`, FastAPI's
 * `app.include_router(items.router, prefix='/items')`, Flask's
 * `app.register_blueprint(auth.bp, url_prefix='/auth')`, Fastify's `app.register(plugin, { prefix })`,
 * go-chi's and Fiber's `Mount`, Fiber's `app.Use('/api', api)`, axum's `nest`, `nest_service` (a
 * service nested so is a route: see `rust-routes.ts`) and `merge`. Add a framework by adding an entry.
 */
const MOUNT_CALLS: Readonly<Record<string, MountCall>> = {
  use: { languages: JS_LANGUAGES, path: { before: true } },
  route: { languages: JS_LANGUAGES, path: { before: true } },
  // Starlette's and FastAPI's `app.mount('/v1', api)`, and JavaScript routers that name it so.
  mount: { languages: [...JS_LANGUAGES, 'python'], path: { before: true }, routerKey: 'app' },
  // Fastify's plugins: `app.register(usersRoutes, { prefix: '/users' })`.
  register: { languages: JS_LANGUAGES, path: { key: 'prefix' }, router: 'first' },
  include_router: { languages: ['python'], path: { key: 'prefix' } },
  register_blueprint: { languages: ['python'], path: { key: 'url_prefix' } },
  // go-chi's `r.Mount("/admin", adminRouter())`, Fiber's `app.Mount("/admin", admin)`.
  Mount: { languages: ['go'], path: { before: true } },
  // Fiber's `app.Use("/api", api)` mounts a sub-app; `r.Use(logger)` (Gin, Echo, chi, Fiber) is middleware.
  Use: { languages: ['go'], path: { before: true }, pathRequired: true },
  // net/http's `mux.Handle("/api/", http.StripPrefix("/api", api))`: the mux `api` served under `/api` (see `mountOf`).
  Handle: { languages: ['go'], path: { before: true }, pathRequired: true },
  // axum's `Router::new().nest("/admin", admin_routes())`.
  nest: { languages: ['rust'], path: { before: true }, pathRequired: true },
  // axum's `.nest_service("/api", api::routes())`: a router nested as a service is nested alike.
  nest_service: { languages: ['rust'], path: { before: true }, pathRequired: true },
  // axum's `.merge(auth::router())`: its routes join the router's, under its prefix (`.nest("/api", Router::new().merge(...))`).
  merge: { languages: ['rust'], path: { before: true } },
}

/** The callee names of {@link MOUNT_CALLS}: a file without one of them mounts nothing. */
export const MOUNT_CALL_NAMES: ReadonlySet<string> = new Set(Object.keys(MOUNT_CALLS))

/** A name that holds a mount path: `config.api.prefix`, `API_PREFIX`, `basePath`, `BASE_URL`. */
const PATH_NAME = /^[A-Za-z_$][\w$.]*(?:prefix|path|url|base|root)$/i

/** A plain name, possibly dotted: `routes`, `items.router`. */
const DOTTED_NAME = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/

/** A template literal's `${name}` part (a dotted name): a computed part of a mount path. */
const TEMPLATE_PART = /\$\{\s*([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*\}/g

/** The path argument as written: a string, `{expr}` for a computed one (also a template's `${API}/v1`: `{API}/v1`), `''` for none. */
function pathOf(arg: Arg | undefined): string | undefined {
  if (arg === undefined) return ''
  if (arg.kind === 'string') {
    if (!arg.value.includes('${')) return arg.value
    const path = arg.value.replace(TEMPLATE_PART, '{$1}')
    return path.includes('${') ? undefined : path.startsWith('{') ? `/${path}` : path
  }
  if (arg.kind === 'name') return `{${arg.value}}`
  return undefined
}

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
 * A router argument as written: a plain or dotted name, a project module loaded in place, a Koa
 * router's `users.routes()`, or a router factory's name (`createApiRouter(deps)` mounts what the
 * function returns: the routes it registers; `require('./routes')(app)` the module's export).
 */
function routerOf(arg: Arg | undefined, language: string): string | undefined {
  if (arg?.kind === 'name') return DOTTED_NAME.test(arg.value) ? arg.value : undefined
  // Go: a method of a value made in place, `todosResource{}.Routes()` (chi's todos-resource example).
  if (arg?.kind === 'other' && language === 'go') return goLiteralMethod(arg.value)?.join('.')
  if (arg?.kind === 'other') {
    const called = CALLED_MODULE.exec(arg.value)
    const written = called ? `${called[1]}('${called[3]}')` : undefined
    return written !== undefined && loadedModule(written) !== undefined ? written : undefined
  }
  if (arg?.kind !== 'call') return undefined
  // Go: a method of what a call returns, `NewX(db).Routes()`: an expression (`?`) of the type the call returns (see `goChainedType`).
  if (language === 'go') {
    const chained = goChainedType(arg)
    if (chained !== undefined) return `?.${(arg.chain[0] as Arg).value}`
  }
  // A Rust module path: `routes::api::router()` is the function `router` of `routes::api`.
  if (language === 'rust') return isRustFactory(arg) ? arg.value.replace(/::/g, '.') : undefined
  if (arg.items.length === 0 && /^[A-Za-z_$][\w$]*\.routes$/.test(arg.value)) return arg.value.slice(0, -'.routes'.length)
  // koa-router's `router.allowedMethods()` is middleware.
  if (/\.allowedMethods$/.test(arg.value)) return undefined
  // A project module loaded in place, written as `mounts` targets are: `require('./api')`.
  const specifier = (arg.value === 'require' || arg.value === 'import') && arg.items.length === 1 && arg.items[0]?.kind === 'string' ? arg.items[0].value : undefined
  if (specifier !== undefined) {
    const written = `${arg.value}('${specifier}')`
    return loadedModule(written) !== undefined ? written : undefined
  }
  // Go's exported functions are capitalised (`users.Routes()`); its constructors say `New` (`chi.NewRouter()`: a new, empty router).
  const goFactory = language === 'go' && DOTTED_NAME.test(arg.value) && !/(?:^|\.)New/.test(arg.value)
  return isFactory(arg.value) || goFactory ? arg.value : undefined
}

/**
 * A Rust function that may build a router (`routes::api::router()`, `Api::routes()`), not a router
 * made in place (`Router::new()`, whose routes the nest's prefix covers in this file), a type's
 * constructor (`ServeDir::new("assets")`) nor a method router (`get(handler)`, `get_service(dir)`).
 */
function isRustFactory(arg: Arg): boolean {
  const segments = arg.value.split('::')
  const name = segments.at(-1) as string
  const owner = segments.at(-2)
  if (isInlineRouter(arg) || ownEntry(HTTP_VERBS, name.replace(/_service$/, '')) !== undefined || (name === 'new' && owner !== undefined && /^[A-Z]/.test(owner))) return false
  return isFactory(arg.value.replace(/::/g, '.'))
}

/**
 * A callee named like a function that builds a router (`createApiRouter`, `routes.build`,
 * `get_router`), not like a class (`APIRouter()`, `Blueprint(...)`, `Router()`: a router made
 * here, which the same-file prefixes cover).
 */
function isFactory(callee: string): boolean {
  return DOTTED_NAME.test(callee) && /^[a-z_$]/.test(callee.slice(callee.lastIndexOf('.') + 1))
}

/** A module loaded in place and called: `require('./routes')(app)`. */
const CALLED_MODULE = /^(require|import)\(\s*(['"])([^'"]+)\2\s*\)\s*\(/

/** A keyword argument, or the key of a trailing options object (`{ prefix: '/users' }`). */
function keyedOption(args: readonly Arg[], key: string): Arg | undefined {
  const options = args.at(-1)
  return keyArg(args, key) ?? (options?.kind === 'list' && options.value.startsWith('{') ? keyArg(options.items, key) : undefined)
}

/** What a mount call mounts (see {@link mountOf}). */
export interface MountCallFound {
  /** The router as written: `routes`, `items.router`, `require('./api')`, a factory's name (`adminRouter`). */
  readonly router: string
  /** The mount path: `''` for none, `{expr}` for a computed one. */
  readonly path: string
  /** Whether the router is what a call returns (`adminRouter()`, `todosResource{}.Routes()`), not a name. */
  readonly called: boolean
  /**
   * The type of a Go value a mounted method is called on where it is made: `todosResource` of
   * `todosResource{}.Routes()`, `NewX()` (what `NewX` returns) of `NewX(db).Routes()`.
   */
  readonly receiverType?: string
}

/**
 * koa-mount's `app.use(mount('/api', api))` (or `mount(api)`, at the root): the app or router
 * `api` mounted at `/api`, as `app.use('/api', api)` would be.
 */
function koaMounted(arg: Arg, language: string): MountCallFound | undefined {
  if (arg.kind !== 'call' || arg.value !== 'mount' || arg.items.length === 0 || arg.items.length > 2 || arg.items.some((item) => item.key)) return undefined
  const written = arg.items.at(-1)
  const router = routerOf(written, language)
  const path = arg.items.length === 2 ? (arg.items[0]!.kind === 'string' ? pathOf(arg.items[0]) : undefined) : ''
  if (router === undefined || path === undefined) return undefined
  return { router, path, called: written?.kind === 'call' || written?.kind === 'other' }
}

/**
 * net/http's `mux.Handle("/api/", http.StripPrefix("/api", api))`: the mux (or any handler held
 * by name) `api` mounted at the stripped prefix `/api`, so that its `api.HandleFunc("/ping", h)`
 * serves `/api/ping`. Any other `Handle` (`http.StripPrefix("/static/", http.FileServer(...))`,
 * a handler value) mounts nothing: it is a route.
 */
function strippedMux(arg: Arg | undefined, language: string): MountCallFound | undefined {
  if (arg?.kind !== 'call' || arg.value !== 'http.StripPrefix' || arg.items.length !== 2) return undefined
  const [prefix, handler] = arg.items as [Arg, Arg]
  const router = handler.kind === 'name' ? routerOf(handler, language) : undefined
  return prefix.kind === 'string' && router !== undefined ? { router, path: prefix.value, called: false } : undefined
}

/**
 * What a call mounts, when it is one of {@link MOUNT_CALLS}: the router as written (a plain or
 * dotted name: `routes`, `items.router`; or `require('./api')`) and the mount path (`''` for
 * none, `{expr}` computed).
 */
export function mountOf(call: CallFact, language: string): MountCallFound | undefined {
  const shape = ownEntry(MOUNT_CALLS, call.name)
  if (shape === undefined || !call.receiver || !shape.languages.includes(language)) return undefined
  const positional = call.args().filter((arg) => !arg.key)
  if (call.name === 'use' && positional.length === 1 && positional[0]!.kind === 'call') {
    const mounted = koaMounted(positional[0]!, language)
    if (mounted !== undefined) return mounted
  }
  if (call.name === 'Handle') return strippedMux(positional.at(-1), language)
  const keyed = shape.routerKey === undefined ? undefined : keyArg(call.args(), shape.routerKey)
  const written = keyed ?? (shape.router === 'first' ? positional[0] : positional.at(-1))
  const router = routerOf(written, language)
  if (router === undefined) return undefined
  let path: string | undefined
  if ('before' in shape.path) {
    // `app.use(routes)`, `app.use('/api', routes)`; `app.use('/api', auth, routes)` mounts the last.
    // A path from configuration is a name that says so (`config.api.prefix`), not middleware.
    const first = positional[0]
    const pathGiven = positional.length > 1 || (keyed !== undefined && positional.length === 1)
    if (!pathGiven && shape.pathRequired) return undefined
    if (pathGiven && first?.kind !== 'string' && !(first?.kind === 'name' && PATH_NAME.test(first.value))) return undefined
    path = pathGiven ? pathOf(first) : ''
  } else path = pathOf(keyedOption(call.args(), shape.path.key))
  if (path === undefined) return undefined
  const literal = language !== 'go' ? undefined : written?.kind === 'other' ? goLiteralMethod(written.value)?.[0] : written?.kind === 'call' ? goChainedType(written) : undefined
  return { router, path, called: written?.kind === 'call' || written?.kind === 'other', ...(literal === undefined ? {} : { receiverType: literal }) }
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
    if (!local && !packaged && !bound.has(rootOf(target)) && loadedModule(target) === undefined) {
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
    out.push({ target, prefix, router, row: call.row, offset: call.offset, ...receiverType })
  }
  return out
}

/** Calls that make a JavaScript router or app: `Router()`, `express.Router()`, `express()`, `Hono()`. */
const ROUTER_MAKERS: ReadonlySet<string> = new Set(['Router', 'express', 'Hono'])

/** Calls that make a router or an app that other routers mount on: JavaScript's, and FastAPI's, Starlette's and Flask's. */
const LOCAL_ROUTER_MAKERS: ReadonlySet<string> = new Set([...ROUTER_MAKERS, 'APIRouter', 'FastAPI', 'Starlette', 'Blueprint', 'Flask'])

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
  if (!JS_LANGUAGES.includes(facts.language) || bound.size === 0) return []
  const routers = routerVariables(facts, ROUTER_MAKERS)
  if (routers.size === 0) return []
  const out: MountFact[] = []
  for (const call of facts.calls) {
    const callee = call.receiver ? `${call.receiver}.${call.name}` : call.name
    if (MOUNT_CALL_NAMES.has(call.name) || !isFactory(callee) || !bound.has(rootOf(callee))) continue
    const handed = call.args().find((arg) => !arg.key && arg.kind === 'name' && routers.has(arg.value))
    if (handed !== undefined) out.push({ target: callee, prefix: prefixOf(handed.value), router: handed.value, row: call.row, offset: call.offset })
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

/**
 * Django's `path('api/', include('conduit.apps.articles.urls'))` in a URLconf (`urls.py` of a file
 * that imports django): the included URLconf's routes are mounted under the entry's route. The
 * target is written `include('conduit.apps.articles.urls')`, the module the file imports by it.
 */
export function djangoIncludeFacts(facts: FileFacts, imports: (module: string) => boolean): MountFact[] {
  if (facts.language !== 'python' || !DJANGO_URLCONF_FILE.test(facts.path) || !imports('django')) return []
  const out: MountFact[] = []
  for (const { call, route, view } of djangoEntries(facts.calls)) {
    const module = view?.kind === 'call' && view.value === 'include' && view.items[0]?.kind === 'string' ? view.items[0].value : undefined
    const target = module === undefined ? undefined : `include('${module}')`
    if (route?.kind !== 'string' || target === undefined || loadedModule(target) === undefined) continue
    out.push({ target, prefix: route.value, router: '', row: call.row, offset: call.offset })
  }
  return out
}
