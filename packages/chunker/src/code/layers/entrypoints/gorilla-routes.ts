import type { EntrypointDraft } from '../facts.js'
import { callDraft, handlerOf, joinRoute, type DetectContext, type EntrypointDetector } from './detector.js'
import { methodsIn } from './method-arg-routes.js'

/** A gorilla/mux route made by a matcher chain: `r.PathPrefix("/static/")`, `r.Methods("GET").Path("/x")`; group 1 the router, 3 the path. */
const MATCHER_CHAIN = /^([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)((?:\.Methods\([^()]*\))?)\.(?:PathPrefix|Path)\(\s*"([^"]*)"\s*\)((?:\.Methods\([^()]*\))?)$/

/** `.Methods("POST")` after the handler: `r.Path("/x").HandlerFunc(h).Methods("POST")`. */
const METHODS_AFTER = /^\s*\.\s*Methods\(([^)]*)\)/

/**
 * gorilla/mux's routes given by a matcher chain: `r.PathPrefix("/static/").Handler(fs)` (a file
 * server's subtree), `r.Path("/users").HandlerFunc(list).Methods("GET")` and
 * `r.Methods("POST").Path("/users").HandlerFunc(create)`, under the router's prefix. Labelled
 * `net/http`, as gorilla's `HandleFunc` routes are.
 */
export const gorillaMatcherRoutes: EntrypointDetector = {
  framework: 'net/http',
  languages: ['go'],
  imports: ['github.com/gorilla/mux'],
  detect(context: DetectContext): EntrypointDraft[] {
    const drafts: EntrypointDraft[] = []
    const { text } = context.facts
    for (const call of context.facts.calls) {
      if (call.name !== 'Handler' && call.name !== 'HandlerFunc') continue
      const chain = MATCHER_CHAIN.exec(call.receiver)
      const handler = call.args()[0]
      if (!chain || handler === undefined || call.args().length !== 1) continue
      const after = METHODS_AFTER.exec(text.slice(call.end(), call.end() + 200))
      const methods = methodsIn(`${chain[2] ?? ''}${chain[4] ?? ''}${after?.[1] ?? ''}`)
      const route = joinRoute(context.prefixOf(chain[1] as string), chain[3] as string)
      for (const method of methods.length > 0 ? methods : ['*']) {
        drafts.push(callDraft(call, { kind: 'http-route', framework: 'net/http', method, route, handler: handlerOf(handler) }))
      }
    }
    return drafts
  },
}
