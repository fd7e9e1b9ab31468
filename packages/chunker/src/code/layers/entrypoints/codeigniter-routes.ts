import type { Arg } from '../args.js'
import type { EntrypointDraft } from '../facts.js'
import { callDraft, joinRoute, rooted, type DetectContext, type EntrypointDetector } from './detector.js'
import { callbackGroupScopes, prefixWithin } from './group-scopes.js'
import { verbCallRoutes } from './route-shapes.js'

/** What CodeIgniter 4 hands a routes file its route collection as: `$routes`. */
const CODEIGNITER_ROUTES = /^\$?routes$/

/** `Home::class . '::index'`: a controller's class and its method, joined. */
const JOINED_ACTION = /^\\?([\w\\]+)::class\s*\.\s*(['"])::(\w+)/

/**
 * A CodeIgniter 4 handler: `'Home::index'`, `'Admin\Users::edit/$1'` (the arguments it passes
 * dropped), `Home::class . '::index'`, `[News::class, 'create']` (`Admin.Users.edit`: the
 * namespace under `App\Controllers` kept), or a closure (none).
 */
function codeIgniterHandler(arg: Arg | undefined): string | undefined {
  if (arg === undefined) return undefined
  if (arg.kind === 'function') return ''
  const dotted = (type: string, method: string): string => `${type.replace(/^\\/, '').replace(/::class$/, '').replace(/\\/g, '.')}.${method}`
  if (arg.kind === 'string') {
    const action = /^\\?([\w\\]+)::(\w+)/.exec(arg.value)
    return action ? dotted(action[1] as string, action[2] as string) : undefined
  }
  const joined = JOINED_ACTION.exec(arg.value)
  if (joined) return dotted(joined[1] as string, joined[3] as string)
  const [type, method] = arg.kind === 'list' ? arg.items : []
  return type?.kind === 'name' && type.value.endsWith('::class') && method?.kind === 'string' ? dotted(type.value, method.value) : undefined
}

/**
 * CodeIgniter 4's routes: `$routes->get('news/(:segment)', 'News::show/$1')` and the other verbs
 * (`add` for any method) in a routes file (`app/Config/Routes.php`, which may use nothing of
 * CodeIgniter: it is handed `$routes`), under the paths of `$routes->group('admin', function
 * ($routes) {...})`, options after the handler (`['filter' => 'auth:api']`).
 */
export const codeIgniterRoutes: EntrypointDetector = verbCallRoutes({
  framework: 'codeigniter',
  languages: ['php'],
  imports: ['CodeIgniter'],
  receivers: CODEIGNITER_ROUTES,
  onlyReceivers: CODEIGNITER_ROUTES,
  verbs: { get: 'GET', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE', options: 'OPTIONS', head: 'HEAD', add: '*' },
  normalise: rooted,
  rootIsPrefix: true,
  scopes: callbackGroupScopes,
  handlerBeforeMiddleware: () => true,
  handlerName: codeIgniterHandler,
})

/** A resource's actions, in the order CodeIgniter's documentation lists their routes: method, path after the resource's, action. */
const RESOURCE_ACTIONS: readonly (readonly [method: string, path: string, action: string])[] = [
  ['GET', 'new', 'new'],
  ['POST', '', 'create'],
  ['GET', '', 'index'],
  ['GET', '{id}', 'show'],
  ['GET', '{id}/edit', 'edit'],
  ['PUT', '{id}', 'update'],
  ['PATCH', '{id}', 'update'],
  ['DELETE', '{id}', 'delete'],
]

/**
 * The value a PHP options array (as written) gives `key`: `'placeholder' => '(:num)'` a string,
 * `'only' => ['index', 'show']` its strings; `undefined` without the key.
 */
function phpOption(options: string, key: string): string | string[] | undefined {
  const found = new RegExp(`(['"])${key}\\1\\s*=>\\s*(?:(['"])([^'"]*)\\2|\\[([^\\]]*)\\])`).exec(options)
  if (found === null) return undefined
  return found[3] ?? [...(found[4] ?? '').matchAll(/(['"])([^'"]*)\1/g)].map((item) => item[2]!)
}

/** The actions an `only` or `except` option names: a list, or a comma-separated string. */
function actionsNamed(option: string | string[] | undefined): string[] {
  if (option === undefined) return []
  return typeof option === 'string' ? option.split(',').map((action) => action.trim()) : option
}

/**
 * CodeIgniter 4's resource routes: `$routes->resource('photos')` serves the seven actions of the
 * `Photos` controller (`new`, `create`, `index`, `show`, `edit`, `update` by `PUT` and `PATCH`,
 * `delete`; `(:segment)` for the id), with the options `controller`, `placeholder`, `only` and
 * `except`, under the groups' paths around it.
 */
export const codeIgniterResources: EntrypointDetector = {
  framework: 'codeigniter',
  languages: ['php'],
  imports: ['CodeIgniter'],
  receivers: CODEIGNITER_ROUTES,
  detect(context: DetectContext): EntrypointDraft[] {
    const drafts: EntrypointDraft[] = []
    let scopes: ReturnType<typeof callbackGroupScopes> | undefined
    for (const call of context.facts.calls) {
      if (call.name !== 'resource' || !CODEIGNITER_ROUTES.test(call.receiver)) continue
      const [name, options] = call.args().filter((arg) => !arg.key)
      if (name?.kind !== 'string' || name.value === '') continue
      const written = options?.kind === 'list' ? options.value : ''
      const controller = phpOption(written, 'controller')
      const placeholder = phpOption(written, 'placeholder')
      const only = actionsNamed(phpOption(written, 'only'))
      const except = actionsNamed(phpOption(written, 'except'))
      const type = typeof controller === 'string' ? controller.replace(/^\\/, '').replace(/\\/g, '.') : `${name.value[0]!.toUpperCase()}${name.value.slice(1)}`
      const base = joinRoute(prefixWithin((scopes ??= callbackGroupScopes(context)), call.offset), name.value)
      for (const [method, path, action] of RESOURCE_ACTIONS) {
        if ((only.length > 0 && !only.includes(action)) || except.includes(action)) continue
        const route = rooted(joinRoute(base, path.replace('{id}', typeof placeholder === 'string' ? placeholder : '(:segment)')))
        drafts.push(callDraft(call, { kind: 'http-route', framework: 'codeigniter', method, route, handler: `${type}.${action}` }))
      }
    }
    return drafts
  },
}
