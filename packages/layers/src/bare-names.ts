/**
 * A call, `extends` or `implements` edge on a bare name (`parse()`, `extends Base`): what the
 * calling file binds or defines, its class around the call, its package, the runtime (see
 * `resolveName` in `resolve-names.ts`, which tries this first for a name without a receiver).
 */
import { componentUse } from './component-uses.js'
import { nuxtAutoImport } from './nuxt-projects.js'
import type { EdgeRecord, FileLayers, RawEdge } from '@rag/core'
import { isBuiltin } from './builtins.js'
import { IMPLICIT_SELF } from './call-reach.js'
import { definedIn } from './definitions.js'
import { goPackageType } from './go-variables.js'
import type { Bindings } from './import-bindings.js'
import { isLibraryType } from './named-types.js'
import { packagePeers, SHARED_PACKAGE } from './package-members.js'
import { EXTERNAL, toSymbol, UNRESOLVED, type Resolved } from './resolved.js'
import { classBodyOf, memberAround } from './self-members.js'
import { enclosingClass, type Supertypes } from './supertypes.js'
import type { SymbolIndex } from './symbol-index.js'
import { throughBinding } from './type-members.js'

/** Languages whose modules can bind a name with `require` (a local definition of the name is that binding). */
export const CJS_LANGUAGES: ReadonlySet<string> = new Set(['javascript', 'typescript', 'tsx'])

/**
 * What a bare name resolves to, or `undefined` when nothing the file sees defines it (then the
 * index is searched by name). `kinds`: the kinds of definition the edge can name; `written`:
 * `false` for a name a route or configuration refers to.
 */
export function resolveBareName(
  edge: RawEdge,
  file: FileLayers,
  bindings: Bindings,
  index: SymbolIndex,
  resolved: (path: string) => readonly EdgeRecord[] | undefined,
  supers: Supertypes,
  kinds: ReadonlySet<string>,
  written: boolean,
): Resolved | undefined {
  const name = edge.target
  // `parse()` after `const parse = _parse(err)` in the calling code: not the file's own `parse`.
  if (written && edge.local === true && edge.kind === 'calls') return UNRESOLVED
  const binding = bindings.names.get(name)
  // `<TodoList />` in a component's markup: the component it imports, or the one its framework does.
  const component = edge.kind === 'calls' ? componentUse(name, file, binding, index) : undefined
  if (component) return component
  // A JavaScript name both imported and defined here is a CommonJS binding (`const routes =
  // require('./routes')`; an ES module cannot redeclare an import): it stands for what it
  // requires, the module's definition of the same name when it has one (`const Pool = require('./pool')`).
  if (binding && CJS_LANGUAGES.has(file.language)) {
    const same = binding.status === 'resolved' && binding.name === '*' && binding.path ? definedIn(binding.path, name, index, resolved) : undefined
    if (same && kinds.has(same.kind)) return toSymbol(same)
    const required = throughBinding(binding, undefined, index, resolved, undefined, kinds)
    if (required) return required
  }
  const local = index.topLevel(file.path, name, kinds) ?? index.byQname(file.path, name, kinds)
  if (local && kinds.has(local.kind)) return toSymbol(local)
  // Go's conversion to a type of the package (`ResponseWriter(writer)`): a use of the type.
  const converted = edge.kind === 'calls' && file.language === 'go' ? goPackageType(name, file, index) : undefined
  if (converted) return toSymbol(converted)
  const own = edge.kind === 'calls' && edge.sourceSymbolId && IMPLICIT_SELF.has(file.language) ? memberAround(edge.sourceSymbolId, name, kinds, supers) : undefined
  if (own) return toSymbol(own)
  // Python's class body sees the names defined above in it: `assertNotEquals = _deprecate(assertNotEqual)`.
  const body = edge.kind === 'calls' && file.language === 'python' ? classBodyOf(edge.sourceSymbolId, index) : undefined
  const inBody = body ? index.byQname(body.path, `${body.qname}.${name}`) : undefined
  if (inBody && kinds.has(inBody.kind)) return toSymbol(inBody)
  if (binding) {
    const through = throughBinding(binding, undefined, index, resolved, undefined, kinds)
    if (through) return through
  }
  for (const target of bindings.wildcards) {
    const symbol = definedIn(target, name, index, resolved, kinds)
    if (symbol) return toSymbol(symbol)
  }
  if (SHARED_PACKAGE.has(file.language)) {
    for (const peer of packagePeers(file, index)) {
      const symbol = index.topLevel(peer, name)
      if (symbol && kinds.has(symbol.kind) && index.file(peer)?.language === file.language) return toSymbol(symbol)
    }
  }
  // `useUserSettings()` in a Nuxt app: what Nuxt imports by itself from its `composables/` and `utils/`.
  const imported = binding === undefined && edge.kind === 'calls' && CJS_LANGUAGES.has(file.language) ? nuxtAutoImport(name, file, index, kinds) : undefined
  if (imported) return imported
  // `len(x)`, `isinstance(x, T)`, `parseInt(s)`: the runtime's, when nothing above defines the name.
  if (isBuiltin(file.language, name)) return EXTERNAL
  // `View()` in an ASP.NET controller, `getLogger()` in a class of a library's base: an implicit `this` call of what it inherits.
  const owner = edge.kind === 'calls' && written && edge.sourceSymbolId && IMPLICIT_SELF.has(file.language) ? enclosingClass(edge.sourceSymbolId, index) : undefined
  if (owner && supers.inheritsExternally(owner)) return EXTERNAL
  // `status()` under `import static ...MockMvcResultMatchers.*;`: that library class's static method.
  if (edge.kind === 'calls' && written && bindings.externalMemberWildcard && /^[a-z]/.test(name)) return EXTERNAL
  // `class HomeController : Controller` under `using Microsoft.AspNetCore.Mvc;`: the library's type.
  if (edge.kind !== 'calls' && edge.kind !== 'mounts' && isLibraryType(name, file, bindings, index)) return EXTERNAL
  return undefined
}
