import type { Arg } from '../args.js'
import type { FileFacts, MountFact } from '../facts.js'
import { JS_LANGUAGES, rooted, rowOfOffset, type EntrypointDetector } from './detector.js'
import { callbackGroupScopes } from './group-scopes.js'
import { methodArgRoutes } from './method-arg-routes.js'
import { verbCallRoutes } from './route-shapes.js'
import { decoratedRoutes } from './decorated-routes.js'
import { STARLETTE_DETECTOR } from './starlette-routes.js'
import { codeIgniterResources, codeIgniterRoutes } from './codeigniter-routes.js'
import { javalinApiBuilder, sparkRoutes } from './javalin-api-builder.js'
import { tanstackRoutes } from './tanstack-routes.js'
import { tornadoRoutes } from './tornado-routes.js'
import { shelfRoutes } from './shelf-routes.js'
import { dartFrogRoutes } from './dart-frog-routes.js'

/** Lower-case verb names as most Python, Rust and JavaScript frameworks spell them. */
/** aiohttp's router as its tutorial names it: `app.router` (a module that sets up routes need not import aiohttp). */
const AIOHTTP_ROUTER = /(?:^|\.)app\.router$/

const LOWER_VERBS: Readonly<Record<string, string>> = { get: 'GET', post: 'POST', put: 'PUT', delete: 'DELETE', patch: 'PATCH', head: 'HEAD', options: 'OPTIONS' }

/** Capitalised verb annotations (Micronaut's `@Get`). */
const CAPITALISED_VERBS: Readonly<Record<string, string>> = { Get: 'GET', Post: 'POST', Put: 'PUT', Delete: 'DELETE', Patch: 'PATCH', Head: 'HEAD', Options: 'OPTIONS' }

/**
 * HTTP route detectors that are one table entry each, beyond the frameworks of `http-routes.ts`:
 * - Sanic: `@app.get('/x')`, `@bp.route('/x', methods=['POST'])`, blueprints' `url_prefix`;
 * - Django Ninja: `@api.get('/x')`, `@router.api_operation(['GET', 'POST'], '/x')`, routers added by
 *   `api.add_router('/events/', router)`, the API served by a URLconf's `path('api/', api.urls)`;
 * - Bottle: `@route('/x')`, `@get('/x')`, `@app.post('/x')`, `@route('/x', method='POST')`;
 * - aiohttp: `@routes.get('/x')` on a `RouteTableDef`, `app.router.add_get('/x', handler)`,
 *   `web.get('/x', handler)` in `app.add_routes([...])`;
 * - Micronaut: `@Controller("/users")` classes with `@Get("/{id}")` methods (Java and Kotlin);
 * - Javalin: `app.get("/users", UserController::getAll)` (Java and Kotlin);
 * - LoopBack 4: `@get('/todos/{id}')`, `@post`, `@del` on controller methods;
 * - Rocket: `#[get("/hello/<name>")]` functions, mounted by `.mount("/api", routes![...])` (see
 *   {@link rocketMountFacts});
 * - Slim: `$app->get('/x', ListUsersAction::class)`, `[UserController::class, 'create']`, Slim 3's
 *   `'HomeController:home'`, under the paths of `$app->group('/users', function ($group) {...})`;
 * - Litestar: `@get("/{id:int}")` handlers, in a `Controller` under its `path = "/users"`, mounted
 *   by `Router(path="/api", route_handlers=[...])` (see {@link litestarMountFacts});
 * - Starlette: `Route("/x", endpoint)` under `Mount("/api", routes=[...])` (see `starlette-routes.ts`);
 * - Tornado: the `(r"/items/([0-9]+)", ItemHandler)` rules of an `Application([...])` (see `tornado-routes.ts`);
 * - TanStack Router and Start: `createFileRoute('/posts/$postId')({ component })` pages and server
 *   routes' handlers (see `tanstack-routes.ts`);
 * - shelf_router (Dart): `router.get('/users/<id>', handler)` and `Router()..get(...)` cascades (see
 *   `shelf-routes.ts`), shelf_router_generator's `@Route.get('/x')` methods;
 * - Dart Frog: `routes/users/[id].dart`'s `onRequest` (see `dart-frog-routes.ts`).
 */
