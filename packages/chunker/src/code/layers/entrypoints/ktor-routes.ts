import { indexLines, rowAt } from '../../../lines.js'
import type { EntrypointDraft } from '../facts.js'
import { maskCode } from '../lexical/mask-code.js'
import { KOTLIN_SYNTAX } from '../lexical/syntaxes.js'
import { joinRoute, type DetectContext, type EntrypointDetector } from './detector.js'

const VERBS: Readonly<Record<string, string>> = { get: 'GET', post: 'POST', put: 'PUT', delete: 'DELETE', patch: 'PATCH', head: 'HEAD', options: 'OPTIONS' }

/**
 * A routing builder call followed by its block: `get("/x") {`, `get {`, `route("/api") {`,
 * `route("/x", HttpMethod.Get) {`. Not after a `.` or a name character: `map.get(k)` is no route.
 */
const BUILDER = /(?<![\w.$])(get|post|put|delete|patch|head|options|route)\s*(\([^()]*\))?\s*\{/g

/** The end of the `{...}` block opening at `open` in masked text. */
function blockEnd(masked: string, open: number): number {
  let depth = 0
  for (let i = open; i < masked.length; i++) {
    const c = masked[i]
    if (c === '{') depth++
    else if (c === '}' && --depth === 0) return i
  }
  return masked.length
}

/** The first string literal's content in `raw` (a call's argument list), if it is a plain one. */
function firstString(raw: string): string | undefined {
  const match = /^\(\s*"([^"$\\]*)"/.exec(raw)
  return match ? (match[1] as string) : undefined
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
  imports: ['io.ktor.server', 'io.ktor.routing', 'io.ktor.application'],
  detect(context: DetectContext): EntrypointDraft[] {
    const { text } = context.facts
    const masked = maskCode(text, KOTLIN_SYNTAX)
    const lines = indexLines(text)
    const drafts: EntrypointDraft[] = []
    const scopes: { end: number; path: string }[] = []
    for (const match of masked.matchAll(BUILDER)) {
      const start = match.index
      while (scopes.length > 0 && (scopes.at(-1) as { end: number }).end < start) scopes.pop()
      const args = match[2]
      const path = args ? firstString(text.slice(start + match[0].indexOf('('), start + match[0].indexOf('(') + args.length)) : ''
      if (path === undefined) continue
      const prefix = scopes.reduce((route, scope) => joinRoute(route, scope.path), '')
      const open = start + match[0].length - 1
      const name = match[1] as string
      if (name === 'route') {
        scopes.push({ end: blockEnd(masked, open), path })
        continue
      }
      const route = joinRoute(prefix, path) || '/'
      const row = rowAt(lines, start)
      const lineEnd = text.indexOf('\n', start)
      drafts.push({ kind: 'http-route', framework: 'ktor', method: VERBS[name] as string, route: route.startsWith('/') ? route : `/${route}`, handler: '', row, offset: start, text: text.slice(start, lineEnd < 0 ? undefined : lineEnd).trim().slice(0, 200) })
    }
    return drafts
  },
}
