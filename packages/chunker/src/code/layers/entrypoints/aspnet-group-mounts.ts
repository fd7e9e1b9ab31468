import type { FileFacts, MountFact } from '../facts.js'
import { joinRoute } from './detector.js'

/**
 * A receiver ending in `.MapGroup("/todos")`, possibly followed by the group's builder calls
 * (`.WithTags("Todos")`, `.RequireAuthorization()`): the router it hangs from and the group's path.
 */
const GROUP_IN_RECEIVER = /^([A-Za-z_]\w*)\s*\.\s*MapGroup\(\s*@?"([^"]*)"\s*\)(?:\s*\.\s*\w+\((?:[^()]|\([^()]*\))*\))*$/

/** A project's extension method that maps endpoints: `MapTodosApi`, `MapIdentityEndpoints`. */
const EXTENSION = /^Map[A-Z]\w*$/

/** ASP.NET Core's own `Map...` calls: routes or groups themselves, or framework endpoints (not the project's). */
const FRAMEWORK_MAPS: ReadonlySet<string> = new Set([
  'MapGet', 'MapPost', 'MapPut', 'MapDelete', 'MapPatch', 'MapMethods', 'MapGroup', 'MapFallback', 'MapFallbackToFile', 'MapFallbackToPage',
  'MapControllers', 'MapControllerRoute', 'MapDefaultControllerRoute', 'MapAreaControllerRoute', 'MapRazorPages', 'MapHub', 'MapHealthChecks', 'MapOpenApi', 'MapStaticAssets',
])

/**
 * ASP.NET Core minimal-API groups handed to a project's extension method:
 * `app.MapGroup("/todos").MapTodosApi()` or `var todos = app.MapGroup("/todos"); todos.MapTodosApi();`
 * mounts the routes `MapTodosApi(this RouteGroupBuilder group)` registers, wherever it is
 * defined, under `/todos` (the layers resolve the method by name).
 */
export function aspNetGroupMountFacts(facts: FileFacts, prefixOf: (receiver: string) => string): MountFact[] {
  if (facts.language !== 'csharp' || !facts.text.includes('MapGroup(')) return []
  const out: MountFact[] = []
  for (const call of facts.calls) {
    if (!EXTENSION.test(call.name) || FRAMEWORK_MAPS.has(call.name)) continue
    const chained = GROUP_IN_RECEIVER.exec(call.receiver)
    const router = chained ? (chained[1] as string) : call.receiver
    const prefix = chained ? joinRoute(prefixOf(router), chained[2] as string) : prefixOf(call.receiver)
    if (prefix !== '') out.push({ target: call.name, prefix, router, row: call.row, offset: call.offset })
  }
  return out
}
