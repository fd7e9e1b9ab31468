import type { FileFacts, MountFact } from '../facts.js'
import { prefixWithin } from './group-scopes.js'
import type { PrefixScope } from './route-shapes.js'

/**
 * Where the argument that holds the code at `from` ends: the first `)` that closes a bracket opened
 * before `from`, or a `;` outside brackets (strings and line comments skipped); the text's end.
 */
function argumentEnd(text: string, from: number): number {
  let depth = 0
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 34) {
      // A string: to its closing quote.
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92) i++
    } else if (c === 47 && text.charCodeAt(i + 1) === 47) {
      while (i < text.length && text.charCodeAt(i) !== 10) i++
    } else if (c === 40 || c === 91 || c === 123) depth++
    else if (c === 41 || c === 93 || c === 125) {
      if (--depth < 0) return i
    } else if (c === 59 && depth === 0) return i
  }
  return text.length
}

/**
 * actix-web's scopes written in place: `.service(web::scope("/api").service(web::resource("users")...))`
 * puts `/api` before every route inside the argument that holds the scope. Outermost first.
 */
export function actixScopes(facts: FileFacts): PrefixScope[] {
  const out: PrefixScope[] = []
  for (const call of facts.calls) {
    if (call.name !== 'scope' || (call.receiver !== 'web' && call.receiver !== '')) continue
    const prefix = call.args()[0]
    if (prefix?.kind === 'string') out.push({ start: call.offset, end: argumentEnd(facts.text, call.offset), prefix: prefix.value })
  }
  return out.sort((a, b) => a.start - b.start)
}

/** A handler or function service written as a path: `get_user`, `handlers::list_items`. */
const SERVICE_PATH = /^[A-Za-z_]\w*(?:::[A-Za-z_]\w*)*$/

/**
 * actix-web's services added inside a scope by name: `web::scope("/api").service(get_user)` serves
 * the `#[get("/users/{id}")]` handler `get_user` (of this file or another: `handlers::get_user`) at
 * `/api/users/{id}`, as Rocket's `mount("/api", routes![...])` does (the handlers' files know no scope).
 */
export function actixServiceMountFacts(facts: FileFacts): MountFact[] {
  if (facts.language !== 'rust' || !facts.text.includes('scope(')) return []
  const scopes = actixScopes(facts)
  if (scopes.length === 0) return []
  const out: MountFact[] = []
  for (const call of facts.calls) {
    if (call.name !== 'service') continue
    const [service, ...rest] = call.args()
    if (service === undefined || rest.length > 0 || service.kind !== 'name' || !SERVICE_PATH.test(service.value)) continue
    const prefix = prefixWithin(scopes, call.offset)
    if (prefix !== '') out.push({ target: service.value.replace(/::/g, '.'), prefix, router: '', row: call.row, offset: call.offset })
  }
  return out
}
