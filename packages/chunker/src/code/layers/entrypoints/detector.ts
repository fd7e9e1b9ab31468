import { closing, type Arg } from '../args.js'
import type { CallFact, DecoratorFact, EntrypointDraft, FileFacts, SymbolFact } from '../facts.js'

/** What a detector may ask about the file beyond its facts. */
export interface DetectContext {
  readonly facts: FileFacts
  /** Whether the file imports a module equal to `prefix`, or starting with `prefix` followed by `/`, `.`, `:` or `\`. */
  imports(prefix: string): boolean
  /** Whether the file's text matches `pattern` (a detector's `mentions`), read once per pattern. */
  mentions(pattern: RegExp): boolean
  /** The innermost definition around an offset. */
  enclosing(offset: number): SymbolFact | undefined
  /** Route prefixes assigned to variables in this file (`v1 := r.Group("/v1")` gives `v1` -> `/v1`). */
  prefixOf(receiver: string): string
}

/**
 * One framework's entrypoint detector: a table entry. `languages` and `imports` gate it cheaply
 * (a detector runs only on files of its languages that import one of its modules, unless
 * `imports` is empty); `detect` reads the file's facts.
 */
export interface EntrypointDetector {
  /** The framework recorded on what it finds, e.g. `express`, `spring`, `click`. */
  readonly framework: string
  readonly languages: readonly string[]
  /** Module prefixes, one of which the file must import; empty: no import needed (file-based routing). */
  readonly imports: readonly string[]
  /** Also run when a call's receiver is named like this, without an import (a Fastify plugin's `fastify`). */
  readonly receivers?: RegExp
  /**
   * Also run, as in a file that imports the framework, when the file's text matches: a plugin
   * that names the framework's types only (`app: FastifyInstance`, imported from the project's
   * own types module).
   */
  readonly mentions?: RegExp
  /** Also run, without an import, when this says so (Flask's `@main.route` on a blueprint the file imports from its own project). */
  opens?(context: DetectContext): boolean
  detect(context: DetectContext): EntrypointDraft[]
}

export { joinRoute } from '@rag/core'

/** The JavaScript family's languages, as detector tables name them. */
export const JS_LANGUAGES: readonly string[] = ['typescript', 'tsx', 'javascript']

/**
 * What a Flask blueprint is called (`bp`, `blueprint`, `auth_bp`, `admin_blueprint`): a blueprint
 * package's routes module often imports only its blueprint (`from app.auth import bp`), not flask.
 */
export const BLUEPRINT_RECEIVER = /^(?:bp|blueprint|\w+_bp|\w+_blueprint)$/

/**
 * A Django URLconf module: `urls.py`, a file named like one (`api_urls.py`, `follow_urls.py`,
 * `urls_v2.py`), or a module of a `urls` package (djangoproject.com's `urls/www.py`).
 */
export const DJANGO_URLCONF_FILE = /(?:^|\/)(?:\w*urls\w*|urls\/\w+)\.py$/

/** Django's URL entries: `path()`, `re_path()` and the old `url()`. */
const DJANGO_ENTRIES: ReadonlySet<string> = new Set(['path', 're_path', 'url'])

/** One Django URL entry of a URLconf: `path('api/', include('blog.urls'))` gives its call, route and view arguments. */
export interface DjangoEntry {
  readonly call: CallFact
  readonly route: Arg | undefined
  readonly view: Arg | undefined
}

/** The file's Django URL entries (`path()`, `re_path()`, `url()` called bare), with their first two positional arguments. */
export function djangoEntries(calls: readonly CallFact[]): DjangoEntry[] {
  const out: DjangoEntry[] = []
  for (const call of calls) {
    if (call.receiver !== '' || !DJANGO_ENTRIES.has(call.name)) continue
    const [route, view] = call.args().filter((arg) => !arg.key)
    out.push({ call, route, view })
  }
  return out
}

/** What a decorator is called on: `bp` of `@bp.route`, `app.router` of `@app.router.get`; `''` for a bare `@route`. */
export function decoratorReceiver(decorator: Pick<DecoratorFact, 'name'>): string {
  return decorator.name.slice(0, Math.max(0, decorator.name.lastIndexOf('.')))
}

/** A route without a trailing slash (`/forum/` is `/forum`), for frameworks that serve both alike (Laravel, Rails); `/` stays. */
export function withoutTrailingSlash(route: string): string {
  return route.length > 1 && route.endsWith('/') ? route.slice(0, -1) : route
}

