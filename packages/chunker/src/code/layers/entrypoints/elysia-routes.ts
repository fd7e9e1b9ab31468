import { JS_LANGUAGES, rooted, type DetectContext } from './detector.js'
import { callbackGroupScopes } from './group-scopes.js'
import { verbCallRoutes, type PrefixScope } from './route-shapes.js'

/** `new Elysia({ prefix: '/user' })`: an instance made with a prefix (its path in group 2). */
const PREFIXED_INSTANCE = /\bnew\s+Elysia\s*\(\s*\{[^{}]*?\bprefix\s*:\s*(['"`])([^'"`$]*)\1/g

/**
 * Where a method chain that starts at `start` in masked text ends: at a `;` outside brackets, at a
 * bracket that closes one the chain is inside (`app.use(new Elysia().get(...))`), or at a line
 * break outside brackets after which the next line does not continue the chain with `.`.
 */
function chainEnd(masked: string, start: number): number {
  let depth = 0
  for (let at = start; at < masked.length; at++) {
    const char = masked[at]
    if (char === '(' || char === '[' || char === '{') depth++
    else if (char === ')' || char === ']' || char === '}') {
      if (--depth < 0) return at
    } else if (depth === 0 && (char === ';' || (char === '\n' && !/^\s*\./.test(masked.slice(at + 1, at + 200))))) return at
  }
  return masked.length
}

/**
 * The prefixes Elysia gives parts of a file: a chain on `new Elysia({ prefix: '/user' })`, and
 * the callback of `.group('/v1', (app) => app.get(...))` (also with hooks between:
 * `.group('/v1', { beforeHandle }, (app) => ...)`).
 */
function elysiaScopes(context: DetectContext): PrefixScope[] {
  const { facts } = context
  const masked = facts.masked || facts.text
  const out: PrefixScope[] = []
  for (const match of facts.text.matchAll(PREFIXED_INSTANCE)) out.push({ start: match.index, end: chainEnd(masked, match.index), prefix: match[2] as string })
  return [...out, ...callbackGroupScopes(context)].sort((a, b) => a.start - b.start)
}

/**
 * Elysia: `app.get('/user/:id', handler, { hooks })` (the handler right after the path, hooks
 * after it), under the prefix of a `new Elysia({ prefix })` chain or variable and of `.group()`
 * callbacks; a plugin instance another file `.use()`s is mounted like a Hono app.
 */
export const elysiaRoutes = verbCallRoutes({
  framework: 'elysia',
  languages: JS_LANGUAGES,
  builtPaths: true,
  imports: ['elysia'],
  // An app or plugin made in the file, whatever module it imports Elysia from (a re-export, a workspace alias).
  mentions: /\bnew\s+Elysia\b/,
  // (`.ws('/chat', { message })`: a WebSocket route, served on the upgrade's GET.)
  verbs: { get: 'GET', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE', head: 'HEAD', options: 'OPTIONS', all: '*', ws: 'GET' },
  pathStart: /^[/*]/,
  rootIsPrefix: true,
  handlerBeforeMiddleware: () => true,
  // A handler may be a value: `.get('/', 'Hello Elysia')`, `.ws('/chat', { message(ws, m) { ... } })`.
  literalHandlers: true,
  // Elysia roots every path and prefix: `.get('*')` is `/*`, `new Elysia({ prefix: 'v1' })` serves `/v1/...`.
  normalise: rooted,
  scopes: elysiaScopes,
})
