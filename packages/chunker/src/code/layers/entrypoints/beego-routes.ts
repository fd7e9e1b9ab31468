import type { CallFact, EntrypointDraft } from '../facts.js'
import { callDraft, handlerOf, joinRoute, ownEntry, rooted, type DetectContext, type EntrypointDetector } from './detector.js'

/** Beego's packages: v2's `server/web` and v1's root package. */
const BEEGO_MODULES = ['github.com/beego/beego/v2/server/web', 'github.com/astaxie/beego']

/** Beego's functional routes, with the method each registers. */
const VERBS: Readonly<Record<string, string>> = { Get: 'GET', Post: 'POST', Put: 'PUT', Delete: 'DELETE', Patch: 'PATCH', Head: 'HEAD', Options: 'OPTIONS', Any: '*' }

/** The calls that register a controller (`Router`, and `NSRouter` inside a namespace). */
const ROUTER_CALLS: ReadonlySet<string> = new Set(['Router', 'NSRouter'])

/** The calls that add a path to the routes inside them. */
const NAMESPACE_CALLS: ReadonlySet<string> = new Set(['NewNamespace', 'NSNamespace'])

/** `&controllers.MainController{}`: a controller made in place (group 1 its type as written). */
const CONTROLLER = /^&?\s*([A-Za-z_][\w.]*)\s*\{\s*\}$/

/**
 * Beego's routes (v1 and v2): `web.Router("/", &controllers.MainController{})` is served for any
 * method by the controller (the layer graph gives one route per method it defines, `Get`, `Post`,
 * ...), or by the methods its mapping names (`"get,post:Create;put:Update"`, `"*:List"`);
 * `web.Get("/ping", func(ctx *context.Context) {...})` and the other functional routes; `NSRouter`
 * inside `NewNamespace("/v1", ...)` and `NSNamespace("/shop", ...)` under their paths.
 */
export const beegoRoutes: EntrypointDetector = {
  framework: 'beego',
  languages: ['go'],
  imports: BEEGO_MODULES,
  detect(context: DetectContext): EntrypointDraft[] {
    const { calls } = context.facts
    const namespaces = calls.filter((call) => NAMESPACE_CALLS.has(call.name))
    // (A namespace's path is its first argument; the routes among its arguments are under it.)
    const prefixOf = (call: CallFact): string =>
      namespaces
        .filter((space) => space !== call && space.offset < call.offset && call.offset < space.end())
        .sort((a, b) => a.offset - b.offset)
        .reduce((prefix, space) => {
          const path = space.args()[0]
          return path?.kind === 'string' ? joinRoute(prefix, path.value) : prefix
        }, '')
    const drafts: EntrypointDraft[] = []
    for (const call of calls) {
      const verb = ownEntry(VERBS, call.name)
      if (!ROUTER_CALLS.has(call.name) && verb === undefined) continue
      const [path, target, mapping] = call.args().filter((arg) => !arg.key)
      if (path?.kind !== 'string' || target === undefined) continue
      const route = rooted(joinRoute(prefixOf(call), path.value))
      if (verb !== undefined) {
        // (A functional route: `web.Get("/ping", handler)` on the package, not a controller's `c.Get(...)`.)
        if (!/^(?:web|beego)$/.test(call.receiver)) continue
        drafts.push(callDraft(call, { kind: 'http-route', framework: 'beego', method: verb, route, handler: handlerOf(target) }))
        continue
      }
      const controller = CONTROLLER.exec(target.value)?.[1]
      if (controller === undefined) continue
      const mapped = mapping?.kind === 'string' ? mapping.value.split(';').filter((pair) => pair.includes(':')) : []
      if (mapped.length === 0) drafts.push(callDraft(call, { kind: 'http-route', framework: 'beego', method: '*', route, handler: controller }))
      for (const pair of mapped) {
        const [methods = '', action = ''] = pair.split(':')
        for (const method of methods.split(',')) {
          drafts.push(callDraft(call, { kind: 'http-route', framework: 'beego', method: method.trim() === '*' ? '*' : method.trim().toUpperCase(), route, handler: `${controller}.${action.trim()}` }))
        }
      }
    }
    return drafts
  },
}
