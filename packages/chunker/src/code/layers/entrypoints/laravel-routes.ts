import { stringList, type Arg } from '../args.js'
import type { CallFact, EntrypointDraft, ImportFact } from '../facts.js'
import { callDraft, joinRoute, ownEntry, rooted, singularOf, withoutTrailingSlash, type DetectContext, type EntrypointDetector } from './detector.js'

/** `Route::get(...)` and its siblings, by callee; `view` serves a view, `redirect` answers any method. */
const LARAVEL_VERBS: Readonly<Record<string, string>> = {
  get: 'GET',
  post: 'POST',
  put: 'PUT',
  patch: 'PATCH',
  delete: 'DELETE',
  options: 'OPTIONS',
  any: '*',
  view: 'GET',
  redirect: '*',
  permanentRedirect: '*',
}

/** Registrations whose second argument is no handler (a view's name, a redirect's target). */
const NO_HANDLER: ReadonlySet<string> = new Set(['view', 'redirect', 'permanentRedirect'])

/** A resource controller's actions: method, path after the resource, and whether `apiResource` has it. */
const RESOURCE_ACTIONS: readonly { readonly action: string; readonly method: string; readonly path: (param: string) => string; readonly api: boolean }[] = [
  { action: 'index', method: 'GET', path: () => '', api: true },
  { action: 'create', method: 'GET', path: () => '/create', api: false },
  { action: 'store', method: 'POST', path: () => '', api: true },
  { action: 'show', method: 'GET', path: (p) => `/{${p}}`, api: true },
  { action: 'edit', method: 'GET', path: (p) => `/{${p}}/edit`, api: false },
  { action: 'update', method: 'PUT', path: (p) => `/{${p}}`, api: true },
  { action: 'update', method: 'PATCH', path: (p) => `/{${p}}`, api: true },
  { action: 'destroy', method: 'DELETE', path: (p) => `/{${p}}`, api: true },
]

/** The routes files Laravel serves under `/api` (its default `RouteServiceProvider`, and `withRouting(api:)` in Laravel 11). */
const API_ROUTES_FILE = /(?:^|\/)routes\/api\.php$/

