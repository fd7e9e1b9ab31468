import type { EntrypointDraft, FileFacts, MountFact } from '../facts.js'
import { decoratorPaths } from './decorated-routes.js'
import { decoratorDraft, lastSegment, rooted, rowOfOffset, type DetectContext, type EntrypointDetector } from './detector.js'
import { definitionDraft } from './file-route-drafts.js'

/** The verb calls of an endpoint's `Configure()`: `Post("/api/users")`, with the method each declares. */
const VERBS: Readonly<Record<string, string>> = { Get: 'GET', Post: 'POST', Put: 'PUT', Delete: 'DELETE', Patch: 'PATCH', Head: 'HEAD', Options: 'OPTIONS', Query: 'QUERY' }

/** A FastEndpoints endpoint class: it derives from `Endpoint<...>`, `EndpointWithoutRequest` or the `Ep.Req<...>` builders. */
const ENDPOINT_BASE = /:\s*(?:FastEndpoints\.)?(?:Endpoint(?:WithoutRequest|WithMapping)?\b|Ep\s*\.\s*(?:Req|NoReq)\b)/

/** What marks a file as FastEndpoints' without a `using` of it (a project's `global using FastEndpoints;`). */
const ENDPOINT_MARK = /\bclass\s+\w+(?:<[^>]*>)?\s*:\s*(?:FastEndpoints\.)?(?:Endpoint(?:WithoutRequest)?\b|Ep\s*\.\s*(?:Req|NoReq)\b)/

/** The attributes that route an endpoint class without a `Configure()`: `[HttpGet("/x")]`, ... */
const VERB_ATTRIBUTES: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(VERBS).map(([name, method]) => [`Http${name}`, method]))

/** A method `Verbs(...)` names: `Http.POST` (FastEndpoints' enum) or `"POST"`. */
const VERB_NAMED = /\bHttp\.([A-Z]+)\b|"([A-Za-z]+)"/g

/** The method of an endpoint that handles its requests, in the order FastEndpoints looks for them. */
const HANDLERS = ['HandleAsync', 'ExecuteAsync']

/**
 * FastEndpoints' endpoints: a class deriving from `Endpoint<TRequest, TResponse>` (or
 * `EndpointWithoutRequest`, `Ep.Req<...>.Res<...>`) whose `Configure()` declares its route
 * (`Post("/api/user/create")`, several paths at once, or `Verbs(Http.POST, Http.PUT)` with
 * `Routes("/a", "/b")`), one route per path and method, handled by its `HandleAsync` (or
 * `ExecuteAsync`); or an endpoint class routed by an attribute instead (`[HttpPost("/api/users")]`).
 * A path given as a constant is read by the graph. The app's `RoutePrefix` comes before every endpoint's path
 * ({@link fastEndpointsPrefix}).
 */
export const fastEndpoints: EntrypointDetector = {
  framework: 'fastendpoints',
  languages: ['csharp'],
  imports: ['FastEndpoints'],
  mentions: ENDPOINT_MARK,
  detect(context: DetectContext): EntrypointDraft[] {
    const { symbols, calls } = context.facts
    const drafts: EntrypointDraft[] = []
    for (const endpoint of symbols) {
      if (endpoint.kind !== 'class' || !ENDPOINT_BASE.test(endpoint.signature)) continue
      const handler = HANDLERS.map((name) => symbols.find((symbol) => symbol.parent === endpoint && symbol.name === name)).find((symbol) => symbol !== undefined)
      const handlerName = handler?.qname ?? endpoint.qname
      // `[HttpPost("/api/users")]` on the class instead of a `Configure()`.
      for (const attribute of endpoint.decorators) {
        const method = VERB_ATTRIBUTES[lastSegment(attribute.name)]
        if (method === undefined) continue
        for (const route of decoratorPaths(attribute.args, ['routePattern'])) if (route !== '') drafts.push(decoratorDraft(endpoint, attribute, { kind: 'http-route', framework: 'fastendpoints', method, route: rooted(route), handler: handlerName }))
      }
      const configure = symbols.find((symbol) => symbol.parent === endpoint && symbol.kind === 'method' && symbol.name === 'Configure')
      if (configure === undefined) continue
      const inside = calls.filter((call) => call.receiver === '' && call.offset > configure.start && call.offset < configure.end)
      // (A path given as a constant, `Get(Routes.GetToken)`, is written `{Routes.GetToken}`: the graph reads it.)
      const paths = (call: (typeof inside)[number]): string[] =>
        call.args().flatMap((arg) => (arg.key ? [] : arg.kind === 'string' ? [arg.value] : arg.kind === 'name' ? [`{${arg.value}}`] : []))
      const routes: { method: string; route: string }[] = []
      for (const call of inside) {
        const method = Object.hasOwn(VERBS, call.name) ? VERBS[call.name] : undefined
        if (method !== undefined) for (const route of paths(call)) routes.push({ method, route })
      }
      // `Verbs(Http.POST, Http.PUT); Routes("/a", "/b");`
      const verbs = inside.filter((call) => call.name === 'Verbs').flatMap((call) => [...call.text().matchAll(VERB_NAMED)].map((named) => (named[1] ?? named[2])!.toUpperCase()))
      for (const route of inside.filter((call) => call.name === 'Routes').flatMap(paths)) for (const method of verbs) routes.push({ method, route })
      for (const { method, route } of routes) drafts.push(definitionDraft(configure, { framework: 'fastendpoints', method, route: rooted(route) }, handlerName))
    }
    return drafts
  },
}

/** `c.Endpoints.RoutePrefix = "api"` in the options `UseFastEndpoints` is given. */
const ROUTE_PREFIX = /\bEndpoints\s*\.\s*RoutePrefix\s*=\s*"([^"]*)"/

/**
 * The prefix an app gives every FastEndpoints endpoint (`app.UseFastEndpoints(c => {
 * c.Endpoints.RoutePrefix = "api"; })`): a global prefix of framework `fastendpoints` over the
 * declaring file's directory and below, as NestJS's `setGlobalPrefix` is.
 */
export function fastEndpointsPrefix(facts: FileFacts): MountFact[] {
  if (facts.language !== 'csharp' || !facts.text.includes('UseFastEndpoints')) return []
  const found = ROUTE_PREFIX.exec(facts.text)
  if (found === null || found[1] === '') return []
  return [{ target: '*', router: '', prefix: `/${found[1]!.replace(/^\/+/, '')}`, framework: 'fastendpoints', row: rowOfOffset(facts.text, found.index), offset: found.index }]
}
