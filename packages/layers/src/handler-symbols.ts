import type { EdgeRecord, EntrypointRecord, FileLayers, RawEdge, SymbolRecord } from '@rag/core'
import { dirOf, sharesDirectory } from './paths.js'
import { entrypointEdge } from './route-edges.js'
import { bindingsOf, type Bindings } from './import-bindings.js'
import { memberNamed } from './definitions.js'
import { CJS_LANGUAGES } from './bare-names.js'
import { resolveName } from './resolve-names.js'
import type { SymbolIndex } from './symbol-index.js'

/** Rails' `controller#action` (`users#index`, `admin/stats#index`). */
const RAILS_TARGET = /^([a-z0-9_]+(?:\/[a-z0-9_]+)*)#([A-Za-z_]\w*[!?]?)$/

/** Where a handler's owner ends and its name starts: `Ctrl.method`, `views.list`, `Commands::Add`. */
const LAST_SEPARATOR = /^(.*?)(?:::|\.)([A-Za-z_$][\w$]*[!?]?)$/

/** Kinds a handler found by its name alone may be: a function or method, or a class the framework instantiates (a DRF viewset, a JAX-RS resource). */
const HANDLER_KINDS: ReadonlySet<string> = new Set(['function', 'method', 'class', 'struct', 'object'])

/** Kinds of a handler's owner named in the handler (`UserController` of `UserController.index`). */
const OWNER_KINDS: ReadonlySet<string> = new Set(['class', 'struct', 'object', 'module', 'interface', 'trait', 'impl'])

/** The one symbol of `kinds` named `name` in the whole index, else `undefined`. */
function onlyNamed(index: SymbolIndex, name: string, kinds: ReadonlySet<string>): SymbolRecord | undefined {
  return index.namedOfKinds(name, kinds).only
}

/**
 * A Rails action: the method `action` of the controller at `app/controllers/<controller>_controller.rb`,
 * preferring the application whose `config/routes.rb` declares the route (an engine has its own).
 */
function railsAction(
  file: FileLayers,
  controller: string,
  action: string,
  index: SymbolIndex,
  resolved: (path: string) => readonly EdgeRecord[] | undefined,
): SymbolRecord | undefined {
  const candidates = index.endingWith(`app/controllers/${controller}_controller.rb`)
  const root = file.path.includes('config/') ? file.path.slice(0, file.path.lastIndexOf('config/')) : `${dirOf(file.path)}/`
  const ordered = [...candidates.filter((path) => path.startsWith(root)), ...candidates.filter((path) => !path.startsWith(root))]
  const named = [...(index.namedSet(action) ?? [])].filter((s) => s.kind === 'method')
  const className = `${camelized(controller.slice(controller.lastIndexOf('/') + 1))}Controller`
  for (const path of ordered) {
    const methods = named.filter((s) => s.path === path)
    if (methods.length === 1) return methods[0]
    // An action the controller has from a concern it includes, or from its superclass.
    const cls = [...(index.namedSet(className) ?? [])].find((s) => s.path === path && s.kind === 'class')
    const inherited = cls && methods.length === 0 ? inheritedAction(cls, action, index, resolved) : undefined
    if (inherited) return inherited
  }
  return undefined
}

/** `transfer_matches` is `TransferMatches`. */
const camelized = (name: string): string => name.replace(/(?:^|_)([a-z0-9])/g, (_, c: string) => c.toUpperCase())

/**
 * A method `action` a Ruby class has from elsewhere, in Ruby's order: the modules it includes or
 * prepends (the last first), then its superclass, each with what it has in turn. A base is taken
 * when the index defines it once: Rails autoloads constants by name.
 */
function inheritedAction(
  cls: SymbolRecord,
  action: string,
  index: SymbolIndex,
  resolved: (path: string) => readonly EdgeRecord[] | undefined,
  seen = new Set<string>([cls.id]),
): SymbolRecord | undefined {
  if (seen.size > MAX_ANCESTORS) return undefined
  const bases = (resolved(cls.path) ?? []).filter((e) => e.sourceSymbolId === cls.id && e.targetSymbolId !== '' && e.candidates === 1)
  const ordered = [...bases.filter((e) => e.kind === 'implements').reverse(), ...bases.filter((e) => e.kind === 'extends')]
  for (const edge of ordered) {
    const base = index.symbol(edge.targetSymbolId)
    if (!base || seen.has(base.id)) continue
    seen.add(base.id)
    const own = index.byQname(base.path, `${base.qname}.${action}`)
    if (own?.kind === 'method') return own
    const deeper = inheritedAction(base, action, index, resolved, seen)
    if (deeper) return deeper
  }
  return undefined
}

/** Ancestors of a class looked at for an inherited action, at most. */
const MAX_ANCESTORS = 16

