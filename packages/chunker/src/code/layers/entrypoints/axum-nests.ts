import type { Arg } from '../args.js'
import type { CallFact, FileFacts } from '../facts.js'
import { mountingRouter } from './mounting-router.js'
import { HTTP_VERBS, joinRoute, ownEntry } from './detector.js'

/** axum's calls that nest a router or a service under a path: `.nest("/api", api)`, `.nest_service("/assets", dir)`. */
const NESTS: ReadonlySet<string> = new Set(['nest', 'nest_service'])

/** A router made in place: `Router::new()`, `axum::Router::<AppState>::new()`. */
const MADE_ROUTER = /^(?:axum::)?Router\s*(?:::\s*<[^>]*>\s*)?::\s*(?:new|default)\b/

/** Whether an argument is a router made in place (`Router::new().route("/users", get(list))`): its routes are the nest's. */
export function isInlineRouter(arg: Arg | undefined): boolean {
  return (arg?.kind === 'call' || arg?.kind === 'other') && MADE_ROUTER.test(arg.value)
}

/** A router written in place inside a nest: the whole prefix its routes get in this file, and the named router it hangs from (`''`: none). */
export interface InlineRouter {
  readonly prefix: string
  readonly router: string
}

/** One inline router: the span of the nest's arguments, the nest's path and the router it is nested on. */
interface InlineNest {
  readonly open: number
  readonly end: number
  readonly path: string
  readonly router: string
}

/**
 * axum's routers written in place in a nest: `.nest("/api", Router::new().route("/users", get(list)))`
 * (also with `nest_service`) serves `/users` at `/api/users`. For each call inside such a router
 * (nested ones too), its prefix: the prefix of the named router the outermost nest is called on
 * (`prefixOf`), then each nest's path; `undefined` for a call inside none.
 */
export function axumInlineRouters(facts: FileFacts, prefixOf: (router: string) => string): (call: CallFact) => InlineRouter | undefined {
  const nests: InlineNest[] = []
  for (const call of facts.calls) {
    if (!NESTS.has(call.name) || !call.receiver) continue
    const [path, router] = call.args().filter((arg) => !arg.key)
    if (path?.kind === 'string' && isInlineRouter(router)) nests.push({ open: call.open, end: call.end(), path: path.value, router: mountingRouter(call, facts.text) })
  }
  if (nests.length === 0) return () => undefined
  nests.sort((a, b) => a.open - b.open)
  return (call) => {
    const around = nests.filter((nest) => nest.open < call.offset && call.offset < nest.end)
    const outer = around[0]
    if (outer === undefined) return undefined
    return { prefix: around.reduce((prefix, nest) => joinRoute(prefix, nest.path), prefixOf(outer.router)), router: outer.router }
  }
}

/** What `nest_service` is handed: a router (its routes are nested, as `nest` does), a service, or either (a function of another module). */
export type NestedKind = 'router' | 'service' | 'unknown'

/** A function's declared result is a router: `-> Router`, `-> Router<AppState>`, `-> axum::Router`. */
const RETURNS_ROUTER = /->\s*(?:axum::)?Router\b/

/** A function named for the router it builds: `routes`, `router`, `api_routes`, `create_router`, `app`. */
const ROUTER_FUNCTION = /(?:^|_)(?:routes?|router|routing|app|api)(?:_|$)/i

/** A method router or service maker, not a router: `get(handler)`, `get_service(dir)`, `on(filter, h)`, `service_fn(f)`. */
function isMethodRouter(name: string): boolean {
  return ownEntry(HTTP_VERBS, name.replace(/_service$/, '')) !== undefined || name === 'on' || name === 'service_fn' || name === 'MethodRouter'
}

