import { propertyArg } from '../args.js'
import type { FileFacts } from '../facts.js'
import { joinRoute, type DetectContext } from './detector.js'
import type { PrefixScope } from './route-shapes.js'

/** The prefix the scopes around `offset` give it, outermost first (chi blocks, Fastify's inline plugins, actix-web's scopes). */
export function prefixWithin(scopes: readonly PrefixScope[], offset: number): string {
  return scopes.filter((scope) => scope.start <= offset && offset < scope.end).reduce((route, scope) => joinRoute(route, scope.prefix), '')
}

/** The `(` that the `)` at `close` in masked text closes. */
function openingParen(masked: string, close: number): number {
  let depth = 0
  for (let at = close; at >= 0; at--) {
    const char = masked[at]
    if (char === ')' || char === ']' || char === '}') depth++
    else if ((char === '(' || char === '[' || char === '{') && --depth === 0) return at
  }
  return 0
}

/**
 * The parts of a file under a group's path whose routes are registered in a callback: Elysia's
 * `.group('/v1', (app) => app.get(...))`, Slim's `$app->group('/users', function ($group) {...})`.
 * Each scope runs from the group's own `(` (a chained call's offset is where its chain starts).
 */
export function callbackGroupScopes(context: DetectContext): PrefixScope[] {
  const masked = context.facts.masked || context.facts.text
  const out: PrefixScope[] = []
  for (const call of context.facts.calls) {
    if (call.name !== 'group') continue
    const [path, ...rest] = call.args().filter((arg) => !arg.key)
    if (path?.kind === 'string' && rest.at(-1)?.kind === 'function') out.push({ start: openingParen(masked, call.end() - 1), end: call.end(), prefix: path.value })
  }
  return out
}

/**
 * The parts of a file that Fastify registers under a prefix as an inline plugin:
 * `app.register(function (instance, opts, done) { instance.get('/hello', ...) }, { prefix: '/english' })`.
 */
export function inlinePluginScopes(context: { readonly facts: FileFacts }): PrefixScope[] {
  const masked = context.facts.masked || context.facts.text
  const out: PrefixScope[] = []
  for (const call of context.facts.calls) {
    if (call.name !== 'register') continue
    const [plugin, options] = call.args().filter((arg) => !arg.key)
    if (plugin?.kind !== 'function' || options?.kind !== 'list') continue
    const prefix = propertyArg(options.items, 'prefix')
    if (prefix?.kind === 'string') out.push({ start: openingParen(masked, call.end() - 1), end: call.end(), prefix: prefix.value })
  }
  return out
}