/** A route with a leading `/` (frameworks that resolve relative paths against the root). */
export function rooted(route: string): string {
  return route.startsWith('/') ? route : `/${route}`
}

/** Python's partial application: `partial(handle, executor=pool)` handles with `handle`. */
const PARTIALS: ReadonlySet<string> = new Set(['partial', 'functools.partial'])

/** Go's conversion of a function to a handler: `http.HandlerFunc(home)` is `home`. */
const HANDLER_CONVERSION = 'http.HandlerFunc'

/** A handler argument as written: a name (`views.index`, `getUser`), a call's callee, or `''` for an inline function. */
export function handlerOf(arg: Arg | undefined): string {
  if (!arg) return ''
  if (arg.kind === 'name') return NO_VALUE.has(arg.value) ? '' : arg.value.replace(/::/g, '.')
  if (arg.kind === 'call' && arg.value === HANDLER_CONVERSION && arg.items.length === 1 && arg.chain.length === 0) return handlerOf(arg.items[0])
  // Python's `partial(handle, executor=pool)`: the function it binds arguments of.
  if (arg.kind === 'call' && PARTIALS.has(arg.value) && arg.chain.length === 0 && arg.items[0] !== undefined && !arg.items[0].key) return handlerOf(arg.items[0])
  if (arg.kind === 'call') return arg.value.replace(/::/g, '.')
  if (arg.kind === 'function') return delegatedCallee(arg.value)
  return ''
}

/** A lambda as written (whitespace collapsed; `=>`, or Java's `->`): its parameters, and a body of one call statement. */
const DELEGATING_LAMBDA = /^(?:async\s*)?(?:function\s*\w*\s*)?(?:\(([^()]*)\)|([A-Za-z_$][\w$]*))\s*(?::[^=]*)?(?:=>|->)?\s*(?:\{\s*(?:return\s+)?(?:await\s+)?(.*?);?\s*\}|(?:await\s+)?(.*?))$/
/** A call of a dotted name: `HandleAsync(repo)`, `controller.list(req, res)` (its `(` must close at the end). */
const ONE_CALL = /^([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*\(/
/** Words a lambda's body may start with that are no callee: `if (a) b()`, `for (const k of ks) f(k)`. */
const STATEMENT_WORDS: ReadonlySet<string> = new Set(['if', 'for', 'while', 'switch', 'catch', 'with', 'return', 'await', 'typeof', 'new', 'super'])
/** Names that stand for no function: `fastify.get('/x', undefined)`. */
const NO_VALUE: ReadonlySet<string> = new Set(['undefined', 'null', 'None', 'nil'])

/**
 * The function a handler written as a lambda hands the request to, when its body is that one
 * call (`(req, res) => controller.list(req, res)`, `async (repo) => { return await
 * HandleAsync(repo); }`); `''` for any other body, a call on one of its parameters
 * (`(req, res) => res.send('ok')` answers by itself, so does Elysia's `({ date }) => date()`), or a
 * call given a callback (`User.count(function (err, n) { ... })`: the callback answers).
 */
export function delegatedCallee(lambda: string): string {
  const parts = DELEGATING_LAMBDA.exec(lambda)
  if (!parts) return ''
  const body = (parts[3] ?? parts[4] ?? '').trim()
  const call = ONE_CALL.exec(body)
  // One call, not the first of several statements (`audit(req) res.send('ok')`).
  if (!call || closing(body, call[0].length - 1) !== body.length - 1) return ''
  const callee = call[1] as string
  if (STATEMENT_WORDS.has(callee)) return ''
  // A call given a callback answers in the callback (`User.count(function (err, count) { res.render(...) })`): no hand-over.
  if (/=>|\bfunction\b|->/.test(body.slice(call[0].length, -1))) return ''
  const root = callee.split('.')[0] as string
  return RESPONSE_HELPERS.has(root) || parameterNames(parts[1] ?? parts[2] ?? '').includes(root) ? '' : callee
}

/**
 * Objects whose calls make a response in place (ASP.NET's `() => Results.Ok()`, shelf's and the
 * Fetch API's `(request) => Response.ok(...)`, `() => Response.json(x)`), or print or compute in
 * place (commander's `.action((s) => { console.log(s) })`): no handler.
 */
const RESPONSE_HELPERS: ReadonlySet<string> = new Set(['Results', 'TypedResults', 'Response', 'console', 'process', 'JSON', 'Math', 'Promise', 'System', 'fmt'])

/** A parameter list's names: `req: Request` is `req` (TypeScript), `int id` is `id` (C#, Java), `x = 1` is `x`. */
function parameterNames(list: string): string[] {
  // A destructured parameter binds each of its names: Elysia's `({ date }) => date()`.
  const destructured = /^\s*[{[]([^}\]]*)[}\]]\s*$/.exec(list)
  if (destructured) return parameterNames((destructured[1] as string).replace(/:\s*[A-Za-z_$][\w$]*/g, ''))
  return list.split(',').flatMap((param) => {
    const inner = /[{[]([^}\]]*)[}\]]/.exec(param)
    if (inner) return parameterNames(inner[1] as string)
    const bare = param.split('=')[0] as string
    const named = bare.includes(':') ? (bare.split(':')[0] as string) : bare
    return [/([A-Za-z_$][\w$]*)\s*$/.exec(named)?.[1] ?? '']
  })
}

