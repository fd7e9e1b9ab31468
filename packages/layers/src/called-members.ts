import type { SymbolRecord } from '@rag/core'
import { EXTERNAL, toSymbol, UNRESOLVED, type Resolved } from './resolved.js'
import { CLASS_LIKE, inheritedMember, type Supertypes } from './supertypes.js'
import type { SymbolIndex } from './symbol-index.js'
import { CALLABLE, callableKinds } from './type-members.js'

/** A Kotlin property holding a function (`val onClick: () -> Unit`), which a call does name. */
const FUNCTION_TYPED = /:\s*(?:suspend\s*)?\([^)]*\)\s*->/

/**
 * A call's target as the calling language reads it. Where resolution reached a field or property
 * that a Java, PHP or Kotlin call cannot name (`$this->rules()` in a class with `$rules` and
 * `rules()`; Kotlin's `userService.currentUser()` of `val currentUser` and `fun currentUser()`):
 * the method of that name beside it, else the one its class inherits, else a library's when the
 * class extends one, else nothing the index knows. A Kotlin property of a function type is called.
 */
export function calledDefinition(found: Resolved, name: string, language: string, index: SymbolIndex, supers: Supertypes): Resolved {
  const kinds = callableKinds(language)
  if (kinds === CALLABLE || found.targetSymbolId === '') return found
  const target = index.symbol(found.targetSymbolId)
  if (target === undefined || kinds.has(target.kind) || FUNCTION_TYPED.test(target.signature)) return found
  const beside = index.byQname(target.path, target.qname, kinds)
  if (beside && kinds.has(beside.kind)) return toSymbol(beside)
  const owner: SymbolRecord | undefined = target.parentId === '' ? undefined : index.symbol(target.parentId)
  const inherited = owner && CLASS_LIKE.has(owner.kind) ? inheritedMember(owner, name, kinds, supers) : undefined
  if (inherited) return toSymbol(inherited)
  return owner && supers.inheritsExternally(owner) ? EXTERNAL : UNRESOLVED
}
