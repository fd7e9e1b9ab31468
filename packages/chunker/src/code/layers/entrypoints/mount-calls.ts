import { loadedModule } from '@rag/core'
import { keyArg, type Arg } from '../args.js'
import type { CallFact } from '../facts.js'
import { isInlineRouter } from './axum-nests.js'
import { HTTP_VERBS, JS_LANGUAGES, ownEntry } from './detector.js'
import { goChainedType, goLiteralMethod } from './go-mounts.js'
import { builtPath } from './template-paths.js'

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
 * `app.register_blueprint(auth.bp, url_prefix='/auth')`, Django Ninja's `api.add_router('/events/', router)`, Fastify's `app.register(plugin, { prefix })`,
 * go-chi's and Fiber's `Mount`, Fiber's `app.Use('/api', api)`, axum's `nest`, `nest_service` (a
 * service nested so is a route: see `rust-routes.ts`) and `merge`, Vert.x's `mountSubRouter`. Add a framework by adding an entry.
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
  // Django Ninja's `api.add_router('/events/', router)`.
  add_router: { languages: ['python'], path: { before: true } },
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
  // Vert.x Web's `router.mountSubRouter("/api", apiRouter)`.
  mountSubRouter: { languages: ['java', 'kotlin'], path: { before: true }, pathRequired: true },
}

/** Libraries whose `use` installs a plugin or strategy, not a router: `passport.use('jwt', jwtStrategy)`, `i18next.use(Backend)`. */
const PLUGIN_USERS: ReadonlySet<string> = new Set(['passport', 'i18next', 'chai', 'marked', 'dayjs', 'Vue'])

/** The callee names of {@link MOUNT_CALLS}: a file without one of them mounts nothing. */
export const MOUNT_CALL_NAMES: ReadonlySet<string> = new Set(Object.keys(MOUNT_CALLS))

/** Whether a mount's path replaces the mounted router's own prefix rather than adding to it: Flask's `register_blueprint(bp, url_prefix='/x')`. */
export function replacesOwnPrefix(call: CallFact): boolean {
  return call.name === 'register_blueprint' && call.args().some((arg) => arg.key === 'url_prefix')
}

/** A name that holds a mount path: `config.api.prefix`, `API_PREFIX`, `basePath`, `BASE_URL`. */
const PATH_NAME = /^[A-Za-z_$][\w$.]*(?:prefix|path|url|base|root)$/i

/** A constant's name in capitals, before a router: `app.use(API, users)` with `const API = '/api'` (middleware goes by lower-case names). */
const PATH_CONSTANT = /^[A-Z][A-Z0-9_]*$/

/** koa-router's `router.allowedMethods()`: middleware written after the routes it answers for. */
const ALLOWED_METHODS = /\.allowedMethods$/

/**
 * The argument a mount call mounts when it takes the router last: `routes` of `app.use('/api',
 * auth, routes)`, and `users.routes()` of koa-router's documented `router.use('/users',
 * users.routes(), users.allowedMethods())`.
 */
function lastRouterArg(positional: readonly Arg[]): Arg | undefined {
  for (let at = positional.length - 1; at >= 0; at--) {
    const arg = positional[at] as Arg
    // Express takes an array of middleware too: `app.use('/auth', [rateLimit, authRouter])` mounts its last.
    if (arg.kind === 'list' && arg.value.startsWith('[') && arg.items.length > 0) return lastRouterArg(arg.items)
    if (!(arg.kind === 'call' && ALLOWED_METHODS.test(arg.value))) return arg
  }
  return undefined
}

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
  if (ALLOWED_METHODS.test(arg.value)) return undefined
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
export function isFactory(callee: string): boolean {
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
  if (call.name === 'use' && PLUGIN_USERS.has(call.receiver)) return undefined
  const positional = call.args().filter((arg) => !arg.key)
  if (call.name === 'use' && positional.length === 1 && positional[0]!.kind === 'call') {
    const mounted = koaMounted(positional[0]!, language)
    if (mounted !== undefined) return mounted
  }
  if (call.name === 'Handle') return strippedMux(positional.at(-1), language)
  const keyed = shape.routerKey === undefined ? undefined : keyArg(call.args(), shape.routerKey)
  const written = keyed ?? (shape.router === 'first' ? positional[0] : lastRouterArg(positional))
  const router = routerOf(written, language)
  if (router === undefined) return undefined
  let path: string | undefined
  if ('before' in shape.path) {
    // `app.use(routes)`, `app.use('/api', routes)`; `app.use('/api', auth, routes)` mounts the last.
    // A path from configuration is a name that says so (`config.api.prefix`), not middleware.
    const first = positional[0]
    const pathGiven = positional.length > 1 || (keyed !== undefined && positional.length === 1)
    if (!pathGiven && shape.pathRequired) return undefined
    // (A concatenation of a name and a string, `API + '/v2'`, is a path too: `{API}/v2`, read by the graph.)
    const concatenated = pathGiven && first?.kind === 'other' && JS_LANGUAGES.includes(language) ? builtPath(first.value, 'expression', '', true) : undefined
    if (concatenated !== undefined) path = concatenated
    else if (pathGiven && first?.kind !== 'string' && !(first?.kind === 'name' && (PATH_NAME.test(first.value) || PATH_CONSTANT.test(first.value)))) return undefined
    path ??= pathGiven ? pathOf(first) : ''
  } else path = pathOf(keyedOption(call.args(), shape.path.key))
  if (path === undefined) return undefined
  const literal = language !== 'go' ? undefined : written?.kind === 'other' ? goLiteralMethod(written.value)?.[0] : written?.kind === 'call' ? goChainedType(written) : undefined
  return { router, path, called: written?.kind === 'call' || written?.kind === 'other', ...(literal === undefined ? {} : { receiverType: literal }) }
}

