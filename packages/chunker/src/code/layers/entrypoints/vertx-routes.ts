import type { EntrypointDraft } from '../facts.js'
import { callDraft, handlerOf, joinRoute, rooted, type DetectContext, type EntrypointDetector } from './detector.js'

/** Vert.x Web's route methods, with the method each matches (`route` any). */
const VERBS: Readonly<Record<string, string>> = { get: 'GET', post: 'POST', put: 'PUT', delete: 'DELETE', patch: 'PATCH', head: 'HEAD', options: 'OPTIONS', route: '*' }

/** The calls that give a route its handler. */
const HANDLER_CALLS: ReadonlySet<string> = new Set(['handler', 'blockingHandler', 'respond'])

/** A route made on a router, as the handler call's receiver: `router.get("/api/whiskies")`, `router.route(HttpMethod.POST, "/x")`. */
const ROUTE = /^([A-Za-z_]\w*)\.(get|post|put|delete|patch|head|options|route)\(\s*(?:HttpMethod\.([A-Z]+)\s*,\s*)?"([^"]*)"\s*\)$/

/** A handler made by a factory of Vert.x's own (`BodyHandler.create()`, `StaticHandler.create("web")`): middleware, no route. */
const MADE_HANDLER = /^[A-Z]\w*Handler\.create$/

/**
 * Vert.x Web's routes (Java and Kotlin): `router.get("/api/whiskies").handler(this::getAll)`,
 * `.blockingHandler(...)` or `.respond(...)`, `router.route(HttpMethod.POST, "/x")`, and
 * `router.route("/x")` for any method, at the path under the file's prefix of that router; a
 * route whose handler is one of Vert.x's handler factories (`BodyHandler.create()`) is middleware.
 * A sub-router's routes are under the path `router.mountSubRouter("/api", api)` gives it (`mount-calls.ts`).
 */
export const vertxRoutes: EntrypointDetector = {
  framework: 'vertx',
  languages: ['java', 'kotlin'],
  imports: ['io.vertx.ext.web', 'io.vertx.kotlin'],
  detect(context: DetectContext): EntrypointDraft[] {
    const drafts: EntrypointDraft[] = []
    for (const call of context.facts.calls) {
      if (!HANDLER_CALLS.has(call.name)) continue
      const route = ROUTE.exec(call.receiver.replace(/\s+/g, ''))
      if (route === null) continue
      const [, router = '', verb = '', named, path = ''] = route
      const handler = call.args()[0]
      if (handler === undefined || (handler.kind === 'call' && MADE_HANDLER.test(handler.value))) continue
      const method = named ?? VERBS[verb]!
      // (`this::getAll`: the method of the class around the call.)
      let owner = context.enclosing(call.offset)
      while (owner !== undefined && owner.kind !== 'class') owner = owner.parent
      const written = handlerOf(handler)
      const name = owner !== undefined && written.startsWith('this.') ? `${owner.qname}.${written.slice('this.'.length)}` : written
      // (On its router, which `mountSubRouter` may mount: `api.get("/x")` is `api`'s.)
      drafts.push({ ...callDraft(call, { kind: 'http-route', framework: 'vertx', method, route: rooted(joinRoute(context.prefixOf(router), path)), handler: name }), router })
    }
    return drafts
  },
}
