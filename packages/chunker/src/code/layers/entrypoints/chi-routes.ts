import type { CallFact, EntrypointDraft } from '../facts.js'
import { callDraft, handlerOf, joinRoute, ownEntry, type DetectContext, type EntrypointDetector } from './detector.js'
import { methodOf } from './method-arg-routes.js'

/** chi's registration methods and the HTTP method each stands for. */
const CHI_VERBS: Readonly<Record<string, string>> = {
  Get: 'GET',
  Post: 'POST',
  Put: 'PUT',
  Patch: 'PATCH',
  Delete: 'DELETE',
  Head: 'HEAD',
  Options: 'OPTIONS',
  Connect: 'CONNECT',
  Trace: 'TRACE',
}

/** The parameter a closure names its router (`func(r chi.Router) {`). */
const CLOSURE_ROUTER = /^func\s*\(\s*(\w+)\s/

/** A `Route("/articles", func(r chi.Router) { ... })` block: its path, span, router parameter, and the router it is opened on. */
interface RouteBlock {
  readonly path: string
  readonly start: number
  readonly end: number
  readonly router: string
  readonly openedOn: string
}

/** The variable a receiver chain starts with: `r` of `r`, `r.With(paginate)`. */
const rootOf = (receiver: string): string => /^\w+/.exec(receiver)?.[0] ?? ''

/** Every `Route(path, func(r chi.Router) {...})` block of the file. */
function routeBlocks(calls: readonly CallFact[]): RouteBlock[] {
  const blocks: RouteBlock[] = []
  for (const call of calls) {
    if (call.name !== 'Route' || !call.receiver) continue
    const [path, body] = call.args()
    const router = body?.kind === 'function' ? CLOSURE_ROUTER.exec(body.value)?.[1] : undefined
    if (path?.kind === 'string' && router) blocks.push({ path: path.value, start: call.offset, end: call.end(), router, openedOn: rootOf(call.receiver) })
  }
  return blocks
}

/**
 * The prefix the `Route` blocks around a call give it: from the innermost block outwards, each
 * block's path while the call (then each block) registers on the router parameter of the block
 * around it; a call on another router inside a block gets none of its path.
 */
function blockPrefix(blocks: readonly RouteBlock[], call: CallFact): string {
  const around = blocks.filter((block) => block.start < call.offset && call.offset < block.end).sort((a, b) => b.start - a.start)
  let prefix = ''
  let router = rootOf(call.receiver)
  for (const block of around) {
    if (block.router !== router) break
    prefix = joinRoute(block.path, prefix)
    router = block.openedOn
  }
  return prefix
}

/** The prefix of each call from the `Route` blocks around it (see {@link blockPrefix}): for the mounts of a chi file. */
export function chiBlockPrefixes(calls: readonly CallFact[]): (call: CallFact) => string {
  const blocks = routeBlocks(calls)
  return blocks.length === 0 ? () => '' : (call) => blockPrefix(blocks, call)
}

/** What chi's routers are called in a file: `r := chi.NewRouter()`, `mux = chi.NewMux()`, `func(r chi.Router)`, `router *chi.Mux`. */
const CHI_ROUTER = /\b(\w+)\s*:?=\s*chi\.New(?:Router|Mux)\s*\(|\b(\w+)\s+\*?chi\.(?:Router|Mux)\b/g

/** The variables and parameters of the file that hold a chi router (see {@link CHI_ROUTER}). */
function chiRouters(text: string): Set<string> {
  const routers = new Set<string>()
  for (const match of text.matchAll(CHI_ROUTER)) routers.add((match[1] ?? match[2]) as string)
  return routers
}

/** `Handle` and `HandleFunc`, which chi's routers share with net/http's `ServeMux`: any method. */
const ANY_METHOD: ReadonlySet<string> = new Set(['Handle', 'HandleFunc'])

/**
 * go-chi: `r.Get("/", h)`, `r.With(mw).Post("/x", h)`, `r.Method("GET", "/x", h)`, and routes
 * inside `r.Route("/articles", func(r chi.Router) { ... })` blocks, nested, under their paths.
 * `Handle`/`HandleFunc` on a chi router (see {@link CHI_ROUTER}) are chi's routes too, with the
 * blocks' prefixes; the net/http detector's reading of the same call yields to them (`detect.ts`).
 * `Mount` is a mount.
 */
export const chiRoutes: EntrypointDetector = {
  framework: 'chi',
  languages: ['go'],
  imports: ['github.com/go-chi/chi'],
  detect(context: DetectContext): EntrypointDraft[] {
    const { calls } = context.facts
    const blocks = routeBlocks(calls)
    let routers: Set<string> | undefined
    const drafts: EntrypointDraft[] = []
    for (const call of calls) {
      if (!call.receiver) continue
      const positional = call.args().filter((arg) => !arg.key)
      let method = ownEntry(CHI_VERBS, call.name)
      if (method === undefined && ANY_METHOD.has(call.name) && (routers ??= chiRouters(context.facts.text)).has(rootOf(call.receiver))) method = '*'
      let rest = positional
      // `r.Method("DELETE", ...)`, `r.MethodFunc(http.MethodPost, ...)`.
      const named = call.name === 'Method' || call.name === 'MethodFunc' ? methodOf(positional[0]) : undefined
      if (method === undefined && named !== undefined) {
        method = named
        rest = positional.slice(1)
      }
      const [path, handler] = rest
      if (method === undefined || path?.kind !== 'string' || !path.value.startsWith('/') || handler === undefined || handler.kind === 'string') continue
      const route = joinRoute(joinRoute(blockPrefix(blocks, call), context.prefixOf(call.receiver)), path.value)
      drafts.push(callDraft(call, { kind: 'http-route', framework: 'chi', method, route, handler: handlerOf(handler) }))
    }
    return drafts
  },
}
