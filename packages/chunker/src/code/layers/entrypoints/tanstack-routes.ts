import type { CallFact, EntrypointDraft } from '../facts.js'
import { callDraft, JS_LANGUAGES, type DetectContext, type EntrypointDetector } from './detector.js'
import { folderRoute } from './file-route-drafts.js'
import { objectEntries, type ObjectEntry } from './object-literal.js'

/** Where TanStack Router's and Start's route helpers come from (React, Solid and Vue flavours). */
const TANSTACK_MODULES = ['@tanstack/react-router', '@tanstack/solid-router', '@tanstack/vue-router', '@tanstack/react-start', '@tanstack/solid-start', '@tanstack/start']

/** HTTP methods a server route's handlers are keyed by. */
const METHODS: ReadonlySet<string> = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'])

/** `createServerFileRoute('/api/users')`, the receiver of its `.methods({...})` (TanStack Start before v1). */
const SERVER_FILE_ROUTE = /^createServerFileRoute\(\s*(['"`])([^'"`]+)\1\s*\)$/

/**
 * The URL a file route's id serves: pathless layout segments (`_auth`) and route groups
 * (`(marketing)`) are not in it, a segment's trailing `_` (`posts_`, not nested under `posts`)
 * goes, and an index route's trailing `/` with it; `$postId` stays the parameter it is, and a splat
 * `$` (the rest of the URL) is written `*`, as React Router writes it.
 */
function tanstackUrl(id: string): string {
  // (`folderRoute` leaves the empty segments and the groups out.)
  return folderRoute(id.split('/').filter((segment) => !segment.startsWith('_')).map((segment) => (segment === '$' ? '*' : segment.replace(/_$/, ''))))
}

/** A plain name as an entry's value (`component: PostPage`), else `''` (an inline function). */
function namedValue(masked: string, entry: ObjectEntry): string {
  return /^\s*([A-Za-z_$][\w$]*)\s*$/.exec(masked.slice(entry.valueStart, entry.valueEnd))?.[1] ?? ''
}

/** The entries of the object literal that starts at `from` (after blanks), if one does. */
function objectAt(masked: string, from: number): ObjectEntry[] | undefined {
  const open = /^\s*\{/.exec(masked.slice(from, from + 200))
  return open ? objectEntries(masked, from + open[0].length - 1) : undefined
}

/** The routes of a server route's handlers object (`{ GET: listUsers, POST: async ({ request }) => {...} }`). */
function handlerRoutes(masked: string, handlers: readonly ObjectEntry[], call: CallFact, route: string): EntrypointDraft[] {
  return handlers.filter((entry) => METHODS.has(entry.key)).map((entry) => callDraft(call, { kind: 'http-route', framework: 'tanstack-start', method: entry.key, route, handler: namedValue(masked, entry) }))
}

/**
 * TanStack Router's file routes: `export const Route = createFileRoute('/posts/$postId')({
 * component: PostPage, loader })` is a GET page at the URL its id gives ({@link tanstackUrl}), its
 * handler the component when named. TanStack Start's server routes are routes of their methods: a
 * file route's `server: { handlers: { GET, POST } }`, and the older
 * `createServerFileRoute('/api/users').methods({ GET })`. A lazy route's file
 * (`createLazyFileRoute`) is the same page as its route's own file: not another.
 */
export const tanstackRoutes: EntrypointDetector = {
  framework: 'tanstack-router',
  languages: JS_LANGUAGES,
  imports: TANSTACK_MODULES,
  detect(context: DetectContext): EntrypointDraft[] {
    const { masked } = context.facts
    const drafts: EntrypointDraft[] = []
    for (const call of context.facts.calls) {
      if (call.receiver === '' && call.name === 'createFileRoute') {
        const id = call.args()[0]
        if (id?.kind !== 'string') continue
        const route = tanstackUrl(id.value)
        // The options go to the function it returns: `createFileRoute('/x')({ ... })`.
        const options = /^\s*\(/.exec(masked.slice(call.end(), call.end() + 50))
        const entries = options ? (objectAt(masked, call.end() + options[0].length) ?? []) : []
        const server = entries.find((entry) => entry.key === 'server')
        const handlers = server === undefined ? undefined : objectAt(masked, server.valueStart)?.find((entry) => entry.key === 'handlers')
        const methods = handlers === undefined ? undefined : objectAt(masked, handlers.valueStart)
        if (methods !== undefined) drafts.push(...handlerRoutes(masked, methods, call, route))
        const component = entries.find((entry) => entry.key === 'component')
        // A server route alone (`/api/users`) is no page.
        if (component !== undefined || methods === undefined) drafts.push(callDraft(call, { kind: 'http-route', framework: 'tanstack-router', method: 'GET', route, handler: component === undefined ? '' : namedValue(masked, component) }))
      } else if (call.name === 'methods') {
        const route = SERVER_FILE_ROUTE.exec(call.receiver)?.[2]
        const methods = route === undefined ? undefined : objectAt(masked, call.open + 1)
        if (route !== undefined && methods !== undefined) drafts.push(...handlerRoutes(masked, methods, call, tanstackUrl(route)))
      }
    }
    return drafts
  },
}