export const MORE_HTTP_ROUTE_DETECTORS: readonly EntrypointDetector[] = [
  tanstackRoutes,
  tornadoRoutes,
  decoratedRoutes({
    framework: 'sanic',
    languages: ['python'],
    imports: ['sanic'],
    verbs: LOWER_VERBS,
    generic: { names: ['route'], methodKeys: ['methods'], defaultMethod: 'GET' },
    pathKeys: ['uri'],
    dotted: true,
    nested: true,
  }),
  decoratedRoutes({
    framework: 'bottle',
    languages: ['python'],
    imports: ['bottle'],
    verbs: { get: 'GET', post: 'POST', put: 'PUT', delete: 'DELETE', patch: 'PATCH' },
    generic: { names: ['route'], methodKeys: ['method'], defaultMethod: 'GET' },
    pathKeys: ['path'],
  }),
  // Django Ninja: `@api.get("/hello")` on a `NinjaAPI` or a `Router`, `@router.api_operation(["GET", "POST"], "/x")`.
  decoratedRoutes({
    framework: 'django-ninja',
    languages: ['python'],
    imports: ['ninja'],
    verbs: { get: 'GET', post: 'POST', put: 'PUT', delete: 'DELETE', patch: 'PATCH' },
    generic: { names: ['api_operation'], methodKeys: ['methods'], defaultMethod: 'GET', methodsFirst: true },
    pathKeys: ['path'],
    dotted: true,
  }),
  decoratedRoutes({ framework: 'aiohttp', languages: ['python'], imports: ['aiohttp'], verbs: LOWER_VERBS, pathKeys: ['path'], dotted: true }),
  verbCallRoutes({
    framework: 'aiohttp',
    languages: ['python'],
    imports: ['aiohttp'],
    verbs: { add_get: 'GET', add_post: 'POST', add_put: 'PUT', add_delete: 'DELETE', add_patch: 'PATCH', add_head: 'HEAD', add_view: '*', ...LOWER_VERBS },
    // `web.get('/x', handler)` builds a route definition; a client session's `get(url, ...)` does not.
    onlyReceivers: /^(?:web|[\w.]*router|app\.router)$/,
    // aiohttp's tutorial layout: `def setup_routes(app): app.router.add_get(...)` in a module importing only its views.
    receivers: AIOHTTP_ROUTER,
  }),
  methodArgRoutes({ framework: 'aiohttp', languages: ['python'], imports: ['aiohttp'], receivers: AIOHTTP_ROUTER, calls: { add_route: 'one' }, handlerFirst: false }),
  decoratedRoutes({
    framework: 'micronaut',
    languages: ['java', 'kotlin'],
    imports: ['io.micronaut'],
    verbs: CAPITALISED_VERBS,
    classPrefix: ['Controller'],
    pathKeys: ['value', 'uri'],
    normalise: rooted,
    // `@Get("/")` under `@Controller("/articles")` serves `/articles`, as `@Get` does.
    rootIsPrefix: true,
    // A declarative HTTP client's methods send requests.
    clientClasses: ['Client'],
  }),
  // Javalin: `get(path, handler, roles...)`: the handler is the first argument after the path; a path starts with `/`, on
  // an app (`model.put("books", list)`, `cache.delete("/old", ctx)` and a test client's `client.get("/users")` are no routes).
  verbCallRoutes({
    framework: 'javalin',
    languages: ['java', 'kotlin'],
    imports: ['io.javalin'],
    verbs: LOWER_VERBS,
    normalise: rooted,
    pathStart: /^\//,
    onlyReceivers: /^(?:app|javalin|server|router|\w+App|\w+Server)$/,
    handlerBeforeMiddleware: () => true,
    kotlinLambdas: true,
  }),
  javalinApiBuilder,
  sparkRoutes,
  decoratedRoutes({ framework: 'loopback', languages: JS_LANGUAGES, imports: ['@loopback/rest'], verbs: { get: 'GET', post: 'POST', put: 'PUT', patch: 'PATCH', del: 'DELETE' }, pathKeys: [], normalise: rooted }),
  // (The query a Rocket route declares, `/articles?<params..>`, is no part of its path: `/articles`.)
  decoratedRoutes({ framework: 'rocket', languages: ['rust'], imports: ['rocket'], verbs: LOWER_VERBS, pathKeys: [], normalise: (route) => route.replace(/\?<[^>]*>(?:&<[^>]*>)*$/, '') }),
  verbCallRoutes({
    framework: 'slim',
    languages: ['php'],
    imports: ['Slim'],
    verbs: { get: 'GET', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE', options: 'OPTIONS', any: '*' },
    normalise: rooted,
    scopes: callbackGroupScopes,
    handlerName: slimHandler,
  }),
  codeIgniterRoutes,
  codeIgniterResources,
  decoratedRoutes({
    framework: 'litestar',
    languages: ['python'],
    imports: ['litestar'],
    verbs: LOWER_VERBS,
    generic: { names: ['route'], methodKeys: ['http_method'], defaultMethod: '*' },
    pathKeys: ['path'],
    classAttribute: 'path',
    normalise: rooted,
    rootIsPrefix: true,
  }),
  STARLETTE_DETECTOR,
  shelfRoutes,
  dartFrogRoutes,
  // shelf_router_generator's `@Route.get('/users/<id>')` over a service's methods, and `@Route('GET', '/x')`.
  decoratedRoutes({
    framework: 'shelf_router',
    languages: ['dart'],
    imports: ['package:shelf_router'],
    verbs: { ...LOWER_VERBS, all: '*' },
    generic: { names: ['Route'], methodKeys: [], defaultMethod: '*', methodsFirst: true },
    pathKeys: [],
    dotted: false,
  }),
]

/** A Slim handler: an invokable action (`ListUsersAction::class`, named by its class), `[UserController::class, 'create']`, Slim 3's `'HomeController:home'`, or a closure (none). */
function slimHandler(arg: Arg | undefined): string | undefined {
  if (arg === undefined) return undefined
  if (arg.kind === 'function') return ''
  const action = (value: string): string => value.replace(/::class$/, '').replace(/^\\/, '').replace(/\\/g, '.')
  // An invokable action is its class (its `__invoke` is often inherited from a base action).
  if (arg.kind === 'name' && arg.value.endsWith('::class')) return action(arg.value)
  if (arg.kind === 'string') return /^[\w\\]+:\w+$/.test(arg.value) ? action(arg.value).replace(':', '.') : undefined
  const [type, method] = arg.kind === 'list' ? arg.items : []
  return type?.kind === 'name' && type.value.endsWith('::class') && method?.kind === 'string' ? `${action(type.value)}.${method.value}` : undefined
}

/** `.mount("/api", routes![hello, users::list])`: Rocket's mount path and the handlers it lists. */
const ROCKET_MOUNT = /\.\s*mount\(\s*"([^"]*)"\s*,\s*(?:rocket::)?routes!\s*\[([^\]]*)\]/g