/** `prefix('admin')` in a group's chain, or `'prefix' => 'v2'` in its attribute array. */
const CHAIN_PREFIX = /(?:^|->|::)prefix\(\s*(['"])([^'"]*)\1\s*\)/
const ATTRIBUTE_PREFIX = /(['"])prefix\1\s*=>\s*(['"])([^'"]*)\2/
/** `controller(OrderController::class)` in a group's chain (Laravel 9+), or `'controller' => ...` in its attribute array. */
const CHAIN_CONTROLLER = /(?:^|->|::)controller\(\s*([\w\\]+)::class\s*\)/
const ATTRIBUTE_CONTROLLER = /(['"])controller\1\s*=>\s*([\w\\]+)::class/
/** `namespace('Admin')` in a group's chain, or `'namespace' => 'App\\Http\\Controllers'` in its attribute array (before Laravel 8). */
const CHAIN_NAMESPACE = /(?:^|->|::)namespace\(\s*(['"])([^'"]*)\1\s*\)/
const ATTRIBUTE_NAMESPACE = /(['"])namespace\1\s*=>\s*(['"])([^'"]*)\2/
/** `'uses' => 'Controller@action'` in an action array (Firefly III, older apps). */
const ATTRIBUTE_USES = /(['"])uses\1\s*=>\s*(['"])([^'"]+)\2/

/** A class name without its namespace (`Auth\RegisterController` is `RegisterController`). */
const className = (written: string): string => written.slice(written.lastIndexOf('\\') + 1)

/**
 * A class named in a string action, as Laravel reads it: under the namespace of the groups around
 * it unless written from the root (`\\App\\X`); a bare name may be a class the file imports.
 */
function qualifiedClass(written: string, namespace: string, classOf: (local: string) => string): string {
  if (written.startsWith('\\')) return written.slice(1)
  if (namespace !== '') return `${namespace}\\${written}`
  return written.includes('\\') ? written : classOf(written)
}

/**
 * A handler as written: `[UserController::class, 'show']`, `'UserController@show'` and
 * `['uses' => 'UserController@show']` are `UserController.show`; a class imported under another
 * name (`use ...\ProfileController as ProfileSettingsController`) is named as it is defined; a
 * string action keeps its namespace (`'Auth\\LoginController@login'` is `Auth\\LoginController.login`,
 * and in a group of namespace `App\\Http\\Controllers` it is `App\\Http\\Controllers\\Auth\\LoginController.login`).
 * A variable (`$controller`) names no handler.
 */
function laravelHandler(arg: Arg | undefined, classOf: (local: string) => string, namespace = ''): string {
  if (arg === undefined) return ''
  const action = (written: string): string => {
    const at = written.indexOf('@')
    return at < 0 ? written : `${qualifiedClass(written.slice(0, at), namespace, classOf)}.${written.slice(at + 1)}`
  }
  if (arg.kind === 'string') return action(arg.value)
  if (arg.kind === 'list' && arg.items.length === 2 && !ATTRIBUTE_USES.test(arg.value)) {
    const [controller, method] = arg.items
    const owner = controller?.value.replace(/::class$/, '') ?? ''
    return method?.kind === 'string' && owner ? `${classOf(className(owner))}.${method.value}` : ''
  }
  if (arg.kind === 'list') {
    const uses = ATTRIBUTE_USES.exec(arg.value)?.[3]
    return uses === undefined ? '' : action(uses)
  }
  return arg.kind === 'name' && !arg.value.startsWith('$') ? classOf(className(arg.value.replace(/::class$/, ''))) : ''
}

/** A `Route::...->group(function () { ... })` call: the prefix and controller it gives the routes inside its span. */
interface Group {
  readonly start: number
  readonly end: number
  readonly prefix: string
  readonly controller: string
  /** The namespace of string actions inside (`''` when the group gives none). */
  readonly namespace: string
}

/** Lumen's route files register on the `$router` its bootstrap gives them (`routes/web.php`: `$router->get('/', ...)`, `$router->group([...], function () use ($router) {...})`). */
const LUMEN_ROUTES_FILE = /(?:^|\/)routes\/[^/]+\.php$/

/** Whether a call is on the router the file registers routes on: Laravel's `Route` facade, or Lumen's `$router` in a route file. */
const onRouter = (call: CallFact, lumen: boolean): boolean => call.receiver === 'Route' || (lumen && call.receiver === '$router')

function groups(calls: readonly CallFact[], lumen: boolean): Group[] {
  const out: Group[] = []
  for (const call of calls) {
    if (call.name !== 'group' || !(call.receiver.startsWith('Route') || (lumen && call.receiver === '$router'))) continue
    // The attribute array is the first argument (`Route::group(['prefix' => 'v2'], ...)`), never the routes inside.
    const attributes = call.args()[0]
    const declared = attributes?.kind === 'list' ? attributes.value : ''
    const prefix = CHAIN_PREFIX.exec(call.receiver)?.[2] ?? ATTRIBUTE_PREFIX.exec(declared)?.[3] ?? ''
    const controller = CHAIN_CONTROLLER.exec(call.receiver)?.[1] ?? ATTRIBUTE_CONTROLLER.exec(declared)?.[2] ?? ''
    const namespace = CHAIN_NAMESPACE.exec(call.receiver)?.[2] ?? ATTRIBUTE_NAMESPACE.exec(declared)?.[3] ?? ''
    out.push({ start: call.offset, end: call.end(), prefix, controller: className(controller), namespace })
  }
  return out
}

/** The namespace of the groups around a route, outermost first: each nested one is relative unless written from the root. */
function namespaceOf(enclosing: readonly Group[]): string {
  let namespace = ''
  for (const { namespace: own } of enclosing) {
    if (own === '') continue
    namespace = own.startsWith('\\') || namespace === '' ? own.replace(/^\\/, '') : `${namespace}\\${own}`
  }
  return namespace
}

/** A resource's parameter as Laravel names it: singular, `-` made `_` (`playlist-folders` is `{playlist_folder}`). */
const resourceParameter = (resource: string): string => singularOf(resource).replaceAll('-', '_')

/** The action names of a list as written (`['index', 'show']`). */
const actionNames = (list: string): string[] => [...list.matchAll(/['"]([^'"]+)['"]/g)].map((m) => m[1] as string)

/**
 * The actions a resource registration keeps: `->only([...])` and `->except([...])` after it (also
 * with the names as arguments, `->except('show', 'update')`), or `['only' => [...]]` /
 * `['except' => [...]]` as its options argument.
 */
function keptActions(text: string, end: number, options: Arg | undefined): (action: string) => boolean {
  const semicolon = text.indexOf(';', end)
  const rest = text.slice(end, semicolon < 0 ? text.length : semicolon)
  const declared = options?.kind === 'list' ? options.value : ''
  const only = /->only\(([^)]*)\)/.exec(rest)?.[1] ?? /(['"])only\1\s*=>\s*\[([^\]]*)\]/.exec(declared)?.[2]
  const except = /->except\(([^)]*)\)/.exec(rest)?.[1] ?? /(['"])except\1\s*=>\s*\[([^\]]*)\]/.exec(declared)?.[2]
  if (only !== undefined) return (action) => actionNames(only).includes(action)
  if (except !== undefined) return (action) => !actionNames(except).includes(action)
  return () => true
}

/** Whether the registration ending at `end` is chained with `->shallow()` (before its `;`). */
function isShallow(text: string, end: number): boolean {
  const semicolon = text.indexOf(';', end)
  return /->shallow\(\s*\)/.test(text.slice(end, semicolon < 0 ? text.length : semicolon))
}

/** Laravel serves `forum/` at `/forum`: rooted, without a trailing slash. */
const laravelRoute = (route: string): string => withoutTrailingSlash(rooted(route))

/** Local class names of the file's imports (`use A\B\ProfileController as ProfileSettingsController`) to their own. */
function importedClasses(imports: readonly ImportFact[]): (local: string) => string {
  const aliases = new Map<string, string>()
  for (const fact of imports) for (const name of fact.names) if (name.alias) aliases.set(name.alias, className(name.name))
  return (local) => aliases.get(local) ?? local
}

/**
 * Laravel: `Route::get('/users/{id}', [UserController::class, 'show'])` and the other verbs,
 * `Route::match(['get', 'post'], ...)`, `Route::view` and `Route::redirect`, resource controllers
 * (`Route::resource('photos', ...)`, `apiResource`, nested `posts.comments` or
 * `articles/{article}/comments`, `->shallow()` (a nested resource's members under its own name
 * alone), `->only`/`->except` or `['only' => [...]]`; `update` is `PUT` and `PATCH`), under the prefixes of the groups around them (`Route::prefix('admin')->group(...)`,
 * `Route::group(['prefix' => 'v2'], ...)`) and with the controller of a
 * `Route::controller(X::class)->group(...)`, and `/api` for `routes/api.php`. A trailing slash is
 * not part of a route. Route files may use the `Route` facade without importing it. Lumen's route
 * files register the same calls on `$router` (`$router->get('authors', 'AuthorController@index')`).
 */
export const laravelRoutes: EntrypointDetector = {
  framework: 'laravel',
  languages: ['php'],
  imports: ['Illuminate'],
  receivers: /^(?:Route|\$router)$/,
  detect(context: DetectContext): EntrypointDraft[] {
    const { calls, path, text, imports } = context.facts
    // (A `$router` the file makes itself is another library's: `$router = new Router()`.)
    const lumen = LUMEN_ROUTES_FILE.test(path) && !/\$router\s*=(?!=)/.test(text)
    const around = groups(calls, lumen)
    const base = API_ROUTES_FILE.test(path) ? '/api' : ''
    const classOf = importedClasses(imports)
    // The groups around a call, outermost first.
    const groupsOf = (call: CallFact): Group[] => around.filter((g) => g.start < call.offset && call.offset < g.end).sort((a, b) => a.start - b.start)
    // A bare action name (`'show'`) inside `Route::controller(OrderController::class)->group(...)` is that controller's.
    const handlerOf = (enclosing: readonly Group[], arg: Arg | undefined): string => {
      const handler = laravelHandler(arg, classOf, namespaceOf(enclosing))
      const controller = arg?.kind === 'string' && !handler.includes('.') ? enclosing.filter((g) => g.controller !== '').at(-1)?.controller : undefined
      return controller ? `${classOf(controller)}.${handler}` : handler
    }
    const drafts: EntrypointDraft[] = []
    for (const call of calls) {
      if (!onRouter(call, lumen)) continue
      const enclosing = groupsOf(call)
      const prefix = enclosing.reduce((joined, g) => joinRoute(joined, g.prefix), base)
      const args = call.args().filter((arg) => !arg.key)
      let method = ownEntry(LARAVEL_VERBS, call.name)
      let [pathArg, handler] = args
      if (call.name === 'match') {
        method = stringList(args[0]).map((m) => m.toUpperCase()).join('|') || undefined
        ;[, pathArg, handler] = args
      }
      if (method !== undefined && pathArg?.kind === 'string') {
        const action = NO_HANDLER.has(call.name) ? '' : handlerOf(enclosing, handler)
        for (const each of method.split('|')) drafts.push(callDraft(call, { kind: 'http-route', framework: 'laravel', method: each, route: laravelRoute(joinRoute(prefix, pathArg.value)), handler: action }))
        continue
      }
      if ((call.name !== 'resource' && call.name !== 'apiResource') || pathArg?.kind !== 'string') continue
      // `posts.comments`: `/posts/{post}/comments/{comment}`; `articles/{article}/comments` names its own parent.
      const names = pathArg.value.split('.')
      const last = names.pop() as string
      const parent = names.map((name) => `/${name}/{${resourceParameter(name)}}`).join('')
      const kept = keptActions(text, call.end(), args[2])
      // `->shallow()`: a nested resource's members (`show`, `edit`, `update`, `destroy`) are not nested: `/comments/{comment}`.
      const shallow = names.length > 0 && isShallow(text, call.end())
      const controller = handler?.kind === 'string' ? qualifiedClass(handler.value, namespaceOf(enclosing), classOf) : laravelHandler(handler, classOf)
      const param = resourceParameter(last.slice(last.lastIndexOf('/') + 1))
      for (const { action, method: verb, path: tail, api } of RESOURCE_ACTIONS) {
        if ((call.name === 'apiResource' && !api) || !kept(action)) continue
        const member = tail(param).includes('{')
        const route = laravelRoute(joinRoute(prefix, `${shallow && member ? '' : parent}/${last}${tail(param)}`))
        drafts.push(callDraft(call, { kind: 'http-route', framework: 'laravel', method: verb, route, handler: controller ? `${controller}.${action}` : '' }))
      }
    }
    return drafts
  },
}
