import { keyArg, stringList, type Arg } from '../args.js'
import type { EntrypointDraft } from '../facts.js'
import { BLUEPRINT_RECEIVER, callDraft, decoratorReceiver, handlerOf, joinRoute, ownEntry, type DetectContext, type EntrypointDetector } from './detector.js'

/** Where a registration call keeps its path, handler and methods, and what it means without methods. */
interface Registration {
  readonly framework: string
  /** Modules one of which the file imports. */
  readonly imports: readonly string[]
  /** Receivers that register without an import of the framework (a blueprint's routes module imports only its blueprint). */
  readonly receivers?: RegExp
  /** The callee name: `add_url_rule`, `add_api_route`, `add_resource`. */
  readonly call: string
  /** Positions of the path arguments (`add_resource(Todo, '/todos', '/todos/<id>')`: every one from 1 on). */
  readonly paths: { readonly from: number; readonly all?: boolean; readonly key?: string }
  /** The handler: a keyword argument, else the positional one at `position`. */
  readonly handler: { readonly key?: string; readonly position: number }
  /** Methods when the call names none: Flask's and FastAPI's `GET`, `*` for a class that answers several. */
  readonly defaultMethod: string
}

/**
 * Routes registered by a call rather than a decorator, one entry per framework:
 * Flask's `bp.add_url_rule('/users/<int:id>', view_func=UserAPI.as_view('user'), methods=['GET'])`,
 * FastAPI's `router.add_api_route('/items', list_items, methods=['GET'])`, Flask-RESTful's and
 * Flask-RESTX's `api.add_resource(Todo, '/todos/<id>', '/todo')`.
 */
const REGISTRATIONS: readonly Registration[] = [
  { framework: 'flask', imports: ['flask'], receivers: BLUEPRINT_RECEIVER, call: 'add_url_rule', paths: { from: 0, key: 'rule' }, handler: { key: 'view_func', position: 2 }, defaultMethod: 'GET' },
  { framework: 'quart', imports: ['quart'], call: 'add_url_rule', paths: { from: 0, key: 'rule' }, handler: { key: 'view_func', position: 2 }, defaultMethod: 'GET' },
  { framework: 'fastapi', imports: ['fastapi'], call: 'add_api_route', paths: { from: 0, key: 'path' }, handler: { key: 'endpoint', position: 1 }, defaultMethod: 'GET' },
  { framework: 'flask-restful', imports: ['flask_restful'], call: 'add_resource', paths: { from: 1, all: true }, handler: { position: 0 }, defaultMethod: '*' },
  { framework: 'flask-restx', imports: ['flask_restx'], call: 'add_resource', paths: { from: 1, all: true }, handler: { position: 0 }, defaultMethod: '*' },
]

/** A registration's paths: its keyword path, else the positional one at `from` (with `all`, every one from there on). */
function paths(args: readonly Arg[], positional: readonly Arg[], where: Registration['paths']): string[] {
  const keyed = where.key ? keyArg(args, where.key) : undefined
  const chosen = keyed ? [keyed] : where.all ? positional.slice(where.from) : positional.slice(where.from, where.from + 1)
  return chosen.flatMap((arg) => (arg.kind === 'string' ? [arg.value] : []))
}

/**
 * The registration call's name, and the methods of the file's classes that make it on `self`
 * (redash's `ApiExt.add_org_resource(self, resource, *urls)` calling `self.add_resource(resource,
 * *urls)`): calls of those register the same way.
 */
function registeringCallees(context: DetectContext, call: string): ReadonlySet<string> {
  const out = new Set([call])
  for (const fact of context.facts.calls) {
    if (fact.name !== call || fact.receiver !== 'self') continue
    const method = context.enclosing(fact.offset)
    if (method?.kind === 'method') out.add(method.name)
  }
  return out
}

