import type { SyntaxNode } from '../../syntax-node.js'
import { firstLine, type Scope, type WalkApi } from '../family.js'

/** Scopes whose property declarations are members: a class's fields, an interface's property signatures. */
const MEMBER_SCOPES = new Set(['class', 'interface'])
/** Nodes of a property: an interface's `calls: CallFact[]`, a class's `readonly #init: ServiceInit`. */
const PROPERTY_NODES = new Set(['property_signature', 'public_field_definition', 'field_definition'])
/** Values that make a declaration a function (`const f = () => {}`, a class field `onClick = () => {}`). */
export const FUNCTION_VALUES: ReadonlySet<string> = new Set(['arrow_function', 'function_expression', 'function', 'generator_function'])
/** The modifiers of a member hidden from outside its class: `private`, `protected` (after any others). */
const HIDDEN_MEMBER = /^\s*(?:(?:public|static|readonly|abstract|override|async|declare|get|set|accessor)\s+)*(?:private|protected)\b/

/** Whether a class or interface member is visible outside: an interface's always, a class's unless `#private`, `private` or `protected` (`head`: its text from its start). */
export function isExportedMember(scopeKind: string, name: string, head: string): boolean {
  return scopeKind === 'interface' || !(name.startsWith('#') || HIDDEN_MEMBER.test(head))
}

/**
 * A TypeScript or JavaScript class field or interface property (`readonly calls: readonly
 * CallFact[]`, `finalized: boolean = false`, `static defaults = {}`, `readonly #init: ServiceInit`)
 * as a `property` symbol, signed as written on its first line: what `rag symbols finalized` finds,
 * and what resolution reads to type a chain (`facts.calls`, `const { output } = context`). A
 * property annotated with a function type (`readonly reject: (error: unknown) => void`) is a
 * `method` symbol: what `pending.reject(error)` calls. A property holding a function is a method of
 * the rules. `false` when `node` is no such property.
 */
export function memberProperty(node: SyntaxNode, type: string, scope: Scope, api: WalkApi): boolean {
  if (!PROPERTY_NODES.has(type) || !MEMBER_SCOPES.has(scope.kind)) return false
  // JavaScript's `field_definition` names its name `property`.
  const nameNode = node.childForFieldName('name') ?? node.childForFieldName('property')
  const annotation = node.childForFieldName('type')
  const value = node.childForFieldName('value')
  if (!nameNode || (value && FUNCTION_VALUES.has(value.type))) return false
  const { text } = api
  const callable = annotation !== null && annotation.namedChildren[0]?.type === 'function_type'
  const name = text.slice(nameNode.startIndex, nameNode.endIndex)
  const exported = isExportedMember(scope.kind, name, text.slice(node.startIndex, nameNode.startIndex))
  api.define({ name, kind: callable ? 'method' : 'property', node, signature: firstLine(text, node.startIndex, node.endIndex), exported }, scope)
  return true
}
