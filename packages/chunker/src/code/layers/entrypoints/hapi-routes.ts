import { dependentFramework } from '@rag/core'
import { keyArg, type Arg } from '../args.js'
import type { EntrypointDraft, FileFacts, MountFact } from '../facts.js'
import { JS_LANGUAGES, joinRoute, type DetectContext, type EntrypointDetector } from './detector.js'
import { statementDraft } from './file-route-drafts.js'
import { objectEntries, openingBrace, type ObjectEntry } from './object-literal.js'
import { constantNames } from './route-records.js'

/** The packages of hapi: the scoped one, and the name it had before v19. */
const HAPI_MODULES = ['@hapi/hapi', 'hapi']

/** A `method:` key with a string or a list of strings after it: where a route object may be (in the masked text, strings blank). */
const METHOD_KEY = /\bmethod\s*:\s*[[`'"]/g

/** A string literal as a whole value. */
const STRING = /^\s*(['"`])([^'"`]*)\1\s*$/

/** A dotted name as a whole value: a member of a constant (`ROUTES.USERS`). */
const DOTTED = /^\s*([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+)\s*$/

/** A (dotted) name as a whole value: a handler, or an object holding one (`config: Users.create`). */
const NAME = /^\s*([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*$/

/** The methods a route object's `method` holds: `'GET'`, `['GET', 'POST']`, `'*'`; upper-cased. */
function methodsOf(text: string, entry: ObjectEntry): string[] {
  const value = text.slice(entry.valueStart, entry.valueEnd).trim()
  const listed = value.startsWith('[') ? value.slice(1, value.lastIndexOf(']')).split(',') : [value]
  const out: string[] = []
  for (const item of listed) {
    const method = STRING.exec(item)?.[2]
    if (method === undefined || !/^(?:\*|[A-Za-z]+)$/.test(method)) return []
    out.push(method.toUpperCase())
  }
  return out
}

/**
 * What serves a route object: its `handler` (a name, `''` for a function written in place), the
 * `handler` of the route options its `options` or `config` names (`config: Users.create` is
 * `Users.create.handler`), or the `handler` inside an object written there.
 * `undefined` when it has none: no route.
 */
function handlerOf(text: string, masked: string, entries: readonly ObjectEntry[]): string | undefined {
  const handler = entries.find((entry) => entry.key === 'handler')
  if (handler !== undefined) return NAME.exec(text.slice(handler.valueStart, handler.valueEnd))?.[1] ?? ''
  const options = entries.find((entry) => entry.key === 'options' || entry.key === 'config')
  if (options === undefined) return undefined
  // (The options' own `handler`, a method of the object another module exports: `insert.handler` of `module.exports = { insert: { handler() {} } }`.)
  const named = NAME.exec(text.slice(options.valueStart, options.valueEnd))?.[1]
  if (named !== undefined) return `${named}.handler`
  const open = /^\s*\{/.exec(masked.slice(options.valueStart, options.valueEnd))
  if (open === null) return undefined
  const inner = objectEntries(masked, options.valueStart + open[0].length - 1).find((entry) => entry.key === 'handler')
  return inner === undefined ? undefined : (NAME.exec(text.slice(inner.valueStart, inner.valueEnd))?.[1] ?? '')
}

/**
 * hapi's routes: each route object `{ method: 'GET', path: '/users/{id}', handler }` (also with
 * its handler in `options` or `config`, or a list of methods), whether handed to `server.route()`
 * or kept in a table a module exports (`module.exports = [{ method: 'POST', path: '/x', config:
 * Users.create }]`), as hapi apps split them: one route per method, at its path as written
 * (`{id}`, `{path*}`; a constant's member, `path: PATHS.health`, as the graph reads it), handled
 * by the named function or route options. A module that does not
 * import hapi has such routes where its package depends on it (the layer graph reads that).
 */
export const hapiRoutes: EntrypointDetector = {
  framework: 'hapi',
  languages: JS_LANGUAGES,
  imports: HAPI_MODULES,
  opens: (context) => context.facts.masked.includes('method') && /\bpath\s*:/.test(context.facts.masked),
  detect(context: DetectContext): EntrypointDraft[] {
    const { text, masked } = context.facts
    const framework = HAPI_MODULES.some((module) => context.imports(module)) ? 'hapi' : dependentFramework(HAPI_MODULES.map((module) => [module, 'hapi']))
    const drafts: EntrypointDraft[] = []
    const seen = new Set<number>()
    let constants: Set<string> | undefined
    for (const match of masked.matchAll(METHOD_KEY)) {
      const open = openingBrace(masked, match.index - 1)
      if (open < 0 || seen.has(open)) continue
      seen.add(open)
      const entries = objectEntries(masked, open)
      const methodEntry = entries.find((entry) => entry.key === 'method')
      const pathEntry = entries.find((entry) => entry.key === 'path')
      const written = pathEntry === undefined ? undefined : text.slice(pathEntry.valueStart, pathEntry.valueEnd)
      // (A constant's member, `path: ROUTES.USERS`, as the graph reads it: `{ROUTES.USERS}`; hapi's own `{id}` holds no dot.)
      const constant = written === undefined ? undefined : DOTTED.exec(written)?.[1]
      const path = written === undefined ? undefined : (STRING.exec(written)?.[2] ?? (constant !== undefined && (constants ??= constantNames(context.facts)).has(constant.split('.')[0]!) ? `/{${constant}}` : undefined))
      if (methodEntry === undefined || path === undefined || !path.startsWith('/')) continue
      const handler = handlerOf(text, masked, entries)
      if (handler === undefined) continue
      for (const method of methodsOf(text, methodEntry)) drafts.push(statementDraft(text, methodEntry.keyOffset, { framework, method, route: path }, handler))
    }
    return drafts
  },
}

/** The `routes: { prefix: '/x' }` of a plugin registration's options, or `''`. */
function routesPrefix(options: Arg | undefined): string {
  const routes = options?.kind === 'list' ? keyArg(options.items, 'routes') : undefined
  const prefix = routes?.kind === 'list' ? keyArg(routes.items, 'prefix') : undefined
  return prefix?.kind === 'string' ? prefix.value : ''
}

/** A registered plugin as a mount target: its (dotted) name, or `require('./x')` / `import('./x')` of a project module. */
function pluginTarget(plugin: Arg | undefined): string | undefined {
  if (plugin?.kind === 'name') return plugin.value
  const module = plugin?.kind === 'call' && (plugin.value === 'require' || plugin.value === 'import') ? plugin.items[0] : undefined
  return module?.kind === 'string' && /^\.{1,2}\//.test(module.value) ? `${plugin!.value}('${module.value}')` : undefined
}

/**
 * hapi's plugins registered under a path: `server.register(require('./users'), { routes: { prefix:
 * '/users' } })`, `server.register({ plugin: Users, routes: { prefix: '/users' } })`, and lists of
 * either (the options' prefix before each item's own). Each mounts the plugin's module, whose
 * routes (`server.route(...)` in its `register`, or the tables it declares) are served under the
 * prefix, and under the prefixes of the plugin that registers it. Only registrations with a
 * prefix: a plugin registered without one serves its routes as declared.
 */
export function hapiPluginMounts(facts: FileFacts): MountFact[] {
  if (!JS_LANGUAGES.includes(facts.language) || !facts.masked.includes('prefix')) return []
  const out: MountFact[] = []
  for (const call of facts.calls) {
    if (call.name !== 'register' || !call.receiver) continue
    const [plugins, options] = call.args().filter((arg) => !arg.key)
    const outer = routesPrefix(options)
    const items = plugins?.kind === 'list' && plugins.value.startsWith('[') ? plugins.items : plugins === undefined ? [] : [plugins]
    for (const item of items) {
      // `{ plugin: Users, routes: { prefix: '/users' } }`, or the plugin itself.
      const described = item.kind === 'list' && item.value.startsWith('{') ? keyArg(item.items, 'plugin') : undefined
      const target = pluginTarget(described ?? item)
      const prefix = joinRoute(outer, described === undefined ? '' : routesPrefix(item))
      if (target !== undefined && prefix !== '') out.push({ target, prefix, router: '', row: call.row, offset: call.offset })
    }
  }
  return out
}
