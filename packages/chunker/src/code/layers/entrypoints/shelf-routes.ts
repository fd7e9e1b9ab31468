import { parseBracketedAt } from '../args.js'
import type { EntrypointDraft, FileFacts, MountFact } from '../facts.js'
import { handlerOf, rowOfOffset, type DetectContext, type EntrypointDetector } from './detector.js'

/** shelf_router's verbs, `all` for any method. */
const VERBS: Readonly<Record<string, string>> = { get: 'GET', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE', head: 'HEAD', options: 'OPTIONS', connect: 'CONNECT', trace: 'TRACE', all: '*' }

/**
 * A registration as the masked code writes it: on a router's name (`router.get(`, `app.post(`) or
 * in a cascade on the router made before it (`Router()..get(`, `..post(`, `_router..all(`). Group
 * 1: the name, absent in a cascade; group 2: the verb.
 */
const REGISTRATION = /(?:(?<![\w$.])([A-Za-z_$][\w$]*)\s*\.|\.\.)\s*(get|post|put|patch|delete|head|options|connect|trace|all)\s*\(/g

/**
 * shelf_router's routes: `router.get('/users/<id>', handler)` and cascades on a `Router()`
 * (`Router()..get('/helloworld', _helloWorldHandler)..post(...)`, which the call scan does not
 * read), each a path starting with `/` and a handler, no more (an HTTP client's `http.get(uri)`,
 * `client.get('/x', headers: h)` are none). Parameters are kept as written (`<id|[0-9]+>`).
 */
export const shelfRoutes: EntrypointDetector = {
  framework: 'shelf_router',
  languages: ['dart'],
  imports: ['package:shelf_router'],
  detect(context: DetectContext): EntrypointDraft[] {
    const { text, masked } = context.facts
    const drafts: EntrypointDraft[] = []
    for (const match of masked.matchAll(REGISTRATION)) {
      const open = match.index + match[0].length - 1
      const args = parseBracketedAt(text, open)
      const [path, handler, ...rest] = args ?? []
      if (path?.kind !== 'string' || !path.value.startsWith('/') || handler === undefined || handler.key || rest.length > 0 || path.key) continue
      const lineEnd = text.indexOf('\n', match.index)
      const router = match[1]
      drafts.push({
        kind: 'http-route',
        framework: 'shelf_router',
        method: VERBS[match[2] as string] as string,
        route: path.value,
        handler: handlerOf(handler),
        row: rowOfOffset(text, match.index),
        offset: match.index,
        text: text.slice(match.index, lineEnd < 0 ? undefined : lineEnd).trim().slice(0, 200),
        ...(router ? { router } : {}),
      })
    }
    return drafts
  },
}

/** `app.mount('/api/', Api().router.call)`, `..mount('/users/', UsersApi().router)`: a prefix and the class whose router it mounts. */
const MOUNT = /(?:(?<![\w$.])([A-Za-z_$][\w$]*)\s*\.|\.\.)\s*mount\s*\(/g

/**
 * shelf_router's mounts of a class's router, `..mount('/users/', UsersApi().router.call)`: the
 * routes the class's members declare (its `Router get router { ... }`) are served under the path.
 */
export function shelfMountFacts(facts: FileFacts): MountFact[] {
  if (facts.language !== 'dart' || !facts.text.includes('mount')) return []
  const out: MountFact[] = []
  for (const match of facts.masked.matchAll(MOUNT)) {
    const args = parseBracketedAt(facts.text, match.index + match[0].length - 1)
    const [path, router] = args ?? []
    // (`UsersApi().router.call` reads as an expression, `UsersApi()` as a call: the class either way.)
    const made = router === undefined ? undefined : /^(?:new\s+)?([A-Z]\w*)\s*\(/.exec(router.kind === 'call' ? `${router.value}(` : router.value)?.[1]
    if (path?.kind !== 'string' || !path.value.startsWith('/') || made === undefined) continue
    out.push({ target: made, prefix: path.value.replace(/\/+$/, ''), router: match[1] ?? '', row: rowOfOffset(facts.text, match.index), offset: match.index })
  }
  return out
}
