import type { Arg } from '../args.js'
import type { CallFact, EntrypointDraft } from '../facts.js'
import { closingBracket } from '../lexical/brackets.js'
import { callDraft, handlerOf, joinRoute, ownEntry, rooted, type DetectContext, type EntrypointDetector } from './detector.js'

/** ApiBuilder's static verb methods, with the method each registers. */
const VERBS: Readonly<Record<string, string>> = { get: 'GET', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE', head: 'HEAD', options: 'OPTIONS' }

/** The span a call's block covers: its arguments, and a Kotlin trailing lambda after them (`path("users") { ... }`). */
function blockOf(masked: string, call: CallFact): readonly [start: number, end: number] {
  let at = call.end()
  while (at < masked.length && (masked.charCodeAt(at) === 32 || masked.charCodeAt(at) === 9)) at++
  if (masked.charCodeAt(at) !== 123) return [call.open, call.end()]
  const close = closingBracket(masked, at)
  return [call.open, close < 0 ? call.end() : close + 1]
}

/** The path an ApiBuilder call gives, its first argument when a string (`path("items", ...)`, `get("/users", h)`), else `''`. */
function pathOf(args: readonly Arg[]): string {
  const first = args[0]
  return first?.kind === 'string' ? first.value : ''
}

/**
 * Javalin's ApiBuilder (`import static io.javalin.apibuilder.ApiBuilder.*`): routes declared by the
 * static `get`, `post`, ... inside `config.router.apiBuilder(() -> { ... })` (Javalin 6) or
 * `app.routes(() -> { ... })` (4 and 5), each under the paths of the `path("items", () -> { ... })`
 * blocks around it (Kotlin: `path("items") { ... }`); a verb without a path serves its block's
 * (`post(ItemController::create)`). The handler is the argument after the path.
 */
export const javalinApiBuilder: EntrypointDetector = staticVerbRoutes('javalin', ['io.javalin.apibuilder'])

/**
 * Spark Java (`import static spark.Spark.*`): `get("/hello", (req, res) -> "Hello")`,
 * `post("/users", UserController::create)`, under the paths of `path("/api", () -> { ... })`
 * blocks, as Javalin's ApiBuilder writes them.
 */
export const sparkRoutes: EntrypointDetector = staticVerbRoutes('spark', ['spark.Spark'])

/** The detector of routes declared by static verb methods inside `path(...)` blocks, for `framework` in files importing one of `imports`. */
function staticVerbRoutes(framework: string, imports: readonly string[]): EntrypointDetector {
  return {
    framework,
    languages: ['java', 'kotlin'],
    imports,
    detect(context: DetectContext): EntrypointDraft[] {
      const { calls, masked } = context.facts
      const blocks = calls.filter((call) => call.name === 'path' && call.receiver === '').map((call) => ({ path: pathOf(call.args()), span: blockOf(masked, call) }))
      const drafts: EntrypointDraft[] = []
      for (const call of calls) {
        const method = call.receiver === '' ? ownEntry(VERBS, call.name) : undefined
        if (method === undefined) continue
        const args = call.args().filter((arg) => !arg.key)
        const path = pathOf(args)
        const handler = args[path === '' && args[0]?.kind !== 'string' ? 0 : 1]
        // (A Kotlin handler may be a trailing lambda: `get("/x") { ctx -> ... }`.)
        if (handler === undefined && blockOf(masked, call)[1] === call.end()) continue
        const around = blocks.filter(({ span }) => span[0] < call.offset && call.offset < span[1]).map((block) => block.path)
        const route = rooted([...around, path].reduce((prefix, part) => joinRoute(prefix, part), ''))
        drafts.push(callDraft(call, { kind: 'http-route', framework, method, route, handler: handlerOf(handler) }))
      }
      return drafts
    },
  }
}
