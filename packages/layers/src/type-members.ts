/**
 * The members of types and imported names a call reaches: `obj.member()` through the class a
 * name is declared with, a value's class, or what an import binds (see `resolve-names.ts`).
 */
import type { EdgeRecord, FileLayers, SymbolRecord } from '@rag/core'
import { isRuntimeMethod } from './runtime-methods.js'
import { bindingsOf, type Binding, type Bindings } from './import-bindings.js'
import { CLASS_LIKE, inheritedMember, type Supertypes } from './supertypes.js'
import { definedIn, memberNamed, namespaceExportedAs } from './definitions.js'
import type { SymbolIndex } from './symbol-index.js'
import { nestedClassNamed, packageMember, SHARED_PACKAGE } from './package-members.js'
import { isModuleNamed } from './paths.js'
import { madeByPackage } from './package-values.js'
import { EXTERNAL, toSymbol, type Resolved } from './resolved.js'
import { valueTypeOf } from './typed-receivers.js'

/** Kinds of definition a call (or a mounted router, a value) can name. */
export const CALLABLE: ReadonlySet<string> = new Set(['function', 'method', 'class', 'struct', 'record', 'macro', 'constant', 'variable', 'property'])

/**
 * What a call names in languages whose calls never reach a field or property: Java's and PHP's
 * (`$x->rules()` is the method `rules`, never the property `$rules`), Kotlin's but for a top-level
 * value of a function type.
 */
const CALLED_WITHOUT_FIELDS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['java', new Set(['function', 'method', 'class', 'struct', 'record', 'macro'])],
  ['php', new Set(['function', 'method', 'class', 'struct', 'record', 'macro'])],
  ['kotlin', new Set(['function', 'method', 'class', 'struct', 'record', 'macro', 'constant', 'variable'])],
])

/** The kinds of definition a call written in `language` can name. */
export const callableKinds = (language: string): ReadonlySet<string> => CALLED_WITHOUT_FIELDS.get(language) ?? CALLABLE

/** A member `name` of a class: its own, else one it inherits (when `supers` is given). */
export function memberOrInherited(index: SymbolIndex, owner: SymbolRecord, name: string, supers: Supertypes | undefined): SymbolRecord | undefined {
  return memberNamed(index, owner, name) ?? (supers && inheritedMember(owner, name, CALLABLE, supers))
}

/** The member `name` of a class the file imports (or an external one's), defines or shares a package with. */
export function memberOfType(
  type: string,
  name: string,
  file: FileLayers,
  bindings: Bindings,
  index: SymbolIndex,
  resolved: (path: string) => readonly EdgeRecord[] | undefined,
  supers?: Supertypes,
): Resolved | undefined {
  // Go's predeclared `error`: its `Error()` is the runtime's.
  if (type === 'error' && file.language === 'go') return EXTERNAL
  const binding = bindings.names.get(type)
  if (binding) return throughBinding(binding, name, index, resolved, supers)
  // `Database.Database` of `import type Database from 'better-sqlite3'`, `models.User` of a module:
  // the type is a member of what its first segment binds.
  const dot = type.indexOf('.')
  const head = dot > 0 ? bindings.names.get(type.slice(0, dot)) : undefined
  if (head?.status === 'external') return EXTERNAL
  const last = type.slice(type.lastIndexOf('.') + 1)
  if (head?.status === 'resolved' && head.path) {
    const owner = definedIn(head.path, last, index, resolved)
    const member = owner ? memberOrInherited(index, owner, name, supers) : undefined
    if (member) return toSymbol(member)
  }
  // `ctx.Condition()` of a value the file holds, not of an import: the class by its own name.
  if (dot > 0 && head === undefined) return memberOfType(last, name, file, bindings, index, resolved, supers)
  const local = index.topLevel(file.path, type) ?? nestedClassNamed(file, type, index, CLASS_LIKE)
  const inherited = supers && ((owner: SymbolRecord) => inheritedMember(owner, name, CALLABLE, supers))
  const member = local ? memberOrInherited(index, local, name, supers) : SHARED_PACKAGE.has(file.language) ? packageMember(file, type, name, index, inherited) : undefined
  if (member) return toSymbol(member)
  // A type of a namespace or package imported whole (C#'s `using Shop.Data;`, Java's `import a.b.*;`).
  for (const target of bindings.wildcards) {
    const owner = definedIn(target, type, index, resolved)
    const inner = owner ? memberNamed(index, owner, name) : undefined
    if (inner) return toSymbol(inner)
  }
  return undefined
}

