import { propertyArg, type Arg } from '../args.js'
import type { CallFact, EntrypointDraft } from '../facts.js'
import { callValues, type CallValues } from './call-values.js'
import { mountOf } from './mount-calls.js'
import { madeRouters } from './mounts.js'
import { builtPath } from './template-paths.js'
import { callDraft, handlerOf, joinRoute, ownEntry, type DetectContext, type EntrypointDetector } from './detector.js'
import { prefixWithin } from './group-scopes.js'
import { methodsIn } from './method-arg-routes.js'

/** What every route detector entry names. */
export interface RouteEntry {
  readonly framework: string
  readonly languages: readonly string[]
  readonly imports: readonly string[]
  readonly receivers?: RegExp
  /** See `EntrypointDetector.mentions`. */
  readonly mentions?: RegExp
}

/** `app.get('/x', handler)`-style registration. */
export interface VerbCallRoutes extends RouteEntry {
  /** Callee names to HTTP methods (`get` -> `GET`, Gin's `GET` -> `GET`). */
  readonly verbs: Readonly<Record<string, string>>
  /** Arguments a registration has at least (path and handler). @default 2 */
  readonly minArgs?: number
  /** The path is the first string argument starting with `/` (Koa's named routes put a name first). @default false */
  readonly slashPath?: boolean
  /**
   * With `slashPath`, a call on a router the file makes whose only string argument is a path
   * segment without the slash is a route too, served under its router's prefix: `@koa/router`'s `router.post('documents.move', auth(), handler)`
   * nested with `api.use('/', router.routes())` serves `/documents.move` (its route is written
   * with the slash). @default false
   */
  readonly relativePaths?: boolean
  /** Paths may be built of the file's own strings: `` `${this.path}/:id` ``, `API + '/items'` (see `template-paths.ts`). @default false */
  readonly builtPaths?: boolean
  /**
   * The string a path written as a name holds where the call at `offset` uses it (Go's
   * `r.GET(usersPath, h)` with `const usersPath = "/users"`: `goStringConstant`); a name it does
   * not resolve is no route.
   * @default none: a path written as a name is no route
   */
  readonly namedPath?: (text: string, name: string, offset: number) => string | undefined
  /**
   * Net/http patterns, `[METHOD ][HOST]/[PATH]`: `"GET /items/{id}"` carries the method, and a
   * string that is no such pattern (`"PO ST"`, `""`) is not a registration. @default false
   */
  readonly methodInPattern?: boolean
  /**
   * How a path the framework accepts starts; a call whose path does not is not a registration
   * (an HTTP client's `ky.get(`${url}/x`, options)`). @default any path
   */
  readonly pathStart?: RegExp
  /** Normalises the final route. @default identity */
  readonly normalise?: (route: string) => string
  /** A call that mounts a router (`mountOf`) is no route: net/http's `Handle` of a `StripPrefix`ed mux. @default false */
  readonly mountsAreNoRoutes?: boolean
  /**
   * A router's root (`book.get('/')` on a router mounted at `/book`) is served at the prefix
   * itself, `/book` (Express, Koa, Hono, Fastify), not `/book/`. @default false
   */
  readonly rootIsPrefix?: boolean
  /** A verb without a path chained on a route serves that route's path (Hono's `app.get('/x', list).post(create)`). */
  readonly chainedPaths?: boolean
  /** Kotlin's lambdas: a handler after the call's parentheses (`app.get("/x") { ctx -> ... }`) or in them (`{ ctx -> ... }`), naming no handler. */
  readonly kotlinLambdas?: boolean
  /** A value answers as it is (Elysia's `.get('/', 'Hello')`, `.get('/obj', { a: 1 })`): a handler naming no function. */
  readonly literalHandlers?: boolean
  /**
   * Methods may follow the registration in a chain, gorilla/mux's
   * `r.HandleFunc("/x", h).Methods("GET", "POST")`: one route per method instead of `*`. @default false
   */
  readonly chainedMethods?: boolean
  /**
   * The handler may come first, with the pattern after it or none (the group's own path): a
   * project's extension methods such as CleanArchitecture's `group.MapPut(UpdateTodoItem, "{id}")`
   * and `group.MapPost(CreateTodoItem)`. Only a named handler or a lambda counts there. @default false
   */
  readonly handlerFirst?: boolean
  /**
   * Whether the handler is the first argument after the path, with middleware after it (Fiber
   * v3's `app.Get("/x", handler, limiter)`), rather than the last. @default the last
   */
  readonly handlerBeforeMiddleware?: (context: DetectContext) => boolean
  /** Only calls on receivers named so are registrations (aiohttp's `web.get(...)`, not a client session's `get`). @default any */
  readonly onlyReceivers?: RegExp
  /**
   * In a file that does not import the framework, a receiver named like `receivers` counts only
   * when the file does not assign it a call's value: a parameter or an import (a routes module the
   * app is passed to), not `const app = Fastify()`. @default false
   */
  readonly receiverNotMade?: boolean
  /** Parts of the file whose routes are under a prefix (Elysia's `.group('/v1', (app) => ...)`), outermost first. */
  readonly scopes?: (context: DetectContext) => readonly PrefixScope[]
  /**
   * How the framework names a handler argument (Slim's `ListUsersAction::class`, `[UserController::class,
   * 'create']`, `'HomeController:home'`); `undefined`: the call registers no route. @default a name, a
   * call's callee or a lambda's delegate, and no route for a string or an options object
   */
  readonly handlerName?: (arg: Arg | undefined) => string | undefined
}

