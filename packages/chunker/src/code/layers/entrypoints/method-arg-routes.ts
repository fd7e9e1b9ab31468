import type { Arg } from '../args.js'
import type { EntrypointDraft } from '../facts.js'
import { callDraft, handlerOf, joinRoute, ownEntry, rooted, type DetectContext, type EntrypointDetector } from './detector.js'

/** How a framework's registration call gives its HTTP method: one (`Handle("GET", ...)`) or a list (`Match([]string{...}, ...)`). */
type MethodArgument = 'one' | 'list'

/** A router whose registration calls take the HTTP method as their first argument, the path second. */
interface MethodArgRoutes {
  readonly framework: string
  /** @default ['go'] */
  readonly languages?: readonly string[]
  /** Import paths (prefixes) of the framework: a file importing none registers nothing, but on `receivers`. */
  readonly imports: readonly string[]
  /** Receivers that register routes in a file that does not import the framework (aiohttp's `app.router`). @default none */
  readonly receivers?: RegExp
  /** The registration methods and how each gives its method. */
  readonly calls: Readonly<Record<string, MethodArgument>>
  /** Whether the handler comes right after the path and middleware after it (Echo), or last (Gin's `handlers ...HandlerFunc`). */
  readonly handlerFirst: boolean
}

/** `http.MethodPost` and other net/http method constants: `POST`. */
const METHOD_CONSTANT = /(?:^|\.)Method([A-Z][a-z]+)$/
/** A method as a string (`"PUT"`) or a net/http constant inside a list's text (`[]string{http.MethodGet, "POST"}`). */
const METHOD_IN_TEXT = /"([A-Za-z]+)"|\bMethod([A-Z][a-z]+)\b/g

/** The HTTP method one argument names: `"put"` or `http.MethodPut` give `PUT`; anything else (a variable) `undefined`. */
export function methodOf(arg: Arg | undefined): string | undefined {
  if (arg?.kind === 'string') return /^[A-Za-z]+$/.test(arg.value) ? arg.value.toUpperCase() : undefined
  if (arg?.kind === 'name') return METHOD_CONSTANT.exec(arg.value)?.[1]?.toUpperCase()
  return undefined
}

/** The HTTP methods a list argument names (`[]string{"GET", http.MethodPost}`), in order, each once. */
function methodsOf(arg: Arg | undefined): string[] {
  if (arg === undefined || arg.kind === 'string' || arg.kind === 'name') return []
  return methodsIn(arg.value)
}

/** The HTTP methods arguments written as text name (`"GET", http.MethodPost`: gorilla's `.Methods(...)`), in order, each once. */
export function methodsIn(text: string): string[] {
  const methods = [...text.matchAll(METHOD_IN_TEXT)].map((m) => ((m[1] ?? m[2]) as string).toUpperCase())
  return [...new Set(methods)]
}

/**
 * Routes of a router registered with the HTTP method as an argument: Gin's
 * `r.Handle("GET", "/x", h)` and `r.Match([]string{...}, "/x", h)`, Echo's `e.Add(http.MethodPost,
 * "/x", h, mw...)` and `e.Match(...)`, aiohttp's `app.router.add_route("GET", "/x", h)`. A method
 * held in a variable registers nothing the index can name.
 */
export function methodArgRoutes(entry: MethodArgRoutes): EntrypointDetector {
  return {
    framework: entry.framework,
    languages: entry.languages ?? ['go'],
    imports: entry.imports,
    ...(entry.receivers ? { receivers: entry.receivers } : {}),
    detect(context: DetectContext): EntrypointDraft[] {
      const imported = entry.imports.some((module) => context.imports(module))
      if (!imported && entry.receivers === undefined) return []
      const drafts: EntrypointDraft[] = []
      for (const call of context.facts.calls) {
        const shape = ownEntry(entry.calls, call.name)
        if (shape === undefined || !call.receiver || (!imported && !entry.receivers?.test(call.receiver))) continue
        const [methodArg, pathArg, ...rest] = call.args().filter((arg) => !arg.key)
        if (pathArg?.kind !== 'string' || rest.length === 0) continue
        const one = shape === 'one' ? methodOf(methodArg) : undefined
        const methods = shape === 'list' ? methodsOf(methodArg) : one === undefined ? [] : [one]
        const handler = handlerOf(entry.handlerFirst ? rest[0] : rest.at(-1))
        const route = rooted(joinRoute(context.prefixOf(call.receiver), pathArg.value))
        for (const method of methods) drafts.push(callDraft(call, { kind: 'http-route', framework: entry.framework, method, route, handler }))
      }
      return drafts
    },
  }
}
