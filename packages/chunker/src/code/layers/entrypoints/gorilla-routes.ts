import type { Arg } from '../args.js'
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

/** A Go function's first parameter: `path` of `func (a *App) Get(path string, f func(...))`. */
const FIRST_PARAMETER = /\bfunc\s*(?:\([^)]*\)\s*)?[A-Za-z_]\w*\s*\(\s*([A-Za-z_]\w*)/

/** A handler given through an adapter call (`a.handleRequest(handler.GetAllProjects)`): the function it adapts. */
function adaptedHandler(arg: Arg | undefined): string {
  const only = arg?.kind === 'call' && arg.chain.length === 0 && arg.items.length === 1 ? arg.items[0] : undefined
  return handlerOf(only?.kind === 'name' ? only : arg)
}

/**
 * Routes registered through a file's own wrapper of gorilla/mux (mingrammer's go-todo-rest-api and
 * the many apps shaped like it): a function or method that registers its first parameter as a path,
 * `func (a *App) Get(path string, f ...) { a.Router.HandleFunc(path, f).Methods("GET") }`, makes
 * each call of it with a path written out, `a.Get("/projects", a.handleRequest(handler.GetAllProjects))`,
 * a route of those methods, its handler the function given (through an adapter call too).
 */
export const gorillaWrapperRoutes: EntrypointDetector = {
  framework: 'net/http',
  languages: ['go'],
  imports: ['github.com/gorilla/mux'],
  detect(context: DetectContext): EntrypointDraft[] {
    const { calls, symbols, text } = context.facts
    // Registrations of a path held by a name: `HandleFunc(path, f)`.
    const registrations = calls.flatMap((call) => {
      const first = call.name === 'HandleFunc' || call.name === 'Handle' ? call.args()[0] : undefined
      return first?.kind === 'name' ? [{ call, path: first.value }] : []
    })
    if (registrations.length === 0) return []
    const wrappers = new Map<string, { methods: string[]; start: number; end: number }>()
    for (const symbol of symbols) {
      if (symbol.kind !== 'function' && symbol.kind !== 'method') continue
      const parameter = FIRST_PARAMETER.exec(symbol.signature)?.[1]
      const registration = parameter === undefined ? undefined : registrations.find(({ call, path }) => path === parameter && call.offset >= symbol.start && call.offset < symbol.end)?.call
      if (registration === undefined) continue
      const methods = methodsIn(METHODS_AFTER.exec(text.slice(registration.end(), registration.end() + 200))?.[1] ?? '')
      wrappers.set(symbol.name, { methods: methods.length > 0 ? methods : ['*'], start: symbol.start, end: symbol.end })
    }
    if (wrappers.size === 0) return []
    const drafts: EntrypointDraft[] = []
    for (const call of calls) {
      const wrapper = wrappers.get(call.name)
      // (Not the wrapper's own registration, nor a call that does not write a path out.)
      if (wrapper === undefined || (call.offset >= wrapper.start && call.offset < wrapper.end)) continue
      const [path, handler] = call.args().filter((arg) => !arg.key)
      if (path?.kind !== 'string') continue
      for (const method of wrapper.methods) drafts.push(callDraft(call, { kind: 'http-route', framework: 'net/http', method, route: path.value, handler: adaptedHandler(handler) }))
    }
    return drafts
  },
}