/** A part of a file, by offsets, whose routes are served under `prefix`. */
export interface PrefixScope {
  readonly start: number
  readonly end: number
  readonly prefix: string
}

/** A handler-first registration's handler and pattern (see `handlerFirst`), if the arguments are one. */
function handlerFirst(positional: readonly Arg[]): { handler: Arg; pattern: Arg | undefined } | undefined {
  const [handler, pattern] = positional
  if (handler?.kind !== 'name' && handler?.kind !== 'function') return undefined
  if (positional.length === 1) return { handler, pattern: undefined }
  return positional.length === 2 && pattern?.kind === 'string' ? { handler, pattern } : undefined
}

/** gorilla/mux's `.Methods("GET", "POST")` right after a registration. */
const CHAINED_METHODS = /^\s*\.\s*Methods\(([^)]*)\)/

/** `router.route('/books')`, possibly followed by other verb links: `.route('/books').get(list)`. */
const ROUTE_IN_RECEIVER = /\.route\(\s*(['"`])([^'"`]*)\1\s*\)(?:\.\w+\((?:[^()]|\([^()]*\))*\))*$/

/** A ServeMux pattern: an optional method (an upper-case token and blanks), then an optional host and the path. */
const SERVE_MUX_PATTERN = /^(?:([A-Z]+)[ \t]+)?([^\s/]*\/\S*)$/

/**
 * Whether the last argument can be a handler: not a string, and not an object literal unless it
 * names its handler (Fastify's `fastify.get('/x', { schema, handler })`). An HTTP client's call
 * ends with its options (`client.get('/users', { timeout: 1000 })`).
 */
/** The handler of an options object (`{ schema, handler: list }`), else the argument itself. */
function optionsHandler(arg: Arg | undefined): Arg | undefined {
  return arg?.kind === 'list' && arg.value.startsWith('{') ? propertyArg(arg.items, 'handler') : arg
}

function handlerLike(arg: Arg | undefined): boolean {
  if (arg === undefined || arg.kind === 'string') return false
  return !(arg.kind === 'list' && arg.value.startsWith('{') && propertyArg(arg.items, 'handler') === undefined)
}

/** Whether a Kotlin trailing lambda follows a call that ends at `end`: `app.get("/x") { ctx -> ... }`. */
function trailingLambda(masked: string, end: number): boolean {
  let at = end
  while (at < masked.length && (masked.charCodeAt(at) === 32 || masked.charCodeAt(at) === 9)) at++
  return masked.charCodeAt(at) === 123
}

/** The file's variables that hold a call's value (`app` of `const app = Fastify()`). */
function assignedCalls(context: DetectContext): ReadonlySet<string> {
  const out = new Set<string>()
  for (const call of context.facts.calls) {
    const variable = call.assignedTo()
    if (variable !== undefined) out.add(variable)
  }
  return out
}

/** A detector for frameworks that register a route with a verb-named call. */
export function verbCallRoutes(entry: VerbCallRoutes): EntrypointDetector {
  const minArgs = entry.minArgs ?? 2
  return {
    ...entry,
    detect(context: DetectContext): EntrypointDraft[] {
      const drafts: EntrypointDraft[] = []
      const imported = entry.imports.some((module) => context.imports(module)) || (entry.mentions !== undefined && context.mentions(entry.mentions))
      let handlerBeforeMiddleware: boolean | undefined
      let scopes: readonly PrefixScope[] | undefined
      let madeHere: ReadonlySet<string> | undefined
      let made: ReadonlySet<string> | undefined
      let values: CallValues | undefined
      // The path and prefix of each route call, for the verbs chained on it (`chainedPaths`).
      const routed = new Map<CallFact, { readonly path: string; readonly prefix: string }>()
      for (const call of context.facts.calls) {
        let method = ownEntry(entry.verbs, call.name)
        if (method === undefined || !call.receiver || (entry.onlyReceivers && !entry.onlyReceivers.test(call.receiver))) continue
        if (!imported && (!entry.receivers?.test(call.receiver) || (entry.receiverNotMade === true && (made ??= assignedCalls(context)).has(call.receiver)))) continue
        const positional = call.args().filter((arg) => !arg.key)
        // A call that mounts a router is no route of its own (net/http's `mux.Handle("/api/", http.StripPrefix("/api", api))`).
        if (entry.mountsAreNoRoutes === true && mountOf(call, context.facts.language) !== undefined) continue
        const reversed = entry.handlerFirst ? handlerFirst(positional) : undefined
        if (reversed) {
          const route = joinRoute(context.prefixOf(call.receiver), reversed.pattern?.value ?? '')
          drafts.push(callDraft(call, { kind: 'http-route', framework: entry.framework, method, route: entry.normalise ? entry.normalise(route) : route, handler: handlerOf(reversed.handler) }))
          continue
        }
        let pathArg = entry.slashPath ? positional.find((arg) => arg.kind === 'string' && arg.value.startsWith('/')) : positional[0]
        let path = pathArg?.kind === 'string' ? pathArg.value : undefined
        // Only on a router the file makes (`const router = new Router()`): `redis.get('key', callback)` is no route.
        if (path === undefined && pathArg?.kind === 'name' && entry.namedPath) path = entry.namedPath(context.facts.text, pathArg.value, call.offset)
        // `app.get(HEALTH, h)` with `const HEALTH = '/health'`: the name's string, as a template's part is
        // read; on a router the file makes, a name it does not define (`ROUTES.USERS`, an import) is a computed path.
        if (path === undefined && pathArg?.kind === 'name' && entry.builtPaths) {
          const template = `\${${pathArg.value}}`
          path = builtPath(template, 'template', context.facts.text) ?? ((madeHere ??= madeRouters(context.facts)).has(call.receiver) ? builtPath(template, 'template', context.facts.text, true) : undefined)
        }
        if (pathArg === undefined && entry.relativePaths && (madeHere ??= madeRouters(context.facts)).has(call.receiver)) {
          pathArg = relativePathArg(positional)
          if (pathArg !== undefined) path = `/${pathArg.value}`
        }
        // Express's `app.get(['/a', '/b'], handler)`: a route per path of the list.
        const listed = pathArg?.kind === 'list' && pathArg.value.startsWith('[') && pathArg.items.length > 0 && pathArg.items.every((item) => item.kind === 'string') ? pathArg.items.map((item) => item.value) : undefined
        if (listed) path = listed[0]
        // `${this.path}/:id`, `API + '/items'`: a path made of the file's own strings.
        if (entry.builtPaths && pathArg && (path?.includes('${') || pathArg.kind === 'other')) {
          const kind = pathArg.kind === 'other' ? 'expression' : 'template'
          path = builtPath(pathArg.value, kind, context.facts.text)
          // On a router the file makes (`const app = express()`), a part the file does not define is
          // a computed prefix (`${process.env.BASE}/users`), not an HTTP client's URL.
          if (path === undefined && (madeHere ??= madeRouters(context.facts)).has(call.receiver)) path = builtPath(pathArg.value, kind, context.facts.text, true)
        }
        let prefix = context.prefixOf(call.receiver)
        if (entry.scopes) {
          scopes ??= entry.scopes(context)
          prefix = joinRoute(prefixWithin(scopes, call.offset), prefix)
        }
        // Hono's `app.get('/endpoint', list).post(create)`: a verb without a path serves the path of the route it is chained on.
        const chainedOn = path === undefined && entry.chainedPaths === true && positional.length > 0 ? (values ??= callValues(context.facts, context.enclosing)).receiverCall(call) : undefined
        const inherited = chainedOn === undefined ? undefined : routed.get(chainedOn)
        if (inherited !== undefined) {
          path = inherited.path
          prefix = inherited.prefix
          pathArg = undefined
        } else if (path === undefined) {
          // Express and Koa chains: router.route('/book').get(handler)
          const chained = ROUTE_IN_RECEIVER.exec(call.receiver)
          if (!chained) continue
          path = chained[2] as string
          prefix = context.prefixOf(call.receiver.slice(0, call.receiver.lastIndexOf('.route(')))
          pathArg = undefined
        } else if (positional.length < minArgs && !(entry.kotlinLambdas === true && trailingLambda(context.facts.masked, call.end()))) continue
        if (entry.methodInPattern) {
          const pattern = SERVE_MUX_PATTERN.exec(path)
          if (!pattern) continue
          method = pattern[1] ?? method
          path = pattern[2] as string
        }
        if (entry.pathStart && !entry.pathStart.test(path)) continue
        const rest = positional.filter((arg) => arg !== pathArg)
        handlerBeforeMiddleware ??= entry.handlerBeforeMiddleware?.(context) ?? false
        const handlerArg = handlerBeforeMiddleware ? rest[0] : rest.at(-1)
        const named = entry.handlerName?.(handlerArg)
        // A handler that names no function: Kotlin's `{ ctx -> ... }` lambda (after the parentheses too), Elysia's value.
        const unnamed =
          (entry.kotlinLambdas === true && (handlerArg === undefined ? trailingLambda(context.facts.masked, call.end()) : handlerArg.kind === 'list' && handlerArg.value.startsWith('{'))) ||
          (entry.literalHandlers === true && handlerArg !== undefined && (handlerArg.kind === 'string' || handlerArg.kind === 'list' || (handlerArg.kind === 'other' && /^(?:`|-?\d)/.test(handlerArg.value))))
        if (!unnamed && (entry.handlerName ? named === undefined : pathArg !== undefined && !handlerLike(handlerArg))) continue
        const chained = entry.chainedMethods && method === '*' ? CHAINED_METHODS.exec(context.facts.text.slice(call.end(), call.end() + 200)) : undefined
        const methods = chained ? methodsIn(chained[1] as string) : [method]
        routed.set(call, { path, prefix })
        for (const one of listed ?? [path]) {
          const route = entry.rootIsPrefix && one === '/' && prefix !== '' ? joinRoute(prefix, '') : joinRoute(prefix, one)
          for (const each of methods.length > 0 ? methods : [method]) {
            drafts.push(
              callDraft(call, {
                kind: 'http-route',
                framework: entry.framework,
                method: each,
                route: entry.normalise ? entry.normalise(route) : route,
                handler: unnamed ? '' : (named ?? handlerOf(optionsHandler(handlerArg))),
              }),
            )
          }
        }
      }
      return drafts
    },
  }
}

/** A path segment as a router takes it without its slash: `documents.move`, `users/:id`, `v1.auth_info` (no scheme, no spaces). */
const RELATIVE_PATH = /^[A-Za-z_][\w.-]*(?:\/[\w.:-]+)*$/

/** The first positional argument, when it is the call's one string and a {@link RELATIVE_PATH}. */
function relativePathArg(positional: readonly Arg[]): Arg | undefined {
  const first = positional[0]
  if (first?.kind !== 'string' || !RELATIVE_PATH.test(first.value)) return undefined
  return positional.some((arg, i) => i > 0 && arg.kind === 'string') ? undefined : first
}
