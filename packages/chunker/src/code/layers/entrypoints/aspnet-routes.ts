import type { DetectContext, EntrypointDetector } from './detector.js'
import { rooted } from './detector.js'
import { decoratedRoutes, verbCallRoutes } from './route-shapes.js'

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
})

/**
 * ASP.NET Core controllers: the verb attributes of action methods under the controller's
 * `[Route]`, with its tokens replaced as ASP.NET does: `[controller]` is the class name without
 * `Controller` (`TodoItems`), `[action]` the method's.
 */
export const aspNetControllers: EntrypointDetector = {
  ...attributeRoutes,
  detect(context: DetectContext) {
    return attributeRoutes.detect(context).map((draft) => {
      const action = draft.declaring
      const controller = (action?.parent?.name ?? '').replace(/Controller$/, '')
      const route = draft.route.replace(/\[controller\]/gi, controller).replace(/\[action\]/gi, action?.name ?? '')
      return route === draft.route ? draft : { ...draft, route }
    })
  },
}

/**
 * ASP.NET Core minimal APIs: `app.MapGet("/todos/{id}", handler)` and the other verbs, under the
 * prefix of a `MapGroup("/todos")` the receiver holds. Program files often rely on implicit
 * usings, so a plain receiver is enough, without an import.
 */
export const aspNetMinimalApis: EntrypointDetector = verbCallRoutes({
  framework: 'aspnet',
  languages: ['csharp'],
  imports: ['Microsoft.AspNetCore'],
  receivers: /^[A-Za-z_]\w*$/,
  verbs: { MapGet: 'GET', MapPost: 'POST', MapPut: 'PUT', MapDelete: 'DELETE', MapPatch: 'PATCH' },
  normalise: rooted,
})
