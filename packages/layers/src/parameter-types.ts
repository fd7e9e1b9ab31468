import type { FileLayers, ParameterRead } from '@rag/core'
import type { Resolved } from './resolve-names.js'
import type { SymbolIndex } from './symbol-index.js'

const OPENING = '(<[{'
const CLOSING = ')>]}'
/** One parameter annotated with exactly a class (no array, union or function): `api: WalkApi`, `scope?: models.Scope<T>`. */
const CLASS_PARAMETER = /^\s*(?:\.\.\.)?[A-Za-z_$][\w$]*\s*\??\s*:\s*((?:[A-Za-z_$][\w$]*\.)*[A-Z][\w$]*)\s*(?:<(?:[^<>()]|<[^<>()]*>)*>)?\s*(?:=.*)?$/s

/**
 * The class the parameter at `position` of a signature is annotated with (`WalkApi` for 3 in
 * `declaration(node: SyntaxNode, type: string, scope: Scope, api: WalkApi): boolean`);
 * `undefined` when the signature has no such parameter or it is not annotated with exactly a class.
 */
export function parameterTypeAt(signature: string, position: number): string | undefined {
  const open = signature.indexOf('(')
  if (open < 0) return undefined
  let depth = 0
  let start = open + 1
  let index = 0
  for (let at = open + 1; at < signature.length; at++) {
    const char = signature[at] as string
    if (OPENING.includes(char)) depth++
    else if (char === ')' && depth === 0) return index === position ? CLASS_PARAMETER.exec(signature.slice(start, at))?.[1] : undefined
    else if (CLOSING.includes(char) && !(char === '>' && signature[at - 1] === '=')) depth--
    else if (char === ',' && depth === 0) {
      if (index === position) return CLASS_PARAMETER.exec(signature.slice(start, at))?.[1]
      index++
      start = at + 1
    }
  }
  return undefined
}

/** How {@link memberOfParameter} finds a type's method, and a member of a class as a file names it. */
export interface ParameterLookups {
  method(type: string, method: string): Resolved | undefined
  member(type: string, name: string, home: FileLayers): Resolved | undefined
}

/**
 * The member `name` of a parameter its context types (`api.define()` in `const family: LayerFamily
 * = { declaration(node, type, scope, api) { ... } }`): the type's method as the file resolves it,
 * then the class its signature annotates that parameter with, read as the method's file names it.
 * `undefined` when a step fails.
 */
export function memberOfParameter(read: ParameterRead, name: string, index: SymbolIndex, lookups: ParameterLookups): Resolved | undefined {
  const method = lookups.method(read.of, read.method)
  const symbol = method?.resolution === 'resolved' && method.targetSymbolId ? index.symbol(method.targetSymbolId) : undefined
  const type = symbol ? parameterTypeAt(symbol.signature, read.index) : undefined
  const home = symbol ? index.file(symbol.path) : undefined
  return type && home ? lookups.member(type, name, home) : undefined
}
