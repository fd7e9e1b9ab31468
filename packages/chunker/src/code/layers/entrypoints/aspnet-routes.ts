import type { EntrypointDraft, SymbolFact } from '../facts.js'
import type { DetectContext, EntrypointDetector } from './detector.js'
import { decoratorDraft, joinRoute, rooted } from './detector.js'
import { verbCallRoutes } from './route-shapes.js'
import { decoratedRoutes, decoratorPaths } from './decorated-routes.js'

/** What a controller file shows of itself: `[ApiController]`, or a class deriving from `Controller`/`ControllerBase`. */
const CONTROLLER_MARK = /\[ApiController\b|\bclass\s+\w+\s*:\s*(?:Controller|ControllerBase)\b/

/** ASP.NET Core's attribute routing on controllers: `[HttpGet("{id}")]` under the class's `[Route("api/[controller]")]`. */
const attributeRoutes = decoratedRoutes({
  framework: 'aspnet',
  languages: ['csharp'],
  imports: ['Microsoft.AspNetCore'],
  // A project's `global using Microsoft.AspNetCore.Mvc;` (or its implicit usings) leaves the file without one: a controller shows itself.
  mentions: CONTROLLER_MARK,
  verbs: { HttpGet: 'GET', HttpPost: 'POST', HttpPut: 'PUT', HttpDelete: 'DELETE', HttpPatch: 'PATCH', HttpHead: 'HEAD', HttpOptions: 'OPTIONS' },
  classPrefix: ['Route'],
  pathKeys: ['template'],
  normalise: rooted,
  // A template starting with `/` or `~/` ignores the controller's `[Route]`.
  fromRoot: (path) => (/^~?\//.test(path) ? path.replace(/^~/, '') : undefined),
})

/** An action's verb attribute: `[HttpGet]`, `[HttpPost("{id}")]`. */
const VERB_ATTRIBUTE = /^Http[A-Z]/

/** The value of a controller's `[Area("Admin")]`, else `undefined`. */
function areaOf(controller: SymbolFact | undefined): string | undefined {
  const area = controller?.decorators.find((d) => d.name === 'Area')
  return area ? decoratorPaths(area.args, ['areaName'])[0] : undefined
}

/** `route` with ASP.NET's tokens replaced: `[controller]`, `[action]`, and `[area]` when the controller names one. */
function replaceTokens(route: string, action: SymbolFact | undefined): string {
  const controller = (action?.parent?.name ?? '').replace(/Controller$/, '')
  const area = areaOf(action?.parent)
  const replaced = route.replace(/\[controller\]/gi, controller).replace(/\[action\]/gi, action?.name ?? '')
  return area === undefined ? replaced : replaced.replace(/\[area\]/gi, area)
}

/** Methods of a controller's that are no action: `Dispose`, and the filter hooks of `Controller` it overrides. */
const NOT_ACTIONS: ReadonlySet<string> = new Set(['Dispose', 'OnActionExecuting', 'OnActionExecuted', 'OnActionExecutionAsync'])

/**
 * Whether a method of a controller is an action as ASP.NET discovers them: public, not static, not
 * a constructor, an `override` (a filter hook), a generic method or `Dispose`.
 */
function isAction(method: SymbolFact, controller: SymbolFact): boolean {
  const { signature, name } = method
  const open = signature.indexOf('(')
  const head = open < 0 ? signature : signature.slice(0, open)
  // (A generic method is `Export<T>(...)`; `Task<IActionResult> Index()` is an action.)
  const generic = head.trimEnd().endsWith('>') && !head.trimEnd().endsWith(`${name}`)
  return /^\s*public\b/.test(signature) && !/\b(?:static|override|abstract)\b/.test(head) && name !== controller.name && !NOT_ACTIONS.has(name) && !generic
}

/**
 * The actions of a controller whose `[Route]` names `[action]` (`[Route("[area]/[controller]/[action]")]`)
 * that have no verb attribute: ASP.NET serves each public method there, for any method (`*`).
 */
function unverbedActions(context: DetectContext, drafted: ReadonlySet<SymbolFact>): EntrypointDraft[] {
  const drafts: EntrypointDraft[] = []
  for (const symbol of context.facts.symbols) {
    const controller = symbol.parent
    if (symbol.kind !== 'method' || controller === undefined || drafted.has(symbol) || !/Controller$/.test(controller.name)) continue
    const route = controller.decorators.find((d) => d.name === 'Route')
    const template = route ? (decoratorPaths(route.args, ['template'])[0] ?? '') : ''
    if (!route || !/\[action\]/i.test(template) || !isAction(symbol, controller)) continue
    if (symbol.decorators.some((d) => VERB_ATTRIBUTE.test(d.name) || d.name === 'NonAction' || d.name === 'Route' || d.name === 'AcceptVerbs')) continue
    const made = decoratorDraft(symbol, route, { kind: 'http-route', framework: 'aspnet', method: '*', route: rooted(replaceTokens(template, symbol)) })
    drafts.push({ ...made, row: symbol.startRow, router: controller.name })
  }
  return drafts
}

/**
 * ASP.NET Core controllers: the verb attributes of action methods under the controller's
 * `[Route]` (a template from the root, `/x` or `~/x`, ignores it), with its tokens replaced as
 * ASP.NET does: `[controller]` is the class name without `Controller` (`TodoItems`), `[action]`
 * the method's, `[area]` the controller's `[Area]`; and under a `[Route]` naming `[action]`, the
 * public methods without a verb attribute, for any method.
 */
export const aspNetControllers: EntrypointDetector = {
  ...attributeRoutes,
  detect(context: DetectContext) {
    const drafts = attributeRoutes.detect(context).map((draft) => {
      const action = draft.declaring
      const controller = (action?.parent?.name ?? '').replace(/Controller$/, '')
      const template = actionTemplate(action, controller) ?? draft.route
      const route = replaceTokens(template, action)
      return route === draft.route ? draft : { ...draft, route }
    })
    return [...drafts, ...unverbedActions(context, new Set(drafts.flatMap((draft) => draft.declaring ?? [])))]
  },
}

/**
 * The route of an action whose verb attribute names no template, when something else does: a
 * `[Route("Logout")]` on the action (under the controller's `[Route]`; `~/x` or `/x` from the
 * root), or, with no `[Route]` on either, the conventional `{controller}/{action}` route of
 * `MapDefaultControllerRoute()` (`/Account/Login`). `undefined` when the verb's template stands.
 */
function actionTemplate(action: SymbolFact | undefined, controller: string): string | undefined {
  const verb = action?.decorators.find((d) => /^Http[A-Z]/.test(d.name))
  if (!action || !verb || (decoratorPaths(verb.args, ['template'])[0] ?? '') !== '') return undefined
  const own = action.decorators.find((d) => d.name === 'Route')
  const around = action.parent?.decorators.find((d) => d.name === 'Route')
  const path = own ? (decoratorPaths(own.args, ['template'])[0] ?? '') : ''
  if (own && /^~?\//.test(path)) return rooted(path.replace(/^~/, ''))
  if (own) return rooted(joinRoute(around ? (decoratorPaths(around.args, ['template'])[0] ?? '') : '', path))
  return around ? undefined : `/${controller}/${action.name}`
}

/**
 * ASP.NET Core minimal APIs: `app.MapGet("/todos/{id}", handler)` and the other verbs, under the
 * prefix of a `MapGroup("/todos")` the receiver holds; also handler first, as a project's own
 * extension methods take it (`group.MapPut(UpdateTodoItem, "{id}")`). Program files often rely on
 * implicit usings, so a plain receiver is enough, without an import.
 */
export const aspNetMinimalApis: EntrypointDetector = verbCallRoutes({
  framework: 'aspnet',
  languages: ['csharp'],
  imports: ['Microsoft.AspNetCore'],
  receivers: /^[A-Za-z_]\w*$/,
  verbs: { MapGet: 'GET', MapPost: 'POST', MapPut: 'PUT', MapDelete: 'DELETE', MapPatch: 'PATCH' },
  normalise: rooted,
  // A group's root (`todos.MapPost("/", ...)` on `MapGroup("/todos")`) is `/todos`: ASP.NET matches either.
  rootIsPrefix: true,
  handlerFirst: true,
})

/**
 * ASP.NET Core's `app.Map("/", handler)`: a route of every method. Its path comes first and starts
 * with `/` (AutoMapper's `mapper.Map(source)` and Mapster's are no routes).
 */
export const aspNetMapAnyMethod: EntrypointDetector = verbCallRoutes({
  framework: 'aspnet',
  languages: ['csharp'],
  imports: ['Microsoft.AspNetCore'],
  receivers: /^[A-Za-z_]\w*$/,
  verbs: { Map: '*' },
  pathStart: /^\//,
  normalise: rooted,
  rootIsPrefix: true,
})
