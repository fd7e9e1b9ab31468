import { keyArg, propertyArg, stringList, type Arg } from '../args.js'
import type { EntrypointDraft, SymbolFact } from '../facts.js'
import { inlinePluginScopes } from './group-scopes.js'
import { aspNetControllers, aspNetMapAnyMethod, aspNetMinimalApis } from './aspnet-routes.js'
import { razorPages } from './razor-pages.js'
import { methodArgRoutes } from './method-arg-routes.js'
import { chiRoutes } from './chi-routes.js'
import { goModuleRoutes } from './go-module-routes.js'
import { goStringConstant } from './go-string-constants.js'
import { ktorRoutes } from './ktor-routes.js'
import { vaporRoutes } from './vapor-routes.js'
import { laravelRoutes } from './laravel-routes.js'
import { nestVersions } from './nest-versions.js'
import { railsRoutes } from './rails-routes.js'
import { sinatraRoutes } from './sinatra-routes.js'
import { grapeRoutes } from './grape-routes.js'
import { nextRoutes } from './next-routes.js'
import { rustRouter } from './rust-routes.js'
import { svelteKitRoutes } from './sveltekit-routes.js'
import { nuxtRoutes } from './nuxt-routes.js'
import { remixRoutes } from './remix-routes.js'
import { reactRouterConfig } from './react-router-config.js'
import { vueRouterRoutes } from './vue-router-routes.js'
import { reactRouterRoutes } from './react-router-routes.js'
import { angularRoutes } from './angular-routes.js'
import { hapiRoutes } from './hapi-routes.js'
import { servletRoutes } from './servlet-routes.js'
import { vertxRoutes } from './vertx-routes.js'
import { beegoRoutes } from './beego-routes.js'
import { falconRoutes } from './falcon-routes.js'
import { fastEndpoints } from './fast-endpoints.js'
import { astroRoutes } from './astro-routes.js'
import { trpcProcedures } from './trpc-procedures.js'
import { elysiaRoutes } from './elysia-routes.js'
import { adonisRoutes } from './adonis-routes.js'
import { HONO_MODULES, honoMounts, honoOn, honoOpenApiRoutes } from './hono-routes.js'
import { gorillaMatcherRoutes, gorillaWrapperRoutes } from './gorilla-routes.js'
import { djangoIncludedPrefixes } from './django-includes.js'
import { BLUEPRINT_RECEIVER, callDraft, decoratorDraft, djangoEntries, DJANGO_URLCONF_FILE, handlerOf, HTTP_VERBS, JS_LANGUAGES, joinRoute, lastSegment, ownEntry, rooted, type DetectContext, type EntrypointDetector } from './detector.js'
import { verbCallRoutes } from './route-shapes.js'
import { decoratedRoutes, decoratorPaths } from './decorated-routes.js'

const UPPER_VERBS: Readonly<Record<string, string>> = { GET: 'GET', POST: 'POST', PUT: 'PUT', DELETE: 'DELETE', PATCH: 'PATCH', OPTIONS: 'OPTIONS', HEAD: 'HEAD', Any: '*' }
const CAPITAL_VERBS: Readonly<Record<string, string>> = { Get: 'GET', Post: 'POST', Put: 'PUT', Delete: 'DELETE', Patch: 'PATCH', Options: 'OPTIONS', Head: 'HEAD', All: '*' }
/**
 * The names a Fastify plugin's instance goes by in a file that need not import Fastify (a plugin
 * gets it as a parameter). Not `server`: that is what Express apps and test servers are called too
 * (in ky's tests, 81 `server.get(...)` calls on Express test servers, none on Fastify).
 */
