import { parseArgs, type Arg } from '../args.js'
import type { CallFact, EntrypointDraft, FileFacts } from '../facts.js'
import { chainHead } from '../lexical/scan-calls.js'
import { actixScopes } from './actix-scopes.js'
import { prefixWithin } from './group-scopes.js'
import { axumInlineRouters, isInlineRouter, isRouterFallback, nestedServiceKind } from './axum-nests.js'
import { mountingRouter } from './mounting-router.js'
import { callDraft, handlerOf, HTTP_VERBS, joinRoute, lastSegment, ownEntry, type DetectContext, type EntrypointDetector } from './detector.js'

/**
 * A Rust handler with middleware or state applied, or made a service: `kv_get.layer(...)`,
 * `handler.with_state(...)`, `handle_404.into_service()`.
 */
const HANDLER_LAYERS = /^([\w.]+?)\.(?:layer|route_layer|with_state|into_service)\b/

/**
 * `text` without its turbofishes: `get_user::<InMemoryUserRepo>` gives `get_user`. One that does
 * not close (the argument reader split `create::<A, B>` at its comma) goes to the end.
 */
function withoutTurbofish(text: string): string {
  let out = ''
  let at = 0
  for (let open = text.indexOf('::<'); open >= 0; open = text.indexOf('::<', at)) {
    out += text.slice(at, open)
    let depth = 0
    let i = open + 2
    for (; i < text.length; i++) {
      if (text[i] === '<') depth++
      else if (text[i] === '>' && --depth === 0) break
    }
    at = i + 1
  }
  return at >= text.length ? out : out + text.slice(at)
}

/**
 * A Rust handler or service as written, named as {@link handlerOf} names it: `handler::<T>` (a
 * generic handler given its type) is `handler`; `kv_get.layer(CompressionLayer::new())` is `kv_get`.
 */
function rustHandler(arg: Arg | undefined): string {
  const plain = arg?.kind === 'other' && arg.value.includes('::<') ? parseArgs(withoutTurbofish(arg.value))[0] : arg
  const written = handlerOf(plain)
  return HANDLER_LAYERS.exec(written)?.[1] ?? written
}

/** axum's method routers for a service (`get_service(ServeDir::new("assets"))`) name their method as `get` does. */
const SERVICE_SUFFIX = /_service$/

/** One method a method router serves, and its handler (`''` for a closure). */
interface Served {
  readonly method: string
  readonly handler: string
}

/** actix-web's calls that give a route its handler: `to(h)`, and actix-web 1's `to_async(h)`. */
const ACTIX_TO: ReadonlySet<string> = new Set(['to', 'to_async'])

/**
 * What a method router serves: axum's `get(handler).post(other)`, `get_service(service)`,
 * `any(handler)`; actix-web's `web::get().to(handler)`. Empty when `router` is none.
 */
function methodRouter(router: Arg): Served[] {
  const parts = [router, ...router.chain]
  const out: Served[] = []
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as Arg
    const method = ownEntry(HTTP_VERBS, lastSegment(part.value).replace(SERVICE_SUFFIX, ''))
    if (method === undefined) continue
    // axum: get(handler); actix: get().to(handler)
    const next = parts[i + 1]
    // (actix-web 1's `to_async(handler)` too.)
    const handler = part.items.length > 0 ? rustHandler(part.items[0]) : next && ACTIX_TO.has(lastSegment(next.value)) ? rustHandler(next.items[0]) : ''
    out.push({ method, handler })
  }
  return out
}

/**
 * What axum's `route_service("/x", service)`, `nest_service("/assets", service)` and
 * `fallback_service(service)` serve: every method (`*`), or a method router's own
 * (`route_service("/", get(handler))`).
 */
function servedBy(service: Arg | undefined): Served[] {
  const methods = service?.kind === 'call' ? methodRouter(service) : []
  return methods.length > 0 ? methods : [{ method: '*', handler: rustHandler(service) }]
}

/** The handler of an actix-web service given as a route: `h` of `web::to(h)`, `web::route().to(h)`, `web::get().to(h)`; else the service as written. */
function actixServiceHandler(service: Arg | undefined): string {
  if (service?.kind !== 'call') return rustHandler(service)
  if (ACTIX_TO.has(lastSegment(service.value))) return rustHandler(service.items[0])
  const to = service.chain.find((link) => ACTIX_TO.has(link.value))
  return to === undefined ? rustHandler(service) : rustHandler(to.items[0])
}

