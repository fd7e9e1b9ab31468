import type { EdgeRecord, FileLayers, SymbolRecord } from '@rag/core'
import { definedIn } from './definitions.js'
import type { Bindings } from './import-bindings.js'
import { packagePeers, SHARED_PACKAGE } from './package-members.js'
import { CLASS_LIKE } from './supertypes.js'
import type { SymbolIndex } from './symbol-index.js'

/** A plain type name (`OwnerRepository`) as the file sees it: imported, its own, or its package's; `undefined` when not a class of the index. */
export function classNamed(type: string, file: FileLayers, bindings: Bindings, index: SymbolIndex, resolved: (path: string) => readonly EdgeRecord[] | undefined): SymbolRecord | undefined {
  if (!PLAIN_TYPE.test(type)) return undefined
  const binding = bindings.names.get(type)
  if (binding) return binding.status === 'resolved' && binding.path && binding.name !== '*' ? definedIn(binding.path, binding.name, index, resolved, CLASS_LIKE) : undefined
  const local = index.topLevel(file.path, type, CLASS_LIKE)
  if (local) return CLASS_LIKE.has(local.kind) ? local : undefined
  if (!SHARED_PACKAGE.has(file.language)) return undefined
  for (const peer of packagePeers(file, index)) {
    const found = index.topLevel(peer, type, CLASS_LIKE)
    if (found && CLASS_LIKE.has(found.kind) && index.file(peer)?.language === file.language) return found
  }
  return undefined
}

/** A type written as one name, without generics, a qualifier or an array. */
const PLAIN_TYPE = /^[A-Za-z_$][\w$]*$/

/** Languages in which every type name a file uses comes from its package (or module), its imports or the runtime. */
const DECLARED_TYPE_SOURCES = new Set(['csharp', 'java', 'swift', 'dart'])

/**
 * Whether a capitalised name is a type of a library the file imports whole (`Assert` of C#'s
 * `using Xunit;`, `Controller` of `using Microsoft.AspNetCore.Mvc;`): nothing the file sees
 * defines it, no class of the index has the name, and no wildcard import of the file is unresolved.
 */
export function isLibraryType(name: string, file: FileLayers, bindings: Bindings, index: SymbolIndex): boolean {
  if (!DECLARED_TYPE_SOURCES.has(file.language) || !bindings.externalWildcard || bindings.unresolvedWildcard || !/^[A-Z]\w*$/.test(name) || bindings.names.has(name)) return false
  // (A type alias of the index, Swift's `typealias AFResult<S> = Result<S, AFError>`, is no library's either.)
  for (const symbol of index.namedSet(name) ?? []) if (CLASS_LIKE.has(symbol.kind) || symbol.kind === 'type') return false
  return true
}

/**
 * Whether a C# file's call `x.name()` may be the index's extension method of that name (`static
 * string ToJson<T>(this T obj)`) rather than a member of `x`'s type: a method of the name whose
 * first parameter is `this`.
 */
export function hasExtensionMethod(name: string, file: FileLayers, index: SymbolIndex): boolean {
  if (file.language !== 'csharp') return false
  for (const symbol of index.namedSet(name) ?? []) if (symbol.kind === 'method' && symbol.language === 'csharp' && /\(\s*this\s/.test(symbol.signature)) return true
  return false
}
