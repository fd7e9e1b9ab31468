import type { FileLayers, SymbolRecord } from '@rag/core'
import { definedIn, memberNamed } from './definitions.js'
import type { Bindings } from './import-bindings.js'
import { CLASS_LIKE, type Supertypes } from './supertypes.js'

/**
 * Whether a Python receiver written `Class.attribute` (`BlogPage.objects`) names an attribute that
 * neither the class (its body, its methods' typed attributes) nor its bases in the index define,
 * on a class with a library's base: what Django's `Model` gives every model (`objects`,
 * `DoesNotExist`), what Wagtail's `Page` gives a page. A call on it (`BlogPage.objects.live()`)
 * is the library's. The class is the file's own or one it imports (`bindings`).
 */
export function libraryClassAttribute(receiver: string, file: FileLayers, bindings: Bindings, supers: Supertypes): boolean {
  const dot = receiver.indexOf('.')
  if (dot <= 0 || receiver.indexOf('.', dot + 1) >= 0) return false
  const cls = classNamed(receiver.slice(0, dot), file, bindings, supers)
  if (cls === undefined || cls.language !== 'python' || !CLASS_LIKE.has(cls.kind)) return false
  const attribute = receiver.slice(dot + 1)
  if (cls.attributes?.[attribute] !== undefined || definedAlong(cls, attribute, supers)) return false
  return supers.inheritsExternally(cls)
}

/** The class a name stands for in a file: its own, or the one it imports by that name. */
function classNamed(name: string, file: FileLayers, bindings: Bindings, supers: Supertypes): SymbolRecord | undefined {
  const binding = bindings.names.get(name)
  const symbol =
    supers.index.topLevel(file.path, name) ??
    (binding?.status === 'resolved' && binding.path && binding.name !== '*' ? definedIn(binding.path, binding.name, supers.index, supers.resolved) : undefined)
  return symbol && CLASS_LIKE.has(symbol.kind) ? symbol : undefined
}

/** Whether the class or a base of it in the index defines `name` (a method, a class-body attribute). */
function definedAlong(cls: SymbolRecord, name: string, supers: Supertypes, seen = new Set<string>()): boolean {
  if (seen.has(cls.id) || seen.size > 16) return false
  seen.add(cls.id)
  if (memberNamed(supers.index, cls, name) !== undefined || cls.attributes?.[name] !== undefined) return true
  return supers.of(cls).some((base) => definedAlong(base, name, supers, seen))
}