/**
 * Rocket's mounts: each handler listed in `routes![...]` is mounted at the path, wherever it is
 * defined (the graph resolves its name); its `#[get("/x")]` route is served under the path.
 */
export function rocketMountFacts(facts: FileFacts): MountFact[] {
  if (facts.language !== 'rust' || !facts.text.includes('routes!')) return []
  const out: MountFact[] = []
  for (const match of facts.text.matchAll(ROCKET_MOUNT)) {
    const row = rowOfOffset(facts.text, match.index)
    for (const written of (match[2] as string).split(',')) {
      const target = written.trim().replace(/::/g, '.')
      if (/^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/.test(target)) out.push({ target, prefix: match[1] as string, router: '', row, offset: match.index })
    }
  }
  return out
}

/** `Router(path="/api", route_handlers=[UserController, health])`: Litestar's router, its path and what it holds. */
const LITESTAR_ROUTER = /\b(?:Router|Litestar)\s*\(/

/**
 * Litestar's mounts: each handler or controller a `Router(path=..., route_handlers=[...])` (or the
 * app, `Litestar(route_handlers=[...])`) lists is served under the router's path, wherever it is
 * defined; a router listed in another is under that one's path too.
 */
export function litestarMountFacts(facts: FileFacts): MountFact[] {
  if (facts.language !== 'python' || !LITESTAR_ROUTER.test(facts.text)) return []
  const out: MountFact[] = []
  for (const call of facts.calls) {
    if (call.name !== 'Router' && call.name !== 'Litestar') continue
    const args = call.args()
    const path = args.find((arg) => arg.key === 'path')
    const handlers = args.find((arg) => arg.key === 'route_handlers') ?? args.find((arg) => !arg.key)
    if (handlers?.kind !== 'list') continue
    const prefix = path?.kind === 'string' ? path.value : ''
    const router = call.assignedTo() ?? ''
    for (const item of handlers.items) {
      if (item.kind === 'name' && /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/.test(item.value)) out.push({ target: item.value, prefix, router, row: call.row, offset: call.offset })
    }
  }
  return out
}
