import { indexLines, rowAt } from '../../../lines.js'
import type { EntrypointDraft, FileFacts, MountFact } from '../facts.js'
import { maskCode } from '../lexical/mask-code.js'
import { closingBracket } from '../lexical/brackets.js'
import { KOTLIN_SYNTAX } from '../lexical/syntaxes.js'
import { joinRoute, type DetectContext, type EntrypointDetector } from './detector.js'

/** The routing DSL's builders and the method each serves: a WebSocket or server-sent-event stream opens with a GET. */
const VERBS: Readonly<Record<string, string>> = { get: 'GET', post: 'POST', put: 'PUT', delete: 'DELETE', patch: 'PATCH', head: 'HEAD', options: 'OPTIONS', webSocket: 'GET', sse: 'GET' }

/** Modules a file imports when it builds Ktor server routes (Ktor 2+, and Ktor 1's packages). */
const KTOR_SERVER = ['io.ktor.server', 'io.ktor.routing', 'io.ktor.application']

/**
 * A routing builder call followed by its block: `get("/x") {`, `get {`, `webSocket("/chat") {`,
 * `route("/api") {`, `route("/x", HttpMethod.Get) {`. Not after a `.` or a name character: `map.get(k)` is no route.
 */
const BUILDER = /(?<![\w.$])(get|post|put|delete|patch|head|options|webSocket|sse|route)\s*(\([^()]*\))?\s*\{/g

/** A bare call without arguments standing as a statement: `authRoutes()`, a `Route` extension's call. */
const BARE_CALL = /(?<![\w.$])([A-Za-z_]\w*)\s*\(\s*\)\s*(?=[\n;}])/g

/** One `route(...) {}` or verb block: where it opens and ends, and its own path. */
interface Block {
  readonly start: number
  readonly end: number
  readonly verb: string | undefined
  readonly path: string
}

/** The end of the `{...}` block opening at `open` in masked text (its end when it does not close). */
function blockEnd(masked: string, open: number): number {
  const close = closingBracket(masked, open)
  return close < 0 ? masked.length : close
}

/** The first string literal's content in `raw` (a call's argument list), if it is a plain one. */
function firstString(raw: string): string | undefined {
  const match = /^\(\s*"([^"$\\]*)"/.exec(raw)
  return match ? (match[1] as string) : undefined
}

/** The routing blocks of a file, in document order, and its masked text. */
function ktorBlocks(text: string): { blocks: Block[]; masked: string } {
  const masked = maskCode(text, KOTLIN_SYNTAX)
  const blocks: Block[] = []
  for (const match of masked.matchAll(BUILDER)) {
    const start = match.index
    const args = match[2]
    const paren = start + match[0].indexOf('(')
    const path = args ? firstString(text.slice(paren, paren + args.length)) : ''
    if (path === undefined) continue
    const name = match[1] as string
    blocks.push({ start, end: blockEnd(masked, start + match[0].length - 1), verb: name === 'route' ? undefined : VERBS[name], path })
  }
  return { blocks, masked }
}

/** The `route` blocks around an offset, outermost first, and whether a verb's handler holds it. */
function around(blocks: readonly Block[], offset: number): { prefix: string; inHandler: boolean } {
  let prefix = ''
  let inHandler = false
  for (const block of blocks) {
    if (block.start >= offset) break
    if (block.end < offset) continue
    if (block.verb) inHandler = true
    else prefix = joinRoute(prefix, block.path)
  }
  return { prefix, inHandler }
}

function importsKtorServer(facts: FileFacts): boolean {
  return facts.imports.some((fact) => KTOR_SERVER.some((module) => fact.specifier === module || fact.specifier.startsWith(`${module}.`)))
}

/**
 * Ktor's routing DSL: `get("/x") { ... }` (and the other verbs) inside `routing { ... }` or a
 * `Route` extension, under the paths of the `route("/api") { ... }` blocks around it; a verb
 * without a path serves its enclosing route. Read from the masked text (strings and comments
 * blanked), since a trailing-lambda call such as `get { }` has no parentheses the call scan sees.
 */
export const ktorRoutes: EntrypointDetector = {
  framework: 'ktor',
  languages: ['kotlin'],
  imports: KTOR_SERVER,
  detect(context: DetectContext): EntrypointDraft[] {
    const { text } = context.facts
    const { blocks } = ktorBlocks(text)
    const lines = indexLines(text)
    const drafts: EntrypointDraft[] = []
    for (const block of blocks) {
      if (!block.verb) continue
      const { prefix, inHandler } = around(blocks, block.start)
      // No route is declared inside a handler (`respondHtml { head { ... } }` is kotlinx.html's
      // <head>); nor is a bare `head { }` outside every `route` block (an HTML builder's).
      if (inHandler || (block.verb === 'HEAD' && block.path === '' && prefix === '')) continue
      const route = joinRoute(prefix, block.path) || '/'
      const lineEnd = text.indexOf('\n', block.start)
      const line = text.slice(block.start, lineEnd < 0 ? undefined : lineEnd).trim().slice(0, 200)
      drafts.push({ kind: 'http-route', framework: 'ktor', method: block.verb, route: route.startsWith('/') ? route : `/${route}`, handler: '', row: rowAt(lines, block.start), offset: block.start, text: line })
    }
    return drafts
  },
}

/**
 * Ktor's route extensions mounted under a path: `route("/api") { route("auth") { authRoutes() } }`
 * puts `/api/auth` before the routes `fun Route.authRoutes()` declares, wherever it is defined; a
 * mount inside another extension passes that one's own prefix on, and a bare call in an extension
 * outside its `route` blocks mounts the callee at no path of its own (`fun Route.apiRoutes() {
 * userRoutes() }` mounted at `/v1` puts `/v1` before `userRoutes`' routes).
 */
export function ktorMountFacts(facts: FileFacts): MountFact[] {
  if (facts.language !== 'kotlin' || !importsKtorServer(facts)) return []
  // Route extensions of the file: a bare call in one mounts the callee at its own place (`fun Route.api() { userRoutes() }`).
  const extensions = facts.symbols.filter((symbol) => symbol.kind === 'function' && ROUTE_EXTENSION.test(symbol.signature))
  if (!facts.text.includes('route') && extensions.length === 0) return []
  const { blocks, masked } = ktorBlocks(facts.text)
  if (!blocks.some((block) => !block.verb) && extensions.length === 0) return []
  const lines = indexLines(facts.text)
  const out: MountFact[] = []
  for (const match of masked.matchAll(BARE_CALL)) {
    const name = match[1] as string
    if (Object.hasOwn(VERBS, name) || name === 'route') continue
    const { prefix, inHandler } = around(blocks, match.index)
    if (inHandler) continue
    // (Outside every `route` block, only in a `Route` extension: what it calls is mounted where it is, at no path of its own.)
    if (prefix === '' && !extensions.some((extension) => match.index >= extension.start && match.index < extension.end)) continue
    out.push({ target: name, prefix: prefix === '' || prefix.startsWith('/') ? prefix : `/${prefix}`, router: '', row: rowAt(lines, match.index), offset: match.index })
  }
  return out
}

/** A `Route` extension function: `fun Route.userRoutes()`, `private fun Route.yearBasedRoutes()`. */
const ROUTE_EXTENSION = /\bfun\s+Route\.\w+\s*\(/