/** The callee a value starts with, turbofishes dropped: `ServeDir::new` of `ServeDir::new("a").fallback(f)`, `handle.into_service` of `handle.into_service()`. */
const LEADING_CALLEE = /^\s*((?:[A-Za-z_]\w*|<[^<>]*>)(?:\s*(?:::|\.)\s*(?:[A-Za-z_]\w*|<[^<>]*>))*)\s*\(/

/** The callee a Rust expression starts with (`::`-joined, turbofishes dropped), or `undefined` when it starts with none. */
function leadingCallee(expression: string): string | undefined {
  const written = LEADING_CALLEE.exec(expression)?.[1]
  return written?.replace(/\s+/g, '').replace(/::<[^<>]*>/g, '')
}

/**
 * What a callee makes: `Router::new` a router; a method router (`get`), a method call on a value
 * (`handle_404.into_service`) or a type's constructor (`ServeDir::new`) a service; a function of
 * this file by the result its signature declares; another module's function (`api::routes`) a
 * router when named like one, else either.
 */
function calleeKind(callee: string, facts: FileFacts): NestedKind {
  if (MADE_ROUTER.test(callee)) return 'router'
  if (callee.includes('.')) return 'service'
  const segments = callee.split('::')
  const name = segments.at(-1) as string
  const owner = segments.at(-2)
  if (isMethodRouter(name) || (owner !== undefined && isMethodRouter(owner))) return 'service'
  const local = facts.symbols.find((symbol) => symbol.name === name && (symbol.kind === 'function' || symbol.kind === 'method') && (owner === undefined || symbol.parent?.name === owner))
  if (local !== undefined) return RETURNS_ROUTER.test(local.signature) ? 'router' : 'service'
  if (ROUTER_FUNCTION.test(name)) return 'router'
  return owner !== undefined && /^[A-Z]/.test(owner) ? 'service' : 'unknown'
}

/** The callee of the value the file last assigns to a variable before `at` (`let api = api_routes(state)` gives `api_routes`), not counting a statement whose value starts at `at`. */
function assignedCallee(name: string, facts: FileFacts, at: number): string | undefined {
  let value: number | undefined
  for (const match of facts.masked.slice(0, at).matchAll(new RegExp(`\\blet\\s+(?:mut\\s+)?${name}\\s*(?::[^=;]*)?=(?![=>])\\s*`, 'g'))) {
    const start = match.index + match[0].length
    if (start < at) value = start
  }
  return value === undefined ? undefined : leadingCallee(facts.text.slice(value, value + 300))
}

/**
 * What a variable handed to `nest_service` holds, from the file before `at`: declared a router
 * (`api: Router`, a parameter too) or assigned one (`let api = Router::new()...`, `let api =
 * api_routes(state)` of a function that returns one), else what its value's callee makes (see
 * {@link calleeKind}); a variable the file does not assign is a service.
 */
function variableKind(name: string, facts: FileFacts, at: number): NestedKind {
  if (new RegExp(`\\b${name}\\s*:\\s*(?:axum::)?Router\\b`).test(facts.masked.slice(0, at))) return 'router'
  const callee = assignedCallee(name, facts, at)
  return callee === undefined ? 'service' : calleeKind(callee, facts)
}

/**
 * What axum's `nest_service(path, service)` is handed (see {@link NestedKind}): a router made in
 * place or held in a variable, a router function's result, a service (`ServeDir::new("assets")`,
 * `get(handler)`, `handler.into_service()`).
 */
export function nestedServiceKind(service: Arg | undefined, facts: FileFacts, at: number): NestedKind {
  if (service === undefined) return 'service'
  if (service.kind === 'name') return /^[a-z_]\w*$/.test(service.value) ? variableKind(service.value, facts, at) : 'service'
  if (service.kind !== 'call' && service.kind !== 'other') return 'service'
  const callee = service.kind === 'call' ? service.value.replace(/::<[^<>]*>/g, '') : leadingCallee(service.value)
  return callee === undefined ? 'service' : calleeKind(callee, facts)
}

/**
 * Whether a `fallback` call is a router's (`Router::new().fallback(handler)`, `app.fallback(h)`,
 * `api::routes().fallback(h)`), not a method router's (`get(h).fallback(other)`: other methods of
 * one path) nor a service's (tower-http's `ServeDir::new("dist").fallback(ServeFile::new(...))`):
 * by what the chain it ends starts with (see {@link calleeKind}), or what the variable it starts
 * on was assigned (none: a router, as `fn app(router: Router)` hands one).
 */
export function isRouterFallback(call: CallFact, facts: FileFacts): boolean {
  const callee = leadingCallee(facts.text.slice(call.offset, Math.min(call.open + 1, call.offset + 400)))
  if (callee === undefined) return false
  const variable = /^([a-z_]\w*)\./.exec(callee)?.[1]
  const made = variable === undefined ? callee : assignedCallee(variable, facts, call.offset)
  return made === undefined || made.includes('.') || calleeKind(made, facts) !== 'service'
}
