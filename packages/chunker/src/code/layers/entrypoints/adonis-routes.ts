import type { Arg } from '../args.js'
import type { EntrypointDraft } from '../facts.js'
import { callDraft, JS_LANGUAGES, joinRoute, ownEntry, rooted, type DetectContext, type EntrypointDetector } from './detector.js'

/** The router's verb methods (v6's `router`, v5's `Route`). */
const VERBS: Readonly<Record<string, string>> = { get: 'GET', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE', any: '*' }

/** The modules an AdonisJS routes file imports its router from: v6's service, v5's IoC binding. */
const ROUTER_MODULES = ['@adonisjs/core/services/router', '@ioc:Adonis/Core/Route']

/** `.prefix('/api')` among the calls chained after a group (`router.group(() => {...}).prefix('/api').middleware(...)`). */
const GROUP_PREFIX = /^(?:\s*\.\s*\w+\((?:[^()]|\([^()]*\))*\))*?\s*\.\s*prefix\(\s*(['"`])([^'"`$]*)\1\s*\)/

/** A resource's actions: `index`, `create`, `store`, `show`, `edit`, `update` (PUT and PATCH), `destroy`. */
const RESOURCE_ACTIONS: readonly { readonly action: string; readonly method: string; readonly tail: string }[] = [
  { action: 'index', method: 'GET', tail: '' },
  { action: 'create', method: 'GET', tail: '/create' },
  { action: 'store', method: 'POST', tail: '' },
  { action: 'show', method: 'GET', tail: '/:id' },
  { action: 'edit', method: 'GET', tail: '/:id/edit' },
  { action: 'update', method: 'PUT', tail: '/:id' },
  { action: 'update', method: 'PATCH', tail: '/:id' },
  { action: 'destroy', method: 'DELETE', tail: '/:id' },
]

/** A handler as AdonisJS takes it: `[UsersController, 'index']` (v6), `'UsersController.index'` (v5), a controller alone (its `handle`), or a function. */
function handlerOf(arg: Arg | undefined): string | undefined {
  if (arg === undefined) return undefined
  if (arg.kind === 'string') return /^[\w/.]+\.\w+$/.test(arg.value) ? arg.value.slice(arg.value.lastIndexOf('/') + 1) : undefined
  if (arg.kind === 'name') return `${arg.value}.handle`
  if (arg.kind === 'function') return ''
  if (arg.kind !== 'list' || !arg.value.startsWith('[')) return undefined
  const [controller, method] = arg.items
  return controller?.kind === 'name' ? `${controller.value}.${method?.kind === 'string' ? method.value : 'handle'}` : undefined
}

/**
 * AdonisJS routes (`start/routes.ts`): `router.get('users', [UsersController, 'index'])` (v6) and
 * `Route.get('/users', 'UsersController.index')` (v5), `any`, `resource` (its seven actions,
 * `:id` as the parameter), under the `.prefix()` of the `group` callbacks around them. Paths are
 * served from the root (`users` is `/users`).
 */
export const adonisRoutes: EntrypointDetector = {
  framework: 'adonisjs',
  languages: JS_LANGUAGES,
  imports: ROUTER_MODULES,
  detect(context: DetectContext): EntrypointDraft[] {
    const { facts } = context
    const groups: { start: number; end: number; prefix: string }[] = []
    for (const call of facts.calls) {
      if (call.name !== 'group') continue
      const prefix = GROUP_PREFIX.exec(facts.text.slice(call.end(), call.end() + 400))?.[2]
      if (prefix !== undefined) groups.push({ start: call.offset, end: call.end(), prefix })
    }
    const drafts: EntrypointDraft[] = []
    for (const call of facts.calls) {
      const resource = call.name === 'resource'
      const method = ownEntry(VERBS, call.name)
      if ((!resource && method === undefined) || !/^(?:router|Route)$/.test(call.receiver)) continue
      const [path, target] = call.args().filter((arg) => !arg.key)
      if (path?.kind !== 'string') continue
      const prefix = groups.filter((group) => group.start < call.offset && call.offset < group.end).reduce((route, group) => joinRoute(route, group.prefix), '')
      const route = rooted(joinRoute(prefix, path.value))
      if (resource) {
        const controller = target?.kind === 'name' ? target.value : ''
        for (const { action, method: verb, tail } of RESOURCE_ACTIONS) {
          drafts.push(callDraft(call, { kind: 'http-route', framework: 'adonisjs', method: verb, route: `${route}${tail}`, handler: controller ? `${controller}.${action}` : '' }))
        }
        continue
      }
      const handler = handlerOf(target)
      if (handler !== undefined) drafts.push(callDraft(call, { kind: 'http-route', framework: 'adonisjs', method: method as string, route, handler }))
    }
    return drafts
  },
}
