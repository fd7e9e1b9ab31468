import { childOfType, childTyped, defineRules, fieldText, type LanguageRules, type SymbolMatch } from '../rules.js'
import { namedChildrenOf, type SyntaxNode } from '../syntax-node.js'

/** A class's body: `class_body`, or `enum_class_body` for an enum class. */
function classBody(node: SyntaxNode): SyntaxNode | null {
  return childOfType(node, 'class_body') ?? childOfType(node, 'enum_class_body') ?? null
}

/**
 * `class`, `data class`, `sealed class` are classes; `interface` and `fun interface` interfaces
 * (the grammar parses them all as `class_declaration`, the keyword an unnamed child); `enum class`
 * an enum.
 */
function kotlinClass(node: SyntaxNode, text: string): SymbolMatch | null {
  const id = node.childForFieldName('name')
  if (!id) return null
  const modifiers = childOfType(node, 'modifiers')
  // The keyword stands between the modifiers and the name.
  let kind = /\binterface\b/.test(text.slice(modifiers?.endIndex ?? node.startIndex, id.startIndex)) ? 'interface' : 'class'
  if (modifiers && namedChildrenOf(modifiers).some((m) => m.type === 'class_modifier' && text.slice(m.startIndex, m.endIndex) === 'enum')) kind = 'enum'
  return { kind, name: text.slice(id.startIndex, id.endIndex), decl: node, body: classBody(node), container: true }
}

/** `val x = 1`, `var y: Int get() = ...`: named by its variable; `val (a, b) = p` is not a symbol. */
function kotlinProperty(node: SyntaxNode, text: string): SymbolMatch | null {
  const variable = childOfType(node, 'variable_declaration')
  const id = variable && childOfType(variable, 'identifier')
  if (!id) return null
  // No body: the signature is the declaration's first line.
  return { kind: 'property', name: text.slice(id.startIndex, id.endIndex), decl: node, body: null, container: false }
}

/**
 * A statement starting with `get(` with arguments or `get {`: a call (Ktor's `get("/x") { }`),
 * never a getter (`get()`), which the grammar nonetheless reads as the getter of a property on
 * the line before (`val repo: R by inject()`), losing the whole function around it.
 */
const GETTER_LOOKALIKE = /^([ \t]*)get(?=[ \t]*(?:\((?![ \t]*\))|\{))/gm

/**
 * A suspending lambda, `suspend { ... }` (`listOf(suspend { client.post(...) })`), for which the
 * grammar has no rule: its error swallows the class around it, or the whole file.
 */
const SUSPEND_LAMBDA = /\bsuspend(?=[ \t]*\{)/g

/**
 * The text Kotlin's grammar reads, with the same length and line breaks: such a `get` renamed
 * `gex`, so it parses as the call it is, and a suspending lambda's `suspend` a call taking the
 * lambda (`run    { ... }`).
 */
export function kotlinParseInput(text: string): string {
  const getters = text.includes('get') ? text.replace(GETTER_LOOKALIKE, '$1gex') : text
  return getters.includes('suspend') ? getters.replace(SUSPEND_LAMBDA, 'run    ') : getters
}

/**
 * Rules for Kotlin. Annotations usually sit in the declaration's `modifiers`, but the grammar can
 * read the annotations of a top-level declaration as `annotated_expression` siblings before it
 * (which one depends on the rest of the file); those are attached to the declaration below.
 */
export const kotlinRules: LanguageRules = defineRules({
  symbols: {
    object_declaration: { kind: 'object', container: true, body: childTyped('class_body') },
    companion_object: { kind: 'object', container: true, name: (node, text) => fieldText(node, 'name', text) ?? 'Companion', body: childTyped('class_body') },
    function_declaration: { kind: 'function', body: childTyped('function_body') },
    secondary_constructor: { kind: 'method', name: () => 'constructor', body: childTyped('block') },
    type_alias: { kind: 'type', name: 'type', body: () => null },
  },
  custom: { class_declaration: kotlinClass, property_declaration: kotlinProperty },
  attachable: ['annotated_expression'],
  comments: ['line_comment', 'block_comment'],
  imports: ['file_annotation', 'package_header', 'import'],
  parseInput: kotlinParseInput,
})
