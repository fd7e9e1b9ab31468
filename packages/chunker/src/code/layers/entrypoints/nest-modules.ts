import { keyArg, type Arg } from '../args.js'
import type { FileFacts, MountFact } from '../facts.js'
import { JS_LANGUAGES, joinRoute, rooted } from './detector.js'


/** The class names of a list argument: `[CatsController, DogsController]`. */
function names(list: Arg | undefined): string[] {
  return list?.kind === 'list' ? list.items.filter((item) => item.kind === 'name').map((item) => item.value) : []
}

/**
 * The routes of `RouterModule.register([...])`: each `{ path, module, children }` mounts `module`
 * at its path after its parents' (`{ path: 'admin', children: [{ path: 'users', module: UsersModule }] }`
 * gives `UsersModule` at `/admin/users`).
 */
function routeTree(routes: Arg | undefined, parent: string, out: { module: string; prefix: string }[]): void {
  if (routes?.kind !== 'list') return
  for (const route of routes.items) {
    if (route.kind !== 'list') continue
    const path = keyArg(route.items, 'path')
    const prefix = path?.kind === 'string' ? rooted(joinRoute(parent, path.value)) : parent
    const module = keyArg(route.items, 'module')
    if (module?.kind === 'name') out.push({ module: module.value, prefix })
    routeTree(keyArg(route.items, 'children'), prefix, out)
  }
}

/**
 * NestJS's module tree, as mounts: `RouterModule.register([{ path: 'admin', module: AdminModule }])`
 * mounts `AdminModule` at `/admin`, and `@Module({ controllers: [CatsController] })` on
 * `class CatsModule` mounts each controller on `CatsModule` (a NestJS route names its controller
 * class as its router), so the controllers' routes get the path of the module that declares them.
 */
export function nestModuleFacts(facts: FileFacts, imports: (module: string) => boolean): MountFact[] {
  if (!JS_LANGUAGES.includes(facts.language) || !imports('@nestjs')) return []
  const out: MountFact[] = []
  for (const call of facts.calls) {
    if (call.receiver !== 'RouterModule' || (call.name !== 'register' && call.name !== 'forRoutes')) continue
    const mounted: { module: string; prefix: string }[] = []
    routeTree(call.args()[0], '', mounted)
    for (const { module, prefix } of mounted) out.push({ target: module, prefix, router: '', row: call.row, offset: call.offset })
  }
  for (const symbol of facts.symbols) {
    const declared = symbol.kind === 'class' ? symbol.decorators.find((decorator) => decorator.name === 'Module') : undefined
    const options = declared?.args[0]
    if (declared === undefined || options?.kind !== 'list') continue
    for (const controller of names(keyArg(options.items, 'controllers'))) {
      out.push({ target: controller, prefix: '', router: symbol.name, row: declared.row, offset: symbol.start })
    }
  }
  return out
}