const FASTIFY_RECEIVER = /^(?:fastify|instance)(?:$|\s*\.\s*(?:get|head|post|put|delete|options|patch|all)\s*(?:<[^(]*>\s*)?\()/
/**
 * The names an Express app or router goes by in a module that need not import Express: a routes
 * module the app passes itself to (`module.exports = function (app, passport) { app.get('/login',
 * users.login) }`), not one it makes (`const app = Fastify()`). A route there still needs a path
 * that starts with `/` and a handler.
 */
const EXPRESS_RECEIVER = /^(?:app|router)$/
/** What a Fastify plugin file imports: `fastify` itself, `fastify-plugin` (`fp`), or an `@fastify/...` package. */
const FASTIFY_MODULES = ['fastify', 'fastify-plugin', '@fastify']
/** `options.prefix + 'users/login'`: a computed prefix and a literal rest. */
const PREFIXED_PATH = /^([A-Za-z_$][\w$.]*)\s*\+\s*(['"`])([^'"`$]*)\2$/

/**
 * A route object's path: a string, or a name plus a string (`options.prefix + 'tags'`, written
 * `{options.prefix}tags`, as a computed mount path is).
 */
function routeObjectPath(arg: Arg | undefined): string | undefined {
  if (arg?.kind === 'string') return arg.value
  const prefixed = arg?.kind === 'other' ? PREFIXED_PATH.exec(arg.value) : null
  return prefixed ? `{${prefixed[1]}}${prefixed[3]}` : undefined
}

/** Express, Fastify, Hono and Koa paths start with `/` (or are the `*` wildcard); a client's URL need not. */
const JS_PATH = /^[/*]/

/**
 * What marks a file as a Fastify plugin without an import of Fastify: a Fastify type in a signature
 * (`app: FastifyInstance`, `FastifyPluginAsync`), or a module that exports an async function of the
 * instance (and options), Fastify's plugin shape (`module.exports = async function (app, opts) {`;
 * an Express routes module exports a plain function of the app).
 */
const FASTIFY_TYPE = /\bFastify(?:Instance|Plugin)\w*|^(?:module\.exports\s*=|export\s+default)\s*async\s+(?:function\b[^(]*\(\s*[A-Za-z_$][\w$]*\s*(?:,\s*[A-Za-z_$][\w$]*\s*)?\)|\(\s*[A-Za-z_$][\w$]*\s*(?:,\s*[A-Za-z_$][\w$]*\s*)?\)\s*=>)/m

/** NestJS's API versions of a route: `@Version('2')` on its handler, else `version` of its `@Controller({ path, version })`. */
function nestVersion(symbol: SymbolFact): string | undefined {
  const own = symbol.decorators.find((decorator) => lastSegment(decorator.name) === 'Version')
  if (own) return nestVersions(own.args[0])
  let parent = symbol.parent
  while (parent && parent.kind !== 'class') parent = parent.parent
  const options = parent?.decorators.find((decorator) => lastSegment(decorator.name) === 'Controller')?.args[0]
  return options?.kind === 'list' ? nestVersions(keyArg(options.items, 'version')) : undefined
}

/** Fastify's full declaration: `fastify.route({ method: 'GET', url: '/x', handler })`. */
const fastifyRouteObjects: EntrypointDetector = {
  framework: 'fastify',
  languages: JS_LANGUAGES,
  imports: FASTIFY_MODULES,
  receivers: FASTIFY_RECEIVER,
  mentions: FASTIFY_TYPE,
  detect(context: DetectContext): EntrypointDraft[] {
    const drafts: EntrypointDraft[] = []
    const imported = FASTIFY_MODULES.some((module) => context.imports(module)) || context.mentions(FASTIFY_TYPE)
    for (const call of context.facts.calls) {
      if (call.name !== 'route' || !call.receiver) continue
      if (!imported && !FASTIFY_RECEIVER.test(call.receiver)) continue
      const options = call.args()[0]
      if (options?.kind !== 'list') continue
      const url = routeObjectPath(keyArg(options.items, 'url') ?? keyArg(options.items, 'path'))
      if (url === undefined) continue
      const route = joinRoute(context.prefixOf(call.receiver), url)
      const handler = handlerOf(propertyArg(options.items, 'handler'))
      for (const method of stringList(keyArg(options.items, 'method'))) {
        drafts.push(callDraft(call, { kind: 'http-route', framework: 'fastify', method: method.toUpperCase(), route, handler }))
      }
    }
    return drafts
  },
}

/**
 * Django: `path('articles/<int:year>/', views.year_archive)` and `re_path`/`url` in a `urls.py`,
 * under the routes of the entries of the file that include them (`django-includes.ts`).
 */
const djangoUrls: EntrypointDetector = {
  framework: 'django',
  languages: ['python'],
  imports: ['django'],
  detect(context: DetectContext): EntrypointDraft[] {
    if (!DJANGO_URLCONF_FILE.test(context.facts.path)) return []
    const drafts: EntrypointDraft[] = []
    const entries = djangoEntries(context.facts.calls)
    // An entry in a list the file includes under a route of its own (`include(extra_patterns)`, `include([...])`).
    const included = djangoIncludedPrefixes(entries, context.facts.symbols)
    for (const { call, route, view } of entries) {
      if (route?.kind !== 'string' || !view || (view.kind === 'call' && lastSegment(view.value) === 'include')) continue
      // `admin.site.urls` mounts an app like include() does.
      if (view.kind === 'name' && view.value.endsWith('.urls')) continue
      drafts.push(callDraft(call, { kind: 'http-route', framework: 'django', method: '*', route: joinRoute(included.get(call) ?? '', route.value), handler: djangoView(view) }))
    }
    return drafts
  },
}

/**
 * The view a Django route serves: `views.Archive` of `views.Archive.as_view()`, and the view a
 * call wraps in place: `defaults.bad_request` of `partial(defaults.bad_request, exception=None)`,
 * `views.profile` of `login_required(views.profile)` (a decorator applied in the URLconf).
 */
function djangoView(view: Arg, depth = 0): string {
  if (view.kind !== 'call' || view.chain.length > 0) return handlerOf(view)
  if (view.value.endsWith('.as_view')) return view.value.slice(0, -'.as_view'.length)
  const positional = view.items.filter((arg) => !arg.key)
  const wrapped = positional[0]
  const wraps = wrapped !== undefined && (wrapped.kind === 'name' || wrapped.kind === 'call') && (positional.length === 1 || lastSegment(view.value) === 'partial')
  return wraps && depth < 4 ? djangoView(wrapped, depth + 1) : handlerOf(view)
}

/** Class annotations of MicroProfile REST Client interfaces (Quarkus's `@RegisterRestClient`): their JAX-RS methods send requests. */
const REST_CLIENTS: ReadonlySet<string> = new Set(['RegisterRestClient', 'RegisterClientHeaders', 'RegisterProvider'])

/**
 * JAX-RS: `@GET` (or `@POST`, ...) with an optional `@Path` on the method, under the class's
 * `@Path` (Java and Kotlin); not the methods of a REST client interface.
 */
const jaxRs: EntrypointDetector = {
  framework: 'jax-rs',
  languages: ['java', 'kotlin'],
  imports: ['javax.ws.rs', 'jakarta.ws.rs'],
  detect(context: DetectContext): EntrypointDraft[] {
    const drafts: EntrypointDraft[] = []
    for (const symbol of context.facts.symbols) {
      if (symbol.kind !== 'method' || symbol.parent?.decorators.some((d) => REST_CLIENTS.has(lastSegment(d.name)))) continue
      const verb = symbol.decorators.find((d) => ownEntry(UPPER_VERBS, d.name) !== undefined && d.name !== 'Any')
      if (!verb) continue
      const own = symbol.decorators.find((d) => d.name === 'Path')
      const owner = symbol.parent?.decorators.find((d) => d.name === 'Path')
      const prefix = owner ? (decoratorPaths(owner.args, ['value'])[0] ?? '') : ''
      const path = own ? (decoratorPaths(own.args, ['value'])[0] ?? '') : ''
      drafts.push(decoratorDraft(symbol, verb, { kind: 'http-route', framework: 'jax-rs', method: UPPER_VERBS[verb.name] as string, route: rooted(joinRoute(prefix, path)) }))
    }
    return drafts
  },
}

/** Flask's decorators (`@app.route('/x', methods=[...])`, `@bp.get('/x')`), also of Quart, which has Flask's API; `framework` is the module's name. */
function flaskRoutes(framework: 'flask' | 'quart'): EntrypointDetector {
  return decoratedRoutes({
    framework,
    languages: ['python'],
    imports: [framework],
    // (A blueprint's routes module may import only its blueprint: Flask's, by far the more common.)
    ...(framework === 'flask' ? { receivers: BLUEPRINT_RECEIVER, projectReceivers: ['route'] } : {}),
    // (Quart's `@app.websocket('/ws')` is served on a `GET` upgrade.)
    verbs: { get: 'GET', post: 'POST', put: 'PUT', delete: 'DELETE', patch: 'PATCH', ...(framework === 'quart' ? { websocket: 'GET' } : {}) },
    generic: { names: ['route'], methodKeys: ['methods'], defaultMethod: 'GET' },
    pathKeys: ['rule'],
    dotted: true,
    nested: true,
  })
}

/** The HTTP route detectors, one entry per framework. */
export const HTTP_ROUTE_DETECTORS: readonly EntrypointDetector[] = [
  verbCallRoutes({ framework: 'express', languages: JS_LANGUAGES, builtPaths: true, imports: ['express'], receivers: EXPRESS_RECEIVER, receiverNotMade: true, verbs: HTTP_VERBS, pathStart: JS_PATH, rootIsPrefix: true }),
  verbCallRoutes({ framework: 'fastify', languages: JS_LANGUAGES, builtPaths: true, imports: FASTIFY_MODULES, receivers: FASTIFY_RECEIVER, mentions: FASTIFY_TYPE, verbs: HTTP_VERBS, pathStart: JS_PATH, rootIsPrefix: true, scopes: inlinePluginScopes }),
  fastifyRouteObjects,
  hapiRoutes,
  verbCallRoutes({ framework: 'hono', languages: JS_LANGUAGES, builtPaths: true, imports: HONO_MODULES, verbs: HTTP_VERBS, pathStart: JS_PATH, rootIsPrefix: true, chainedPaths: true }),
  honoOn,
  honoMounts,
  honoOpenApiRoutes,
  elysiaRoutes,
  adonisRoutes,
  // restify: `server.get('/hello/:name', respond)`, `server.del(...)` on its server (a path in an options object, `{ path,
  // version }`, is not read; its HTTP clients' `client.get('/x', cb)` are requests).
  verbCallRoutes({ framework: 'restify', languages: JS_LANGUAGES, builtPaths: true, imports: ['restify'], onlyReceivers: /^(?:server|app|api)$/, verbs: HTTP_VERBS, pathStart: JS_PATH, rootIsPrefix: true }),
  verbCallRoutes({ framework: 'koa', languages: JS_LANGUAGES, builtPaths: true, imports: ['@koa/router', 'koa-router'], verbs: HTTP_VERBS, slashPath: true, relativePaths: true, pathStart: JS_PATH, rootIsPrefix: true }),
  decoratedRoutes({ framework: 'nestjs', languages: JS_LANGUAGES, imports: ['@nestjs/common'], verbs: CAPITAL_VERBS, classPrefix: ['Controller'], pathKeys: ['path'], normalise: rooted, rootIsPrefix: true, versionOf: nestVersion }),
  // routing-controllers: `@JsonController('/users')` or `@Controller()` classes with `@Get('/:id')` methods.
  decoratedRoutes({ framework: 'routing-controllers', languages: JS_LANGUAGES, imports: ['routing-controllers'], verbs: CAPITAL_VERBS, classPrefix: ['JsonController', 'Controller'], pathKeys: ['route'], normalise: rooted, rootIsPrefix: true }),
  nextRoutes,
  svelteKitRoutes,
  nuxtRoutes,
  remixRoutes,
  reactRouterConfig,
  vueRouterRoutes,
  reactRouterRoutes,
  angularRoutes,
  astroRoutes,
  trpcProcedures,
  flaskRoutes('flask'),
  // Quart: Flask's API on asyncio (`@app.route`, `@bp.get`, blueprints).
  flaskRoutes('quart'),
  falconRoutes,
  decoratedRoutes({
    framework: 'fastapi',
    languages: ['python'],
    imports: ['fastapi'],
    // A WebSocket opens with a GET (as Ktor's `webSocket`).
    verbs: { get: 'GET', post: 'POST', put: 'PUT', delete: 'DELETE', patch: 'PATCH', options: 'OPTIONS', head: 'HEAD', trace: 'TRACE', websocket: 'GET' },
    skipReceivers: /(?:^|\.)webhooks$/,
    generic: { names: ['api_route'], methodKeys: ['methods'], defaultMethod: 'GET' },
    pathKeys: ['path'],
    dotted: true,
    nested: true,
  }),
  djangoUrls,
  // Gin and Echo serve a path written without its leading `/` (`router.GET("favicon.ico", h)`) at `/favicon.ico`.
  verbCallRoutes({ framework: 'gin', languages: ['go'], imports: ['github.com/gin-gonic/gin'], verbs: UPPER_VERBS, normalise: rooted, namedPath: goStringConstant }),
  // Gin and Echo also register with the method as an argument (`r.Handle("GET", ...)`, `e.Add(http.MethodPost, ...)`, `Match([]string{...}, ...)`).
  methodArgRoutes({ framework: 'gin', imports: ['github.com/gin-gonic/gin'], calls: { Handle: 'one', Match: 'list' }, handlerFirst: false }),
  // Echo takes the handler right after the path and middleware after it: `e.GET("/x", handler, middleware.Logger())`.
  verbCallRoutes({ framework: 'echo', languages: ['go'], imports: ['github.com/labstack/echo'], verbs: UPPER_VERBS, normalise: rooted, namedPath: goStringConstant, handlerBeforeMiddleware: () => true }),
  methodArgRoutes({ framework: 'echo', imports: ['github.com/labstack/echo'], calls: { Add: 'one', Match: 'list' }, handlerFirst: true }),
  // julienschmidt/httprouter: `router.GET("/user/:name", Hello)`, `router.Handle("GET", ...)`, `router.HandlerFunc(...)`.
  verbCallRoutes({ framework: 'httprouter', languages: ['go'], imports: ['github.com/julienschmidt/httprouter'], verbs: { GET: 'GET', POST: 'POST', PUT: 'PUT', DELETE: 'DELETE', PATCH: 'PATCH', OPTIONS: 'OPTIONS', HEAD: 'HEAD' }, namedPath: goStringConstant }),
  methodArgRoutes({ framework: 'httprouter', imports: ['github.com/julienschmidt/httprouter'], calls: { Handle: 'one', HandlerFunc: 'one', Handler: 'one' }, handlerFirst: false }),
  // Iris: `app.Get("/", h)`, `Any`, on an app or a `Party("/users")`; the handler is the last of its handlers.
  verbCallRoutes({ framework: 'iris', languages: ['go'], imports: ['github.com/kataras/iris'], verbs: { Get: 'GET', Post: 'POST', Put: 'PUT', Delete: 'DELETE', Patch: 'PATCH', Head: 'HEAD', Options: 'OPTIONS', Any: '*' }, normalise: rooted, namedPath: goStringConstant, rootIsPrefix: true }),
  // Gin's or Echo's, in a file that imports neither: named by the module's `go.mod` in the layer graph.
  goModuleRoutes,
  chiRoutes,
  beegoRoutes,
  // Fiber serves a path written without its leading `/` (`app.Get("quotes", h)`) at `/quotes`.
  verbCallRoutes({
    framework: 'fiber',
    languages: ['go'],
    imports: ['github.com/gofiber/fiber'],
    verbs: CAPITAL_VERBS,
    normalise: rooted,
    namedPath: goStringConstant,
    // (v3's `Get(path, handler any, handlers ...any)` runs its handlers in order, as v2: middleware first, the handler last.)
  }),
  laravelRoutes,
  railsRoutes,
  sinatraRoutes,
  grapeRoutes,
  verbCallRoutes({ framework: 'net/http', languages: ['go'], imports: ['net/http'], verbs: { HandleFunc: '*', Handle: '*' }, methodInPattern: true, chainedMethods: true, namedPath: goStringConstant, mountsAreNoRoutes: true }),
  gorillaMatcherRoutes,
  gorillaWrapperRoutes,
  decoratedRoutes({
    framework: 'spring',
    languages: ['java', 'kotlin'],
    imports: ['org.springframework'],
    verbs: { GetMapping: 'GET', PostMapping: 'POST', PutMapping: 'PUT', DeleteMapping: 'DELETE', PatchMapping: 'PATCH' },
    generic: { names: ['RequestMapping'], methodKeys: ['method'], defaultMethod: '*' },
    classPrefix: ['RequestMapping'],
    clientClasses: ['FeignClient'],
    pathKeys: ['value', 'path'],
    normalise: rooted,
  }),
  jaxRs,
  servletRoutes,
  vertxRoutes,
  ktorRoutes,
  vaporRoutes,
  aspNetControllers,
  aspNetMinimalApis,
  fastEndpoints,
  aspNetMapAnyMethod,
  razorPages,
  decoratedRoutes({
    framework: 'symfony',
    languages: ['php'],
    imports: ['Symfony'],
    verbs: {},
    generic: { names: ['Route'], methodKeys: ['methods'], defaultMethod: '*' },
    classPrefix: ['Route'],
    pathKeys: ['path'],
    normalise: rooted,
  }),
  rustRouter('axum', 'axum'),
  rustRouter('actix-web', 'actix_web'),
  decoratedRoutes({
    framework: 'actix-web',
    languages: ['rust'],
    imports: ['actix_web'],
    verbs: { get: 'GET', post: 'POST', put: 'PUT', delete: 'DELETE', patch: 'PATCH', head: 'HEAD', options: 'OPTIONS', trace: 'TRACE' },
    generic: { names: ['route'], methodKeys: ['method'], defaultMethod: '*' },
    pathKeys: ['path'],
  }),
]
