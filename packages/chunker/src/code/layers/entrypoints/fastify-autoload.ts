import { GLOBAL_ROUTE_FACTS } from '@rag/core'
import { keyArg, type Arg } from '../args.js'
import type { FileFacts, MountFact } from '../facts.js'
import { JS_LANGUAGES } from './detector.js'

/** The modules of Fastify's autoloader. */
const AUTOLOAD_MODULES: ReadonlySet<string> = new Set(['@fastify/autoload', 'fastify-autoload'])

/** The directory a `dir` option names: the last string of `path.join(__dirname, 'routes')`, `join(import.meta.dirname, 'src/routes')`. */
function directoryOf(arg: Arg | undefined): string | undefined {
  if (arg === undefined) return undefined
  if (arg.kind === 'string') return arg.value
  const strings = arg.kind === 'call' ? arg.items.filter((item) => item.kind === 'string') : []
  return strings.at(-1)?.value
}

/**
 * Fastify's autoloader: `fastify.register(AutoLoad, { dir: path.join(__dirname, 'routes'),
 * options: { prefix: '/api' } })` registers every plugin file below `routes/` under its folders'
 * path (`routes/users/index.js` serves at `/api/users`), as apps made by `fastify generate` do.
 * One fact per such call: its target is the directory relative to this file, its prefix the
 * `options.prefix` (or `''`), its framework `GLOBAL_ROUTE_FACTS.fastifyAutoload`; none with
 * `dirNameRoutePrefix: false`, which turns the folders' paths off.
 */
export function fastifyAutoloadFacts(facts: FileFacts): MountFact[] {
  if (!JS_LANGUAGES.includes(facts.language)) return []
  const loaders = new Set<string>()
  for (const fact of facts.imports) if (AUTOLOAD_MODULES.has(fact.specifier)) for (const name of fact.names) loaders.add(name.alias ?? (name.name === 'default' || name.name === '*' ? '' : name.name))
  loaders.delete('')
  if (loaders.size === 0) return []
  const out: MountFact[] = []
  for (const call of facts.calls) {
    if (call.name !== 'register' || !call.receiver) continue
    const [plugin, options] = call.args().filter((arg) => !arg.key)
    if (plugin?.kind !== 'name' || !loaders.has(plugin.value) || options?.kind !== 'list') continue
    const dir = directoryOf(keyArg(options.items, 'dir'))
    // `dirNameRoutePrefix: false`: the folders add no path (fastify-realworld-example-app's routes write their own).
    if (dir === undefined || keyArg(options.items, 'dirNameRoutePrefix')?.value === 'false') continue
    const pluginOptions = keyArg(options.items, 'options')
    const prefix = pluginOptions?.kind === 'list' ? keyArg(pluginOptions.items, 'prefix') : undefined
    out.push({ target: dir, prefix: prefix?.kind === 'string' ? prefix.value : '', router: call.simpleReceiver, row: call.row, offset: call.offset, framework: GLOBAL_ROUTE_FACTS.fastifyAutoload })
  }
  return out
}
