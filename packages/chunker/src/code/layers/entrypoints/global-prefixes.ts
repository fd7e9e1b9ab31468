import { GLOBAL_ROUTE_FACTS } from '@rag/core'
import { keyArg, type Arg } from '../args.js'
import type { FileFacts, MountFact } from '../facts.js'
import { JS_LANGUAGES } from './detector.js'
import { nestVersions } from './nest-versions.js'

/** NestJS's bootstrap calls that shape every route's path: `setGlobalPrefix('api')`, `enableVersioning({ type: VersioningType.URI })`. */
const NEST_GLOBALS: ReadonlySet<string> = new Set(['setGlobalPrefix', 'enableVersioning'])

/**
 * A framework's global prefix: NestJS's `app.setGlobalPrefix('api')` in the file that creates the
 * app (it imports `@nestjs/core`) puts `/api` before every NestJS route of that file's directory
 * and below (a prefix computed at startup as `{expr}`), and its
 * `enableVersioning({ type: VersioningType.URI })` the `v` of the routes' `/v1` (a fact of framework
 * `GLOBAL_ROUTE_FACTS.nestjsVersioning`); JAX-RS's `@ApplicationPath` (see {@link applicationPathFacts}).
 */
export function globalPrefixFacts(facts: FileFacts, imports: (module: string) => boolean): MountFact[] {
  if (facts.language === 'java' || facts.language === 'kotlin') return applicationPathFacts(facts, imports)
  if (!JS_LANGUAGES.includes(facts.language) || !facts.calls.some((call) => NEST_GLOBALS.has(call.name)) || !imports('@nestjs/core')) return []
  const out: MountFact[] = []
  for (const call of facts.calls) {
    if (!call.receiver || !NEST_GLOBALS.has(call.name)) continue
    const fact = { target: '*', router: call.simpleReceiver, row: call.row, offset: call.offset }
    if (call.name === 'enableVersioning') {
      // URI versioning puts `/v1` (its `prefix` option, `v` by default) after the global prefix.
      const options = call.args()[0]
      const items = options?.kind === 'list' ? options.items : []
      if (!/\bURI$/.test(keyArg(items, 'type')?.value ?? '')) continue
      const prefix = keyArg(items, 'prefix')
      out.push({ ...fact, prefix: prefix?.kind === 'string' ? prefix.value : 'v', framework: GLOBAL_ROUTE_FACTS.nestjsVersioning })
      // `defaultVersion: '1'`: the version of every route that declares none (`VERSION_NEUTRAL` alone: none).
      const fallback = nestVersions(keyArg(items, 'defaultVersion'))
      if (fallback) out.push({ ...fact, prefix: fallback, framework: GLOBAL_ROUTE_FACTS.nestjsDefaultVersion })
      continue
    }
    // A prefix computed at startup (`configService.get('app.apiPrefix')`) shows as `{configService.get}`.
    const [path, options] = call.args()
    const written = path?.kind === 'string' ? path.value : path?.kind === 'name' || path?.kind === 'call' ? `{${path.value}}` : undefined
    if (written === undefined) continue
    out.push({ ...fact, prefix: written.startsWith('/') || written.startsWith('{') ? written : `/${written}`, framework: 'nestjs' })
    const excluded = prefixExclusions(options)
    if (excluded.length > 0) out.push({ ...fact, prefix: excluded.join('\n'), framework: GLOBAL_ROUTE_FACTS.nestjsPrefixExclude })
  }
  return out
}

/**
 * The routes `setGlobalPrefix`'s `exclude` option names, `METHOD path` each: `'health'` (any
 * method: `*`), `{ path: 'cats', method: RequestMethod.GET }`.
 */
function prefixExclusions(options: Arg | undefined): string[] {
  const exclude = options?.kind === 'list' ? keyArg(options.items, 'exclude') : undefined
  if (exclude?.kind !== 'list') return []
  return exclude.items.flatMap((item) => {
    if (item.kind === 'string') return [`* ${item.value}`]
    if (item.kind !== 'list') return []
    const path = keyArg(item.items, 'path')
    const method = keyArg(item.items, 'method')
    const verb = method?.kind === 'name' ? (method.value.split('.').at(-1) as string).toUpperCase() : '*'
    return path?.kind === 'string' ? [`${verb === 'ALL' ? '*' : verb} ${path.value}`] : []
  })
}

/**
 * JAX-RS's application path: `@ApplicationPath("/api")` on the `Application` subclass puts `/api`
 * before every JAX-RS route of the source tree it belongs to (`@rag/layers` scopes a Java file's
 * global prefix to its source root: the directory above its package's).
 */
function applicationPathFacts(facts: FileFacts, imports: (module: string) => boolean): MountFact[] {
  if (!imports('javax.ws.rs') && !imports('jakarta.ws.rs')) return []
  const out: MountFact[] = []
  for (const symbol of facts.symbols) {
    const declared = symbol.kind === 'class' ? symbol.decorators.find((decorator) => decorator.name === 'ApplicationPath') : undefined
    const path = declared?.args[0]
    if (declared === undefined || path?.kind !== 'string') continue
    out.push({ target: '*', prefix: path.value.startsWith('/') ? path.value : `/${path.value}`, router: symbol.name, row: declared.row, offset: symbol.start, framework: 'jax-rs' })
  }
  return out
}
