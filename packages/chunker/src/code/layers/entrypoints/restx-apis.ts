import { keyArg, keyedString, stringArg } from '../args.js'
import type { CallFact, FileFacts, MountFact } from '../facts.js'
import { joinRoute } from './detector.js'

/**
 * The prefix a Flask-RESTX (Flask-RESTPlus, Flask-RESTful) `Api` puts before its routes, for a call
 * that makes one: `Api(blueprint, prefix='/v1')` serves under the blueprint's `url_prefix` in this
 * file (`prefixOf`), then its own `prefix=`. `undefined` for any other call, or an `Api` with neither.
 */
export function apiPrefix(call: CallFact, prefixOf: (name: string) => string): string | undefined {
  if (call.name !== 'Api') return undefined
  const args = call.args()
  const wrapped = keyArg(args, 'app') ?? args.find((arg) => !arg.key)
  const own = keyedString(args, 'prefix')
  const base = wrapped?.kind === 'name' ? prefixOf(wrapped.value) : ''
  return base === '' && own === undefined ? undefined : joinRoute(base, own ?? '')
}

/**
 * Variables assigned an `Api(...)` more than once in the file (a test module's `api = Api(app,
 * prefix='/foo')` in each test): which prefix a route on one of them gets is not known at file
 * level, so they get none from {@link apiPrefix}.
 */
export function reassignedApis(calls: readonly CallFact[]): Set<string> {
  const seen = new Set<string>()
  const out = new Set<string>()
  for (const call of calls) {
    const variable = call.name === 'Api' ? call.assignedTo() : undefined
    if (variable === undefined) continue
    if (seen.has(variable)) out.add(variable)
    seen.add(variable)
  }
  return out
}

/** `api.add_namespace(ns, path='/todos')`: the namespace added, and the `path=` that replaces its own, if any. */
function addedNamespace(call: CallFact): { readonly namespace: string; readonly path: string | undefined } | undefined {
  if (call.name !== 'add_namespace' || !call.receiver) return undefined
  const args = call.args()
  const namespace = keyArg(args, 'ns') ?? args.find((arg) => !arg.key)
  return namespace?.kind === 'name' ? { namespace: namespace.value, path: stringArg(args, 1, ['path']) } : undefined
}

/**
 * A namespace's prefix after `api.add_namespace(ns, path=...)` in the file that defines it: the
 * api's prefix, then `path=` when given (it replaces the namespace's own path, as Flask-RESTX's
 * `Api.ns_urls` does), else the namespace's own path (`ownPrefix`). `undefined` for any other call.
 */
export function namespacePrefix(call: CallFact, prefixOf: (name: string) => string): { readonly namespace: string; readonly prefix: string } | undefined {
  const added = addedNamespace(call)
  if (added === undefined) return undefined
  return { namespace: added.namespace, prefix: joinRoute(prefixOf(call.receiver), added.path ?? prefixOf(added.namespace)) }
}

/**
 * Namespaces of other files added to an api of this one (`from .cat import api as cat_api`, then
 * `api.add_namespace(cat_api)`): each is mounted at the api's prefix here (the blueprint it wraps,
 * its `prefix=`). The namespace's own path is already in its routes; a `path=` that replaces it
 * across files is not applied (its routes keep their namespace's own path).
 */
export function namespaceMountFacts(facts: FileFacts, prefixOf: (receiver: string) => string): MountFact[] {
  if (facts.language !== 'python' || !facts.calls.some((call) => call.name === 'add_namespace')) return []
  const imported = new Set(facts.imports.flatMap((fact) => fact.names.map((name) => name.alias ?? name.name)))
  const out: MountFact[] = []
  for (const call of facts.calls) {
    const added = addedNamespace(call)
    if (added === undefined || !imported.has(added.namespace.split('.')[0] as string)) continue
    out.push({ target: added.namespace, prefix: prefixOf(call.receiver), router: call.receiver, row: call.row, offset: call.offset })
  }
  return out
}