/** A plain name before a route registration: `router` of `router.get(...)`, of `router.route('/x').get(...)`, of `@router.get`. */
const ROUTER_NAME = /^([A-Za-z_$][\w$]*)(?:$|\.route\()/

/** A draft for a call site; an HTTP route's draft names the router it is registered on. */
export function callDraft(
  call: CallFact,
  fields: Pick<EntrypointDraft, 'kind' | 'framework' | 'method' | 'route' | 'handler'>,
): EntrypointDraft {
  const router = fields.kind === 'http-route' ? ROUTER_NAME.exec(call.receiver)?.[1] : undefined
  return { ...fields, row: call.row, offset: call.offset, text: call.text(), ...(router ? { router } : {}) }
}

/** A draft for a decorated definition. */
export function decoratorDraft(
  symbol: SymbolFact,
  decorator: DecoratorFact,
  fields: Pick<EntrypointDraft, 'kind' | 'framework' | 'method' | 'route'> & { handler?: string },
): EntrypointDraft {
  const dot = decorator.name.lastIndexOf('.')
  const router = fields.kind === 'http-route' && dot > 0 ? ROUTER_NAME.exec(decorator.name.slice(0, dot))?.[1] : undefined
  return {
    handler: symbol.qname,
    ...fields,
    row: decorator.row,
    endRow: symbol.endRow,
    offset: symbol.start,
    text: decorator.text,
    declaring: symbol,
    ...(router ? { router } : {}),
  }
}

/** The last segment of a dotted or `::` name: `app.get` gives `get`, `web::get` gives `get`. */
export function lastSegment(name: string): string {
  const parts = name.split(/\.|::/)
  return parts[parts.length - 1] ?? name
}

/** `serve [port]`, `clone <src>` give `serve`, `clone`. */
export function commandWord(spec: string): string {
  return spec.trim().split(/\s+/)[0] ?? ''
}

/** The fields of a CLI command's draft: `cliCommand('cobra', 'extension search', 'runSearch')`. */
export function cliCommand(framework: string, route: string, handler: string): Pick<EntrypointDraft, 'kind' | 'framework' | 'method' | 'route' | 'handler'> {
  return { kind: 'cli-command', framework, method: '', route, handler }
}

/** `snake_case` and `PascalCase` to `kebab-case` (click, typer and clap derive names). */
export function kebab(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase()
}

/** `table[key]` for the table's own keys only: a callee named `constructor` or `toString` is in no table. */
export function ownEntry<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined
}

/** HTTP methods by the lower-case verb frameworks use as function, method or decorator names. */
export const HTTP_VERBS: Readonly<Record<string, string>> = {
  get: 'GET',
  post: 'POST',
  put: 'PUT',
  delete: 'DELETE',
  del: 'DELETE',
  patch: 'PATCH',
  options: 'OPTIONS',
  head: 'HEAD',
  all: '*',
  any: '*',
}

/**
 * The singular of a resource name, as Rails's and Laravel's routers name a member's parameter:
 * `photos` -> `photo`, `categories` -> `category`, `boxes` -> `box`, `address` stays.
 */
export function singularOf(name: string): string {
  if (name.endsWith('ies')) return `${name.slice(0, -3)}y`
  if (/(?:ss|sh|ch|x)es$/.test(name)) return name.slice(0, -2)
  return name.endsWith('s') && !name.endsWith('ss') ? name.slice(0, -1) : name
}

/** The 0-based row of an offset of a file's text (for a draft read from the text, not from a call). */
export function rowOfOffset(text: string, offset: number): number {
  let row = 0
  for (let at = text.indexOf('\n'); at >= 0 && at < offset; at = text.indexOf('\n', at + 1)) row++
  return row
}
