import type { EntrypointDraft } from '../facts.js'
import { callDraft, handlerOf, joinRoute, type DetectContext, type EntrypointDetector } from './detector.js'

/** `things = ThingsResource(db)`: the class a name is made from in the file (group 1). */
const madeFrom = (name: string): RegExp => new RegExp(`^[ \\t]*${name}\\s*(?::[^=\\n]*)?=\\s*([A-Za-z_][\\w.]*)\\s*\\(`, 'm')

/**
 * Falcon's routes: `app.add_route('/things/{thing_id}', ThingsResource())` (also a resource held in
 * a name the file makes, `things = ThingsResource(db)`), on an `App`, `falcon.asgi.App` or the old
 * `API`. The route is written for any method (`*`), handled by the resource's class; the layer
 * graph gives it one route per responder the class defines (`on_get`, `on_post`, ...; with
 * `suffix='item'`, `on_get_item`, ...), as it does for Flask's class-based views.
 */
export const falconRoutes: EntrypointDetector = {
  framework: 'falcon',
  languages: ['python'],
  imports: ['falcon'],
  detect(context: DetectContext): EntrypointDraft[] {
    const drafts: EntrypointDraft[] = []
    for (const call of context.facts.calls) {
      if (call.name !== 'add_route' || !call.receiver) continue
      const args = call.args()
      const [path, resource] = args.filter((arg) => !arg.key)
      if (path?.kind !== 'string' || !path.value.startsWith('/') || resource === undefined) continue
      const named = resource.kind === 'name' && /^[A-Za-z_]\w*$/.test(resource.value) ? madeFrom(resource.value).exec(context.facts.masked)?.[1] : undefined
      const handler = named ?? handlerOf(resource)
      if (handler === '') continue
      const route = joinRoute(context.prefixOf(call.receiver), path.value)
      // (A `suffix='item'` stays in the declaring call's text, where the graph reads it.)
      drafts.push(callDraft(call, { kind: 'http-route', framework: 'falcon', method: '*', route, handler }))
    }
    return drafts
  },
}