/** `true` when a symbol's namespace ends with `namespace`, segment by segment (`App\\Http\\Controllers\\Auth` ends with `Auth`). */
function inNamespace(symbol: SymbolRecord, namespace: string): boolean {
  return symbol.module === namespace || symbol.module.endsWith(`\\${namespace}`)
}

/**
 * The symbol a handler written `owner.name` names when the owner is a class defined once in the
 * index (Laravel's `UserController.index` with the controller in `app/Http/Controllers`) or in the
 * route file's directory, or once
 * in the namespace the owner is written with (`FireflyIII\\Http\\Controllers\\Auth\\LoginController`,
 * or `Auth\\LoginController` under the application's default namespace).
 */
function memberOfUniqueOwner(owner: string, name: string, index: SymbolIndex, from: string): SymbolRecord | undefined {
  const slash = owner.lastIndexOf('\\')
  const simple = owner.split(/::|\.|\\/).at(-1) as string
  // A type of the route file's own directory comes first (Go's `V1.register` of its package, among other packages' `V1`s).
  for (const peer of slash < 0 && owner === simple ? index.filesIn(dirOf(from)) : []) {
    const near = index.topLevel(peer, simple)
    const member = near && OWNER_KINDS.has(near.kind) ? memberNamed(index, near, name) : undefined
    if (member) return member
  }
  const cls =
    slash < 0
      ? onlyNamed(index, simple, OWNER_KINDS)
      : only([...(index.namedSet(simple) ?? [])].filter((symbol) => OWNER_KINDS.has(symbol.kind) && inNamespace(symbol, owner.slice(0, slash))))
  return cls ? memberNamed(index, cls, name) : undefined
}

/** The one item of a list, else `undefined`. */
const only = <T>(items: readonly T[]): T | undefined => (items.length === 1 ? items[0] : undefined)

/** A handler as a call from where the route is declared: what name resolution reads. */
function asCall(entry: EntrypointRecord, receiver: string, name: string): RawEdge {
  return { ...entrypointEdge(entry, 'calls', `${entry.id}>handler`, name, `handles ${entry.handler}`), receiver }
}

/**
 * The one implementation of an interface's method: Spring's mappings declared on an API interface
 * (`interface UsersApi { @GetMapping("/users") List<User> list(); }`, as OpenAPI Generator writes
 * them) are served by the controller that implements it. `undefined` when the method is not an
 * interface's, or no class or more than one implements it with that method.
 */
function implementationOf(method: SymbolRecord, index: SymbolIndex, subtypes: (typeId: string) => readonly EdgeRecord[]): SymbolRecord | undefined {
  const owner = method.parentId === '' ? undefined : index.symbol(method.parentId)
  if (owner?.kind !== 'interface') return undefined
  let found: SymbolRecord | undefined
  for (const edge of subtypes(owner.id)) {
    if ((edge.kind !== 'implements' && edge.kind !== 'extends') || edge.resolution !== 'resolved' || !edge.sourceSymbolId) continue
    const type = index.symbol(edge.sourceSymbolId)
    const member = type?.kind === 'class' ? memberNamed(index, type, method.name) : undefined
    if (member === undefined) continue
    if (found !== undefined && found.id !== member.id) return undefined
    found = member
  }
  return found
}

/**
 * The handler id of a whole module: `path#`, the empty qualified name (a view component that is
 * its file, with no definition of its own to name: `<script setup>`, a template alone).
 */
const moduleHandler = (path: string): string => `${path}#`

/**
 * The file a handler written as a module specifier names, as the route's file imports it: a view
 * loaded lazily (Vue Router's `component: () => import('@/views/login/index')`, React Router's
 * `lazy: () => import('./routes/settings')`), resolved like the `import()` itself (path aliases,
 * extensions, index files). `undefined` when the handler is no import of the file, or the import
 * did not resolve to a file of the index.
 */
function importedModule(entry: EntrypointRecord, file: FileLayers, resolved: (path: string) => readonly EdgeRecord[] | undefined): string | undefined {
  if (/^[\w$]+$/.test(entry.handler)) return undefined
  const edge = resolved(file.path)?.find((e) => e.kind === 'imports' && e.target === entry.handler && e.resolution === 'resolved' && e.targetPath !== '')
  return edge?.targetPath
}

