import { stringList, type Arg } from '../args.js'
import type { CallFact, EntrypointDraft } from '../facts.js'
import { callDraft, joinRoute, ownEntry, rooted, singularOf, type DetectContext, type EntrypointDetector } from './detector.js'

/** `Route::get(...)` and its siblings, by callee. */
const LARAVEL_VERBS: Readonly<Record<string, string>> = { get: 'GET', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE', options: 'OPTIONS', any: '*' }

/** A resource controller's actions: method, path after the resource, and whether `apiResource` has it. */
const RESOURCE_ACTIONS: readonly { readonly action: string; readonly method: string; readonly path: (param: string) => string; readonly api: boolean }[] = [
  { action: 'index', method: 'GET', path: () => '', api: true },
  { action: 'create', method: 'GET', path: () => '/create', api: false },
  { action: 'store', method: 'POST', path: () => '', api: true },
  { action: 'show', method: 'GET', path: (p) => `/{${p}}`, api: true },
  { action: 'edit', method: 'GET', path: (p) => `/{${p}}/edit`, api: false },
  { action: 'update', method: 'PUT', path: (p) => `/{${p}}`, api: true },
  { action: 'destroy', method: 'DELETE', path: (p) => `/{${p}}`, api: true },
]

/** The routes files Laravel serves under `/api` (its default `RouteServiceProvider`, and `withRouting(api:)` in Laravel 11). */
const API_ROUTES_FILE = /(?:^|\/)routes\/api\.php$/

/** `prefix('admin')` in a group's chain, or `'prefix' => 'v2'` in its attribute array. */
const CHAIN_PREFIX = /(?:^|->|::)prefix\(\s*(['"])([^'"]*)\1\s*\)/
const ATTRIBUTE_PREFIX = /(['"])prefix\1\s*=>\s*(['"])([^'"]*)\2/

/** A handler as written: `[UserController::class, 'show']` and `'UserController@show'` are `UserController.show`. */
function laravelHandler(arg: Arg | undefined): string {
  if (arg === undefined) return ''
  if (arg.kind === 'string') return arg.value.includes('@') ? arg.value.replace('@', '.') : arg.value
  if (arg.kind === 'list' && arg.items.length === 2) {
    const [controller, action] = arg.items
    const owner = controller?.value.replace(/::class$/, '') ?? ''
    return action?.kind === 'string' && owner ? `${owner.slice(owner.lastIndexOf('\\') + 1)}.${action.value}` : ''
  }
  return arg.kind === 'name' ? arg.value.replace(/::class$/, '') : ''
}

/** A `Route::...->group(function () { ... })` call: the prefix it gives the routes inside its span. */
interface Group {
  readonly start: number
  readonly end: number
  readonly prefix: string
}

function groups(calls: readonly CallFact[]): Group[] {
  const out: Group[] = []
  for (const call of calls) {
    if (call.name !== 'group' || !call.receiver.startsWith('Route')) continue
    const prefix = CHAIN_PREFIX.exec(call.receiver)?.[2] ?? ATTRIBUTE_PREFIX.exec(call.text())?.[3] ?? ''
    out.push({ start: call.offset, end: call.end(), prefix })
  }
  return out
}

/** The actions a resource registration keeps: `->only([...])` and `->except([...])` after it. */
function keptActions(text: string, end: number): (action: string) => boolean {
  const semicolon = text.indexOf(';', end)
  const rest = text.slice(end, semicolon < 0 ? text.length : semicolon)
  const only = /->only\(\s*\[([^\]]*)\]/.exec(rest)?.[1]
  const except = /->except\(\s*\[([^\]]*)\]/.exec(rest)?.[1]
  const names = (list: string): string[] => [...list.matchAll(/['"]([^'"]+)['"]/g)].map((m) => m[1] as string)
  if (only !== undefined) return (action) => names(only).includes(action)
  if (except !== undefined) return (action) => !names(except).includes(action)
  return () => true
}

/**
 * Laravel: `Route::get('/users/{id}', [UserController::class, 'show'])` and the other verbs,
 * `Route::match(['get', 'post'], ...)`, resource controllers (`Route::resource('photos', ...)`,
 * `apiResource`, nested `posts.comments`, `->only`/`->except`), under the prefixes of the groups
 * around them (`Route::prefix('admin')->group(...)`, `Route::group(['prefix' => 'v2'], ...)`), and
 * `/api` for `routes/api.php`. Route files may use the `Route` facade without importing it.
 */
export const laravelRoutes: EntrypointDetector = {
  framework: 'laravel',
  languages: ['php'],
  imports: ['Illuminate'],
  receivers: /^Route$/,
  detect(context: DetectContext): EntrypointDraft[] {
    const { calls, path, text } = context.facts
    const around = groups(calls)
    const base = API_ROUTES_FILE.test(path) ? '/api' : ''
    const prefixOf = (call: CallFact): string =>
      around.filter((g) => g.start < call.offset && call.offset < g.end).sort((a, b) => a.start - b.start).reduce((prefix, g) => joinRoute(prefix, g.prefix), base)
    const drafts: EntrypointDraft[] = []
    for (const call of calls) {
      if (call.receiver !== 'Route') continue
      const args = call.args().filter((arg) => !arg.key)
      let method = ownEntry(LARAVEL_VERBS, call.name)
      let [pathArg, handler] = args
      if (call.name === 'match') {
        method = stringList(args[0]).map((m) => m.toUpperCase()).join('|') || undefined
        ;[, pathArg, handler] = args
      }
      if (method !== undefined && pathArg?.kind === 'string') {
        for (const each of method.split('|')) drafts.push(callDraft(call, { kind: 'http-route', framework: 'laravel', method: each, route: rooted(joinRoute(prefixOf(call), pathArg.value)), handler: laravelHandler(handler) }))
        continue
      }
      if ((call.name !== 'resource' && call.name !== 'apiResource') || pathArg?.kind !== 'string') continue
      // `posts.comments`: `/posts/{post}/comments/{comment}`.
      const names = pathArg.value.split('.')
      const last = names.pop() as string
      const parent = names.map((name) => `/${name}/{${singularOf(name)}}`).join('')
      const kept = keptActions(text, call.end())
      const controller = laravelHandler(handler)
      for (const { action, method: verb, path: tail, api } of RESOURCE_ACTIONS) {
        if ((call.name === 'apiResource' && !api) || !kept(action)) continue
        const route = rooted(joinRoute(prefixOf(call), `${parent}/${last}${tail(singularOf(last))}`))
        drafts.push(callDraft(call, { kind: 'http-route', framework: 'laravel', method: verb, route, handler: controller ? `${controller}.${action}` : '' }))
      }
    }
    return drafts
  },
}
