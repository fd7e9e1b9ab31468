import type { RawEdge } from '@rag/core'
import type { Bindings } from './import-bindings.js'
import type { NameScope } from './name-counts.js'

/** Languages where a bare call inside a class may be one of its own methods (Java's `isEmpty(cs)` in `StringUtils`). */
export const IMPLICIT_SELF: ReadonlySet<string> = new Set(['java', 'kotlin', 'csharp', 'cpp', 'ruby', 'swift', 'dart'])

/**
 * Languages where `x.name()` calls a member of `x`'s type (or of an imported module, which
 * resolution binds first): not Rust or C++, whose `Type::f()` and `module::f()` are written alike,
 * nor Kotlin, Swift and Dart, whose extension members are called so (`title.slugify()`).
 */
const MEMBER_ACCESS = new Set(['javascript', 'typescript', 'tsx', 'python', 'go', 'java', 'csharp', 'ruby', 'php'])

/** Languages whose bare names can reach definitions of any kind: an implicit `this`, or Rust's and C's modules. */
const BARE_REACHES_ANY = new Set([...IMPLICIT_SELF, 'rust', 'c'])

/**
 * Languages whose bare names all come from an import, a definition of the file or its package, or
 * the runtime: a bare call none of them binds calls a local binding (a nested function, a
 * parameter, a local variable), nothing else of the index.
 */
const CLOSED_SCOPES = new Set(['python', 'go'])

/** Which definitions a call that nothing binds may reach by its name (see {@link NameScope}). */
export function callScope(edge: RawEdge, language: string): NameScope {
  if (edge.kind !== 'calls') return 'any'
  const receiver = edge.receiver ?? ''
  if (receiver === '') return BARE_REACHES_ANY.has(language) ? 'any' : 'free'
  return MEMBER_ACCESS.has(language) && !receiver.includes('::') ? 'member' : 'any'
}

/**
 * Whether a bare call that no import, definition of the file or package, or builtin binds calls a
 * binding local to the calling code: one the extractor saw (`RawEdge.local`), or any such call in
 * Python and Go (unless a wildcard import of the file is unresolved: it may bring the name in).
 */
export function callsLocalBinding(edge: RawEdge, language: string, bindings: Bindings): boolean {
  if (edge.kind !== 'calls' || (edge.receiver ?? '') !== '') return false
  return edge.local === true || (CLOSED_SCOPES.has(language) && !bindings.unresolvedWildcard)
}