/** Resolves one handler across files: `''` when it is not a symbol of the index, or is not one symbol. */
export function handlerSymbol(
  entry: EntrypointRecord,
  file: FileLayers,
  bindings: () => Bindings,
  index: SymbolIndex,
  resolved: (path: string) => readonly EdgeRecord[] | undefined,
): string {
  const handler = entry.handler
  const rails = RAILS_TARGET.exec(handler)
  if (rails) return railsAction(file, rails[1] as string, rails[2] as string, index, resolved)?.id ?? ''
  const module = importedModule(entry, file, resolved)
  if (module !== undefined) return moduleHandler(module)
  const split = LAST_SEPARATOR.exec(handler)
  const receiver = split ? (split[1] as string) : ''
  const name = split ? (split[2] as string) : handler
  if (!/^[A-Za-z_$][\w$]*[!?]?$/.test(name)) return ''
  // A reference, not a call written in code: any definition of the name may be it.
  const found = resolveName(asCall(entry, receiver, name), file, bindings(), index, resolved, undefined, false)
  // What the route names through its file's imports is its handler, whatever holds it (Express's
  // `const createUser = catchAsync(async (req, res) => ...)` is a constant).
  if (found.resolution === 'resolved' && found.targetSymbolId !== '' && index.symbol(found.targetSymbolId)) return found.targetSymbolId
  // A name imported as a whole module: a component that is its file (`import HomeView from './HomeView.vue'`).
  if (found.resolution === 'resolved' && found.targetSymbolId === '' && receiver === '' && found.targetPath) return moduleHandler(found.targetPath)
  if (found.resolution === 'external') return ''
  if (receiver !== '') return memberOfUniqueOwner(receiver, name, index, file.path)?.id ?? ''
  if (found.resolution !== 'by-name') return ''
  if (entry.framework === 'openapi') return operationHandler(index, name, file.path)?.id ?? ''
  return onlyNamed(index, name, HANDLER_KINDS)?.id ?? ''
}

/**
 * The method an OpenAPI operation names (`operationId`): of the definitions of that name in the
 * spec's project (a spec in a directory: the files sharing one with it; a repository of several
 * apps has a `createUser` in each, another app's is none), the only one, else the only one of a
 * class that serves an API (spring-petclinic-rest's `getOwner` of `OwnerRestControllerV1`, beside
 * `Pet.getOwner()`).
 */
function operationHandler(index: SymbolIndex, name: string, spec: string): SymbolRecord | undefined {
  const nested = spec.includes('/')
  const near = [...(index.namedSet(name) ?? [])].filter((symbol) => HANDLER_KINDS.has(symbol.kind) && (!nested || sharesDirectory(spec, symbol.path)))
  return only(near) ?? only(near.filter((symbol) => servedBy(symbol, index)))
}

/** Classes that serve an API by their name: `OwnerRestControllerV1`, `PetResource`, `UsersApi`, `OrderEndpoint`. */
const SERVING_CLASS = /(?:Controller|Resource|Endpoints?|Api|Handlers?)(?:V?\d+)?$/

/** Whether a symbol is a method of a class that serves an API by its name ({@link SERVING_CLASS}). */
function servedBy(symbol: SymbolRecord, index: SymbolIndex): boolean {
  if (symbol.kind !== 'method' || symbol.parentId === '') return false
  const owner = index.symbol(symbol.parentId)
  return owner !== undefined && owner.kind === 'class' && SERVING_CLASS.test(owner.name)
}

/**
 * A file's entrypoints with the symbols of handlers defined in other files (`handlerSymbolId`):
 * a controller's action named by a route file (Laravel's `[UserController::class, 'index']`,
 * Rails' `users#index`), a view a Django URLconf imports (`views.year_archive`), a handler an
 * Express router requires (`controller.list`), a Gin handler of another package. The chunker
 * links handlers of the route's own file; this reads the rest as a call from where the route is
 * declared would resolve (imports first), then, for `Owner.member`, the owner class when the
 * index defines it once, and for a bare name, its one definition. `undefined` when nothing changed.
 */
export function withHandlerSymbols(
  file: FileLayers,
  index: SymbolIndex,
  resolved: (path: string) => readonly EdgeRecord[] | undefined,
  subtypes?: (typeId: string) => readonly EdgeRecord[],
): FileLayers | undefined {
  let bindings: Bindings | undefined
  const bindingsOfFile = (): Bindings => (bindings ??= bindingsOf(resolved(file.path) ?? [], index))
  let changed = false
  const entrypoints = file.entrypoints.map((entry) => {
    if (entry.handler === '') return entry
    // The chunker's own link to a handler in this file stands, unless it is a `require` binding
    // (`const cors = require('cors')`): that stands for what it requires; or an interface's
    // method, which its one implementation serves.
    const own = entry.handlerSymbolId !== '' ? index.symbol(entry.handlerSymbolId) : undefined
    const implementation = own && subtypes ? implementationOf(own, index, subtypes) : undefined
    if (implementation !== undefined) {
      if (implementation.id === entry.handlerSymbolId) return entry
      changed = true
      return { ...entry, handlerSymbolId: implementation.id }
    }
    if (own?.path === file.path && !(CJS_LANGUAGES.has(file.language) && bindingsOfFile().names.has(own.name))) return entry
    const id = handlerSymbol(entry, file, bindingsOfFile, index, resolved)
    if (id === entry.handlerSymbolId) return entry
    changed = true
    return { ...entry, handlerSymbolId: id }
  })
  return changed ? { ...file, entrypoints } : undefined
}
