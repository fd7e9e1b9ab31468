import { keyArg, stringList, type Arg } from '../args.js'
import type { CallFact, EntrypointDraft } from '../facts.js'
import { callDraft, handlerOf, JS_LANGUAGES, joinRoute, type DetectContext, type EntrypointDetector } from './detector.js'

/** The packages a Hono app comes from: Hono itself, and `@hono/zod-openapi`'s `OpenAPIHono`. */
export const HONO_MODULES: readonly string[] = ['hono', '@hono/zod-openapi']

/** Hono's `app.on('PURGE', '/cache', handler)` and `app.on(['GET', 'POST'], '/x', handler)`. */
export const honoOn: EntrypointDetector = {
  framework: 'hono',
  languages: JS_LANGUAGES,
  imports: HONO_MODULES,
  detect(context: DetectContext): EntrypointDraft[] {
    const drafts: EntrypointDraft[] = []
    for (const call of context.facts.calls) {
      if (call.name !== 'on' || !call.receiver) continue
      const [methods, path, ...rest] = call.args()
      if (path?.kind !== 'string' || !methods || rest.length === 0) continue
      const route = joinRoute(context.prefixOf(call.receiver), path.value)
      for (const method of stringList(methods)) {
        drafts.push(callDraft(call, { kind: 'http-route', framework: 'hono', method: method.toUpperCase(), route, handler: handlerOf(rest.at(-1)) }))
      }
    }
    return drafts
  },
}

/**
 * Hono's `app.mount('/legacy', legacyApp.fetch)`: every request under the path goes to an
 * application of another framework (or a fetch handler), whatever its method: one route `*` for
 * the path and everything below it.
 */
export const honoMounts: EntrypointDetector = {
  framework: 'hono',
  languages: JS_LANGUAGES,
  imports: HONO_MODULES,
  detect(context: DetectContext): EntrypointDraft[] {
    const drafts: EntrypointDraft[] = []
    for (const call of context.facts.calls) {
      if (call.name !== 'mount' || !call.receiver) continue
      const [path, handler, ...rest] = call.args().filter((arg) => !arg.key)
      if (path?.kind !== 'string' || !path.value.startsWith('/') || handler === undefined || handler.kind === 'string' || rest.length > 1) continue
      const route = joinRoute(joinRoute(context.prefixOf(call.receiver), path.value), '*')
      drafts.push(callDraft(call, { kind: 'http-route', framework: 'hono', method: '*', route, handler: handlerOf(handler) }))
    }
    return drafts
  },
}

/** The method and path of a `createRoute({ method: 'get', path: '/users/{id}', ... })` object. */
function routeObject(items: readonly Arg[]): { method: string; path: string } | undefined {
  const method = keyArg(items, 'method')
  const path = keyArg(items, 'path')
  return method?.kind === 'string' && path?.kind === 'string' ? { method: method.value.toUpperCase(), path: path.value } : undefined
}

/**
 * `@hono/zod-openapi`'s routes: `app.openapi(route, handler)` with the route made by
 * `createRoute({ method, path, ... })` in place or held by a constant of the file
 * (`const getUser = createRoute({...})`). Its path is OpenAPI's (`/users/{id}`), under the app's prefix.
 */
export const honoOpenApiRoutes: EntrypointDetector = {
  framework: 'hono',
  languages: JS_LANGUAGES,
  imports: ['@hono/zod-openapi'],
  detect(context: DetectContext): EntrypointDraft[] {
    const { calls } = context.facts
    let made: Map<string, CallFact> | undefined
    const drafts: EntrypointDraft[] = []
    for (const call of calls) {
      if (call.name !== 'openapi' || !call.receiver) continue
      const [spec, handler] = call.args()
      let route: CallFact | Arg | undefined = spec
      if (spec?.kind === 'name') {
        made ??= new Map(calls.filter((c) => c.name === 'createRoute' && c.assignedTo() !== undefined).map((c) => [c.assignedTo() as string, c]))
        route = made.get(spec.value)
      }
      const items = route === undefined ? undefined : 'args' in route ? route.args()[0]?.items : route.kind === 'call' && route.value === 'createRoute' ? route.items[0]?.items : undefined
      const found = items === undefined ? undefined : routeObject(items)
      if (found === undefined) continue
      drafts.push(callDraft(call, { kind: 'http-route', framework: 'hono', method: found.method, route: joinRoute(context.prefixOf(call.receiver), found.path), handler: handlerOf(handler) }))
    }
    return drafts
  },
}