/** The detector of one {@link Registration}: every `receiver.call(...)` of it, one route per path and method. */
function detector(entry: Registration): EntrypointDetector {
  return {
    framework: entry.framework,
    languages: ['python'],
    imports: entry.imports,
    ...(entry.receivers ? { receivers: entry.receivers } : {}),
    detect(context: DetectContext): EntrypointDraft[] {
      const drafts: EntrypointDraft[] = []
      const imported = entry.imports.some((module) => context.imports(module))
      const callees = registeringCallees(context, entry.call)
      for (const call of context.facts.calls) {
        if (!callees.has(call.name) || !call.receiver) continue
        // Without an import of the framework, only a receiver named like one of its objects counts.
        if (!imported && !entry.receivers?.test(call.receiver)) continue
        const args = call.args()
        const positional = args.filter((arg) => !arg.key)
        const view = (entry.handler.key ? keyArg(args, entry.handler.key) : undefined) ?? positional[entry.handler.position]
        // Flask's `app.add_url_rule('/', endpoint='index')` names no view: the rule serves an endpoint another registration defines (the flaskr tutorial's alias of `blog.index`).
        if (view === undefined && (entry.framework === 'flask' || entry.framework === 'quart')) continue
        // A class-based view (`UserAPI.as_view('user')`) answers the methods it defines.
        const classView = view?.kind === 'call' && view.value.endsWith('.as_view')
        const handler = classView && view.kind === 'call' ? view.value.slice(0, -'.as_view'.length) : handlerOf(view)
        const named = stringList(keyArg(args, 'methods')).map((method) => method.toUpperCase())
        const methods = named.length > 0 ? named : [classView ? '*' : entry.defaultMethod]
        for (const path of paths(args, positional, entry.paths)) {
          const route = joinRoute(context.prefixOf(call.receiver), path)
          for (const method of methods) drafts.push(callDraft(call, { kind: 'http-route', framework: entry.framework, method, route, handler }))
        }
      }
      return drafts
    },
  }
}

/** The HTTP methods a resource class answers, by method name (Flask's `MethodView`, Flask-RESTX's `Resource`). */
const RESOURCE_METHODS: Readonly<Record<string, string>> = { get: 'GET', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE', head: 'HEAD', options: 'OPTIONS' }

/**
 * Resource classes routed by a class decorator, as Flask-RESTX (and Flask-RESTPlus) and
 * flask-smorest write them: `@ns.route('/todos/<int:id>')` over `class Todo(Resource)` routes
 * each of its `get`, `post`, ... methods, under the namespace's or blueprint's prefix in this file.
 */
const resourceClassRoutes: EntrypointDetector = {
  framework: 'flask-restx',
  languages: ['python'],
  imports: ['flask_restx', 'flask_restplus', 'flask_smorest'],
  detect(context: DetectContext): EntrypointDraft[] {
    const framework = context.imports('flask_smorest') && !context.imports('flask_restx') && !context.imports('flask_restplus') ? 'flask-smorest' : 'flask-restx'
    const { symbols } = context.facts
    const drafts: EntrypointDraft[] = []
    for (const owner of symbols) {
      if (owner.kind !== 'class') continue
      for (const decorator of owner.decorators) {
        const receiver = decoratorReceiver(decorator)
        if (receiver === '' || decorator.name !== `${receiver}.route`) continue
        const routes = decorator.args.filter((arg) => !arg.key && arg.kind === 'string').map((arg) => joinRoute(context.prefixOf(receiver), arg.value))
        for (const method of symbols) {
          const verb = method.parent === owner && method.kind === 'method' ? ownEntry(RESOURCE_METHODS, method.name) : undefined
          if (verb === undefined) continue
          for (const route of routes) {
            drafts.push({ kind: 'http-route', framework, method: verb, route, handler: method.qname, row: decorator.row, endRow: method.endRow, offset: method.start, text: decorator.text, declaring: method, router: receiver })
          }
        }
      }
    }
    return drafts
  },
}

/** The registration-call detectors ({@link REGISTRATIONS}) and the resource-class one. */
export const REGISTERED_ROUTE_DETECTORS: readonly EntrypointDetector[] = [...REGISTRATIONS.map(detector), resourceClassRoutes]