/** The member `name` of the class a variable or constant is declared with, read as the value's file names the class. */
export function memberOfValue(
  value: SymbolRecord,
  name: string,
  index: SymbolIndex,
  resolved: (path: string) => readonly EdgeRecord[] | undefined,
  supers: Supertypes | undefined,
): Resolved | undefined {
  const type = valueTypeOf(value)
  const home = type === undefined ? undefined : index.file(value.path)
  return home && type ? memberOfType(type, name, home, supers?.bindingsOf(home) ?? bindingsOf(resolved(home.path) ?? [], index), index, resolved, supers) : undefined
}

/** Where a binding leads for `name` (the binding's own name, or a member of it). */
export function throughBinding(
  binding: Binding,
  member: string | undefined,
  index: SymbolIndex,
  resolved: (path: string) => readonly EdgeRecord[] | undefined,
  supers?: Supertypes,
  kinds?: ReadonlySet<string>,
  decorated?: (owner: SymbolRecord) => boolean,
): Resolved | undefined {
  if (binding.status === 'external') return EXTERNAL
  if (binding.status !== 'resolved' || !binding.path) return undefined
  const wanted = binding.name === '*' ? member : member === undefined ? binding.name : undefined
  const symbol = wanted !== undefined ? definedIn(binding.path, wanted, index, resolved, kinds) : undefined
  if (symbol) return toSymbol(symbol)
  if (binding.name !== '*' && member !== undefined) {
    // Python's `from . import views` binds the module `views.py` itself: `views.year_archive` is its own;
    // so does `import { util } from './core'` of a `core` that has `export * as util from './util.js'`.
    const module = isModuleNamed(binding.path, binding.name) ? binding.path : namespaceExportedAs(binding.path, binding.name, index, resolved)
    const own = module ? definedIn(module, member, index, resolved, kinds) : undefined
    if (own) return toSymbol(own)
    // `Imported.member`: a member of the imported class, or of the class an imported value is declared
    // with (`current_app: Flask = ...` then `current_app.url_for()`), else the class's file.
    const owner = definedIn(binding.path, binding.name, index, resolved)
    const inner = owner ? memberOrInherited(index, owner, member, supers) : undefined
    if (inner) return toSymbol(inner)
    const ofValue = owner ? memberOfValue(owner, member, index, resolved, supers) : undefined
    if (ofValue?.targetSymbolId || ofValue?.resolution === 'external') return ofValue
    // `Product.findById()` of an imported `const Product = mongoose.model(...)`: the package's.
    const home = owner ? index.file(owner.path) : undefined
    if (owner && home && madeByPackage(owner, supers?.bindingsOf(home) ?? bindingsOf(resolved(home.path) ?? [], index))) return EXTERNAL
    // `HTTP_METHODS.join(', ')` of an imported array constant, `handler.bind(this)` of a function: the runtime's method.
    if (owner && !CLASS_LIKE.has(owner.kind) && isRuntimeMethod(owner.language, member)) return EXTERNAL
    // `cli.command()` of an imported `cli` that `@click.group()` made a group: the package's.
    if (owner && decorated?.(owner) === true) return EXTERNAL
    if (owner) return { resolution: 'resolved', targetPath: owner.path, targetSymbolId: '', candidates: 1 }
  }
  return { resolution: 'resolved', targetPath: binding.path, targetSymbolId: '', candidates: 1 }
}
