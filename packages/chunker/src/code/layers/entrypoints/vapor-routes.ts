import type { Arg } from '../args.js'
import type { CallFact, EntrypointDraft, FileFacts, MountFact } from '../facts.js'
import { closingBracket } from '../lexical/brackets.js'
import { callDraft, handlerOf, joinRoute, ownEntry, rowOfOffset, type DetectContext, type EntrypointDetector } from './detector.js'

/** Vapor's verbs on a `RoutesBuilder`. */
const VERBS: Readonly<Record<string, string>> = { get: 'GET', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE' }

/** `app.on(.GET, "x", use: h)`: the method as a member of `HTTPMethod`. */
const ON_METHOD = /^\.([A-Z]+)$/

/** Path components that are no string: `.catchall` (`**`) and `.anything` (`*`). */
const COMPONENTS: Readonly<Record<string, string>> = { '.catchall': '**', '.anything': '*' }

/**
 * The path a call's positional components make, `"users", ":id"` giving `/users/:id` (`''` for none); `undefined`
 * when one is neither a string nor a known component (a variable, a middleware).
 */
function vaporPath(positional: readonly Arg[]): string | undefined {
  const parts: string[] = []
  for (const arg of positional) {
    if (arg.kind === 'string') parts.push(...arg.value.split('/').filter(Boolean))
    else if (Object.hasOwn(COMPONENTS, arg.value)) parts.push(COMPONENTS[arg.value] as string)
    else return undefined
  }
  return parts.length === 0 ? '' : `/${parts.join('/')}`
}

/**
 * The path of `grouped(...)`: its string components (`routes.grouped("api", "v1")`), `''` for a
 * group of middleware only (`routes.grouped(User.authenticator())`), which keeps its parent's path.
 */
export function vaporGroupPath(args: readonly Arg[]): string | undefined {
  const strings = args.filter((arg) => !arg.key && (arg.kind === 'string' || Object.hasOwn(COMPONENTS, arg.value)))
  return strings.length === 0 ? '' : vaporPath(strings)
}

/** `todos.group(":todoID") { todo in ... }`: where the closure is, and the name its builder goes by. */
interface GroupScope {
  readonly start: number
  readonly end: number
  readonly builder: string
  readonly prefix: string
}

/**
 * A trailing closure's opening and the name of its one parameter: `{ todo in`, `{ [weak self] todo in`,
 * `{ req async throws -> String in`, `{ (req: Request) in`.
 */
const CLOSURE_PARAMETER = /^\s*\{\s*(?:\[[^\]]*\]\s*)?\(?\s*([A-Za-z_]\w*)(?:\s*:\s*[\w.]+)?\s*\)?(?:\s+async)?(?:\s+throws)?(?:\s*->\s*[^\n{}]+?)?\s+in\b/

/** The prefix of routes registered on `builder` at `offset`: the innermost `group` closure naming it, else the file's variables (`let todos = routes.grouped("todos")`). */
function prefixAt(scopes: readonly GroupScope[], builder: string, offset: number, prefixOf: (receiver: string) => string): string {
  let found: GroupScope | undefined
  for (const scope of scopes) if (scope.builder === builder && scope.start <= offset && offset < scope.end && (!found || scope.start > found.start)) found = scope
  return found ? found.prefix : prefixOf(builder)
}

/** The `group(...) { b in ... }` closures of a file, outer ones first, each with its full prefix. */
function groupScopes(facts: FileFacts, prefixOf: (receiver: string) => string): GroupScope[] {
  const scopes: GroupScope[] = []
  for (const call of facts.calls) {
    if (call.name !== 'group' && call.name !== 'grouped') continue
    const end = call.end()
    const parameter = CLOSURE_PARAMETER.exec(facts.text.slice(end, end + 200))
    if (!parameter) continue
    const path = vaporGroupPath(call.args())
    if (path === undefined) continue
    const open = facts.masked.indexOf('{', end)
    const close = open < 0 ? -1 : closingBracket(facts.masked, open)
    const prefix = joinRoute(prefixAt(scopes, call.simpleReceiver, call.offset, prefixOf), path)
    scopes.push({ start: open, end: close < 0 ? facts.text.length : close, builder: parameter[1] as string, prefix })
  }
  return scopes
}

/** A route's handler: `use: self.index`, `use: index`, or a trailing closure (none). */
function vaporHandler(args: readonly Arg[]): string {
  const use = args.find((arg) => arg.key === 'use')
  return use ? handlerOf(use) : ''
}

/** Keyed arguments a registration may have: its handler, and how the body is collected (`body: .stream`). */
const ROUTE_KEYS: ReadonlySet<string> = new Set(['use', 'body'])

/** A builder as a registration names it: a plain name (`app`, `todos`), not a value's member (`req.parameters.get("id")`). */
const BUILDER = /^[a-z_]\w*$/
/** Or a group made in the registration's own chain: `app.grouped("admin").get("stats", use: stats)`. */
const GROUPED_CHAIN = /^[a-z_]\w*(?:\.grouped\([^()]*\))+$/

/** The builder a call is made on, as the file's prefixes name it: its plain name, or its chain of groups. */
const builderOf = (call: CallFact): string => (call.simpleReceiver === '?' ? call.receiver : call.simpleReceiver)

/**
 * Whether a call registers a route: a verb, or `on` with a method, on a builder name, with its
 * handler as `use:` or a trailing closure (`Environment.get("PORT")` and `todo.delete(on: db)` are none).
 */
function routeOf(call: CallFact, text: string): { method: string; path: readonly Arg[] } | undefined {
  if (!BUILDER.test(call.simpleReceiver) && !GROUPED_CHAIN.test(call.receiver)) return undefined
  const args = call.args()
  if (args.some((arg) => arg.key && !ROUTE_KEYS.has(arg.key))) return undefined
  if (!args.some((arg) => arg.key === 'use') && !CLOSURE_PARAMETER.test(text.slice(call.end(), call.end() + 200))) return undefined
  const positional = args.filter((arg) => !arg.key)
  const verb = ownEntry(VERBS, call.name)
  if (verb) return { method: verb, path: positional }
  const method = call.name === 'on' && positional[0] !== undefined ? ON_METHOD.exec(positional[0].value)?.[1] : undefined
  return method ? { method, path: positional.slice(1) } : undefined
}

/** A verb with only a trailing closure, `app.get { req in ... }`: no parentheses, so no call the scan reads. */
const BARE_VERB = /(?<![\w.])([a-z_]\w*)\s*\.\s*(get|post|put|patch|delete)(?=\s*\{\s*(?:\[[^\]]*\]\s*)?\(?\s*[A-Za-z_]\w*(?:\s*:\s*[\w.]+)?\s*\)?(?:\s+async)?(?:\s+throws)?(?:\s*->\s*[^\n{}]+?)?\s+in\b)/g

/**
 * Vapor's routes: `app.get("hello") { req in ... }`, `todos.post(use: self.create)`,
 * `app.get("users", ":id", use: show)`, `app.on(.PATCH, "x", use: h)`, under the paths of the
 * builders the file makes (`let todos = routes.grouped("todos")`) and of `group(":id") { todo in
 * ... }` closures; a verb without a path serves its builder's own.
 */
export const vaporRoutes: EntrypointDetector = {
  framework: 'vapor',
  languages: ['swift'],
  imports: ['Vapor'],
  detect(context: DetectContext): EntrypointDraft[] {
    const { facts } = context
    const scopes = groupScopes(facts, context.prefixOf)
    const drafts: EntrypointDraft[] = []
    for (const call of facts.calls) {
      const route = routeOf(call, facts.text)
      const path = route && vaporPath(route.path)
      if (!route || path === undefined) continue
      const full = joinRoute(prefixAt(scopes, builderOf(call), call.offset, context.prefixOf), path)
      drafts.push(callDraft(call, { kind: 'http-route', framework: 'vapor', method: route.method, route: full.startsWith('/') ? full : `/${full}`, handler: vaporHandler(call.args()) }))
    }
    for (const match of facts.masked.matchAll(BARE_VERB)) {
      const builder = match[1] as string
      const full = prefixAt(scopes, builder, match.index, context.prefixOf)
      const lineEnd = facts.text.indexOf('\n', match.index)
      const text = facts.text.slice(match.index, lineEnd < 0 ? undefined : lineEnd).trim().slice(0, 200)
      drafts.push({ kind: 'http-route', framework: 'vapor', method: VERBS[match[2] as string] as string, route: full.startsWith('/') ? full : `/${full}`, handler: '', row: rowOfOffset(facts.text, match.index), offset: match.index, text, router: builder })
    }
    return drafts.sort((a, b) => a.offset - b.offset)
  },
}

/**
 * Vapor's route collections and route functions: `try app.register(collection: TodoController())`
 * (or on a group, `api.register(collection: ...)`) serves the routes the collection's
 * `boot(routes:)` declares under that builder's path; `try adminRoutes(api)`, a function handed a
 * builder with a path, serves the routes it registers on its parameter under that path.
 */
export function vaporMountFacts(facts: FileFacts, prefixOf: (receiver: string) => string): MountFact[] {
  if (facts.language !== 'swift') return []
  const scopes = groupScopes(facts, prefixOf)
  const out: MountFact[] = []
  const mount = (call: CallFact, target: string, router: string, prefix: string): void => {
    out.push({ target, prefix, router, row: rowOfOffset(facts.text, call.offset), offset: call.offset })
  }
  for (const call of facts.calls) {
    if (call.name === 'register' && BUILDER.test(call.simpleReceiver)) {
      const collection = call.args().find((arg) => arg.key === 'collection')
      if (collection?.kind === 'call' && /^[A-Z]\w*$/.test(collection.value)) mount(call, collection.value, call.simpleReceiver, prefixAt(scopes, call.simpleReceiver, call.offset, prefixOf))
      continue
    }
    if (call.simpleReceiver !== '' || !/^[a-z_]\w*$/.test(call.name)) continue
    // (Only a builder with a path of its own: one without is where the function's routes are already.)
    for (const arg of call.args()) {
      if (arg.key || arg.kind !== 'name' || !BUILDER.test(arg.value)) continue
      const prefix = prefixAt(scopes, arg.value, call.offset, prefixOf)
      if (prefix !== '') mount(call, call.name, arg.value, prefix)
      break
    }
  }
  return out
}