/** The head of an actix-web chain: `web::resource("/x")` (group 1), `web::scope("/api")` (group 2), `App::new()` (group 3). */
const ACTIX_CHAIN_HEAD = /^(?:web\s*::\s*)?resource\s*\(\s*"([^"]*)"\s*\)|^(?:web\s*::\s*)?scope\s*\(\s*"([^"]*)"\s*\)|^(App)\s*::\s*(?:new|default)\s*\(\s*\)/

/**
 * Where actix-web's `default_service(service)` serves, by what it is called on: a resource's
 * (`web::resource("/x").default_service(...)`) serves the resource's path for the methods its
 * routes do not; a scope's every path under the scope's no resource matches (`/api/*`); an app's
 * (`App::new()`) or a `ServiceConfig`'s (`cfg.default_service(...)`, `cfg: &mut web::ServiceConfig`)
 * every path (`/*`). On anything else (a variable holding a scope), none.
 */
function actixDefaultServicePath(call: CallFact, facts: FileFacts): string | undefined {
  // (A builder chain longer than a call's receiver: from its real start.)
  const start = chainHead(facts.masked, facts.masked.lastIndexOf(call.name, call.open))
  const head = ACTIX_CHAIN_HEAD.exec(facts.text.slice(start, start + 300))
  if (head?.[1] !== undefined) return head[1]
  // (The scope's own path comes with the scopes around the call: it starts one.)
  if (head?.[2] !== undefined || head?.[3] !== undefined) return '/*'
  const config = /^[a-z_]\w*$/.test(call.receiver) && new RegExp(`\\b${call.receiver}\\s*:\\s*&\\s*mut\\s+(?:web::)?ServiceConfig\\b`).test(facts.text)
  return config ? '/*' : undefined
}

/** One route a call registers: its path as written, and what it serves there. */
interface Registered {
  readonly path: string
  readonly served: readonly Served[]
}

/**
 * axum's `.route(path, method_router)`, `.route_service(path, service)`,
 * `.nest_service(prefix, service)` (a router nested so is none: its own routes are; see
 * `axum-nests.ts`) and a router's `.fallback(handler)` and `.fallback_service(service)`, which serve
 * every path no route of the router matches: `* /*`, as a service nested at the root does;
 * actix-web's `.route(path, web::get().to(h))`, `web::resource(path).route(web::post().to(h))` and
 * `web::resource(path).to(h)`.
 */
function registered(call: CallFact, framework: 'axum' | 'actix-web', facts: FileFacts): Registered | undefined {
  const args = call.args()
  const path = args[0]?.kind === 'string' ? args[0].value : undefined
  if (framework === 'axum' && (call.name === 'fallback' || call.name === 'fallback_service')) {
    if (args.length !== 1 || !isRouterFallback(call, facts)) return undefined
    return { path: '/*', served: call.name === 'fallback' ? [{ method: '*', handler: rustHandler(args[0]) }] : servedBy(args[0]) }
  }
  if (framework === 'axum' && (call.name === 'route_service' || call.name === 'nest_service')) {
    if (path === undefined) return undefined
    if (call.name === 'route_service') return { path, served: servedBy(args[1]) }
    const nested = isInlineRouter(args[1]) ? 'router' : nestedServiceKind(args[1], facts, call.offset)
    // A nested service serves its prefix and every path below it: `/assets/*` (axum writes `/assets/{*rest}`).
    return { path: joinRoute(path === '' ? '/' : path, '*'), served: nested === 'router' ? [] : servedBy(args[1]) }
  }
  if (framework === 'actix-web' && call.name === 'default_service') {
    const at = args.length === 1 ? actixDefaultServicePath(call, facts) : undefined
    return at === undefined ? undefined : { path: at, served: [{ method: '*', handler: actixServiceHandler(args[0]) }] }
  }
  if (call.name !== 'route' && call.name !== 'to') return undefined
  if (path !== undefined) return args[1]?.kind === 'call' ? { path, served: methodRouter(args[1]) } : undefined
  const resource = /resource\(\s*"([^"]*)"\s*\)/.exec(call.receiver)
  if (!resource || (call.name === 'to' && /\.route\(/.test(call.receiver))) return undefined
  // `web::resource("/x").to(handler)` serves every method.
  if (call.name === 'to') return { path: resource[1] as string, served: [{ method: '*', handler: rustHandler(args[0]) }] }
  return args[0]?.kind === 'call' ? { path: resource[1] as string, served: methodRouter(args[0]) } : undefined
}

/** An axum `.route(path, method_router)` call of a file, with its router and whole route. */
interface MethodRoute {
  readonly call: CallFact
  readonly router: string
  readonly route: string
  /** The draft with the router the route's is on. */
  readonly withRouter: (draft: EntrypointDraft) => EntrypointDraft
}

/**
 * axum's `router.method_not_allowed_fallback(handler)`: the handler answers the methods no method
 * router serves at each path a method router was registered on before it, on the same router (in
 * the same chain, or on the variable that holds it in the same function): `*` at each such path
 * (a route served by `any` has no such method). Routes of routers nested or merged into it are not
 * followed.
 */
function notAllowedDrafts(call: CallFact, routes: readonly MethodRoute[], context: DetectContext): EntrypointDraft[] {
  const router = /^[A-Za-z_]\w*$/.test(call.receiver) ? call.receiver : mountingRouter(call, context.facts.text)
  const scope = context.enclosing(call.offset)
  const handler = rustHandler(call.args()[0])
  const seen = new Set<string>()
  const out: EntrypointDraft[] = []
  for (const each of routes) {
    if (each.call.open > call.open || seen.has(each.route)) continue
    const chained = each.call.offset === call.offset
    if (!chained && (router === '' || each.router !== router || context.enclosing(each.call.offset) !== scope)) continue
    seen.add(each.route)
    out.push(each.withRouter(callDraft(call, { kind: 'http-route', framework: 'axum', method: '*', route: each.route, handler })))
  }
  return out
}

/**
 * Axum: `.route("/x", get(handler).post(other))`, `.route("/x", get_service(service))`,
 * `.route_service("/x", service)`, `.nest_service("/assets", ServeDir::new("assets"))`, `.fallback(h)`,
 * under the prefixes of nests that hold a router written in place (`axum-nests.ts`); actix-web:
 * `.route("/x", web::get().to(handler))`, `web::resource("/x").route(web::post().to(h))`.
 */
export function rustRouter(framework: 'axum' | 'actix-web', module: string): EntrypointDetector {
  return {
    framework,
    languages: ['rust'],
    imports: [module],
    detect(context: DetectContext): EntrypointDraft[] {
      const drafts: EntrypointDraft[] = []
      const scopes = framework === 'actix-web' ? actixScopes(context.facts) : []
      const inline = framework === 'axum' ? axumInlineRouters(context.facts, context.prefixOf) : () => undefined
      // axum's `.route(...)` calls and their routes, for the `method_not_allowed_fallback` calls after them.
      const methodRoutes: MethodRoute[] = []
      const notAllowed: CallFact[] = []
      for (const call of context.facts.calls) {
        if (framework === 'axum' && call.name === 'method_not_allowed_fallback' && call.args().length === 1) {
          notAllowed.push(call)
          continue
        }
        const found = registered(call, framework, context.facts)
        if (found === undefined) continue
        const { path, served } = found
        // (A route chained on a scope, `web::scope("/v1").route(...)`, starts where the scope does.)
        const scoped = prefixWithin(scopes, call.offset)
        // A router written in place in a nest (`.nest("/api", Router::new().route(...))`) hangs from the router nested on.
        const nested = inline(call)
        // `let users = Router::new().route(...)`, nested later as `.nest("/users", users)`: the variable's prefix.
        const router = nested?.router ?? (/^[A-Za-z_]\w*$/.test(call.receiver) ? call.receiver : mountingRouter(call, context.facts.text))
        const prefix = nested?.prefix ?? joinRoute(scoped, context.prefixOf(router))
        // axum serves a nested router's root (`.route("/", ...)` nested at `/users`) at `/users`.
        const route = framework === 'axum' && path === '/' && prefix !== '' ? joinRoute(prefix, '') : joinRoute(prefix, path)
        const withRouter = (draft: EntrypointDraft): EntrypointDraft => (router !== '' && (draft.router === undefined || nested !== undefined) ? { ...draft, router } : draft)
        for (const { method, handler } of served) drafts.push(withRouter(callDraft(call, { kind: 'http-route', framework, method, route, handler })))
        if (call.name === 'route' && served.length > 0 && served.every((each) => each.method !== '*')) methodRoutes.push({ call, router, route, withRouter })
      }
      for (const call of notAllowed) drafts.push(...notAllowedDrafts(call, methodRoutes, context))
      return drafts
    },
  }
}
