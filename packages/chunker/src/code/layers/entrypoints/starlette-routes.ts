import { keyArg, stringArg, stringList } from '../args.js'
import type { CallFact, EntrypointDraft } from '../facts.js'
import { callDraft, handlerOf, joinRoute, rooted, type DetectContext, type EntrypointDetector } from './detector.js'

/** Starlette's route classes: an HTTP route, and a WebSocket route (which opens with a GET). */
const ROUTE_CLASSES: ReadonlySet<string> = new Set(['Route', 'WebSocketRoute'])

/** The paths of the `Mount("/users", routes=[...])` calls around a call, outermost first, joined. */
function mountPrefix(call: CallFact, mounts: readonly CallFact[]): string {
  let prefix = ''
  for (const mount of mounts) {
    if (mount.offset < call.offset && call.offset < mount.end()) prefix = joinRoute(prefix, stringArg(mount.args(), 0, ['path']) ?? '')
  }
  return prefix
}

/**
 * Starlette's routing tables (FastAPI's sub-apps use them too): `Route("/users/{id}", user, methods=["GET"])`
 * and `WebSocketRoute("/ws", ws)` (a GET) in a list, under the paths of the `Mount("/api", routes=[...])`
 * around them. A function endpoint without `methods` serves GET; a class endpoint (an
 * `HTTPEndpoint`) its methods' verbs, listed as `*`.
 */
export const STARLETTE_DETECTOR: EntrypointDetector = {
  framework: 'starlette',
  languages: ['python'],
  imports: ['starlette'],
  detect(context: DetectContext): EntrypointDraft[] {
    const calls = context.facts.calls.filter((call) => call.simpleReceiver === '' || call.simpleReceiver === 'routing')
    const mounts = calls.filter((call) => call.name === 'Mount').sort((a, b) => a.offset - b.offset)
    const drafts: EntrypointDraft[] = []
    for (const call of calls) {
      if (!ROUTE_CLASSES.has(call.name)) continue
      const args = call.args()
      const path = stringArg(args, 0, ['path'])
      if (path === undefined) continue
      const handler = handlerOf(keyArg(args, 'endpoint') ?? args.filter((arg) => !arg.key)[1])
      const route = rooted(joinRoute(mountPrefix(call, mounts), path))
      const listed = stringList(keyArg(args, 'methods')).map((method) => method.toUpperCase())
      const methods = call.name === 'WebSocketRoute' ? ['GET'] : listed.length > 0 ? listed : /^[A-Z]/.test(handler.slice(handler.lastIndexOf('.') + 1)) ? ['*'] : ['GET']
      for (const method of methods) drafts.push(callDraft(call, { kind: 'http-route', framework: 'starlette', method, route, handler }))
    }
    return drafts
  },
}
