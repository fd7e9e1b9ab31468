import { dependentFramework } from '@rag/core'
import type { EntrypointDraft } from '../facts.js'
import { callDraft, handlerOf, joinRoute, ownEntry, rooted, type DetectContext, type EntrypointDetector } from './detector.js'

/** Gin's and Echo's verb calls, with the method each registers. */
const VERBS: Readonly<Record<string, string>> = { GET: 'GET', POST: 'POST', PUT: 'PUT', DELETE: 'DELETE', PATCH: 'PATCH', OPTIONS: 'OPTIONS', HEAD: 'HEAD', Any: '*' }

/** The frameworks whose files their own detectors read (the routes of a file importing one are theirs; httprouter's verbs are Gin's, Iris's `Any` too). */
const ROUTERS = ['github.com/gin-gonic/gin', 'github.com/labstack/echo', 'github.com/julienschmidt/httprouter', 'github.com/kataras/iris']

/** Gin's or Echo's, by what the module's `go.mod` requires. */
const GO_ROUTER = dependentFramework([
  ['github.com/gin-gonic/gin', 'gin'],
  ['github.com/labstack/echo', 'echo'],
])

/** A receiver that is a plain name: `r`, `api`, `v1`. */
const PLAIN = /^[A-Za-z_]\w*$/

/**
 * Gin's and Echo's routes in a Go file that imports neither, on a router another package made
 * (echo-realworld's `r := router.New()` then `r.GET("/swagger/*", echoSwagger.WrapHandler)` in
 * `main.go`): a verb call on a plain name with a path and one handler (with middleware, Gin takes
 * the last argument and Echo the first, so the framework must be known). Its framework is
 * the layer graph's to name from the module's `go.mod` (`dependentFramework` of `@rag/core`).
 */
export const goModuleRoutes: EntrypointDetector = {
  framework: GO_ROUTER,
  languages: ['go'],
  imports: [],
  detect(context: DetectContext): EntrypointDraft[] {
    if (ROUTERS.some((module) => context.imports(module))) return []
    const drafts: EntrypointDraft[] = []
    for (const call of context.facts.calls) {
      const method = ownEntry(VERBS, call.name)
      if (method === undefined || !PLAIN.test(call.receiver)) continue
      const args = call.args()
      const [path, handler] = args
      if (args.length !== 2 || path?.kind !== 'string' || !path.value.startsWith('/') || handler === undefined || handler.kind === 'string') continue
      const route = rooted(joinRoute(context.prefixOf(call.receiver), path.value))
      drafts.push(callDraft(call, { kind: 'http-route', framework: GO_ROUTER, method, route, handler: handlerOf(handler) }))
    }
    return drafts
  },
}
