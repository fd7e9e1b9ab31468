import { childOfType, CLASS_LIKE, defineRules, fieldText, textOf, type LanguageRules, type SymbolMatch } from '../rules.js'
import { namedChildrenOf, type SyntaxNode } from '../syntax-node.js'

/**
 * The body the grammar puts beside a signature rather than inside it: Dart's functions, methods,
 * getters, setters and constructors are a `function_signature` (or `method_signature`) followed by
 * a sibling `function_body`.
 */
function bodyBeside(node: SyntaxNode): SyntaxNode | undefined {
  const next = node.nextNamedSibling
  return next?.type === 'function_body' ? next : undefined
}

/** Signatures of constructors: `A(...)`, `A.named(...)`, `const A(...)`, `factory A.make()`. */
const CONSTRUCTORS = new Set(['constructor_signature', 'constant_constructor_signature', 'factory_constructor_signature', 'redirecting_factory_constructor_signature'])
/** Signatures of functions and accessors, named by their `name` field. */
const FUNCTIONS = new Set(['function_signature', 'getter_signature', 'setter_signature'])
/** Variable lists: `var a = 1, b`, `final String s`, `static const k = 3`. */
const VARIABLES = new Set(['initialized_identifier_list', 'static_final_declaration_list', 'identifier_list'])

/**
 * The name a signature declares: a function's or accessor's own; a named constructor's after the
 * class name (`A.from` is `from`), the unnamed one's the class name (`A`, as Java's constructors
 * are named); an operator's `operator ==`.
 */
function signatureName(signature: SyntaxNode, text: string): string | undefined {
  const type = signature.type
  if (FUNCTIONS.has(type)) return fieldText(signature, 'name', text)
  if (CONSTRUCTORS.has(type)) {
    const names = namedChildrenOf(signature).filter((child) => child.type === 'identifier')
    const name = names[1] ?? names[0]
    return name ? textOf(name, text) : undefined
  }
  if (type === 'operator_signature') {
    const operator = namedChildrenOf(signature).find((child) => child.type.endsWith('operator') || child.type === 'binary_operator')
    return operator ? `operator ${textOf(operator, text)}` : undefined
  }
  return undefined
}

/** The first name of a variable list. */
function variableName(list: SyntaxNode, text: string): string | undefined {
  const first = namedChildrenOf(list)[0]
  const id = first?.type === 'identifier' ? first : first && childOfType(first, 'identifier')
  return id ? textOf(id, text) : undefined
}

/** A top-level function, getter or setter: its signature, with the body beside it. */
function dartFunction(node: SyntaxNode, text: string): SymbolMatch | null {
  const name = signatureName(node, text)
  if (!name) return null
  const body = bodyBeside(node)
  return { kind: 'function', name, decl: node, body: body ?? null, container: false, ...(body ? { last: body } : {}) }
}

/** A member with a body: a `method_signature` (function, accessor, constructor, operator) and the body beside it. */
function dartMethod(node: SyntaxNode, text: string): SymbolMatch | null {
  const signature = namedChildrenOf(node)[0]
  const name = signature && signatureName(signature, text)
  if (!name) return null
  const body = bodyBeside(node)
  return { kind: 'function', name, decl: node, body: body ?? null, container: false, ...(body ? { last: body } : {}) }
}

/** A member without a body: an abstract method or accessor, a constructor with initializers only, or fields. */
function dartDeclaration(node: SyntaxNode, text: string): SymbolMatch | null {
  for (const child of namedChildrenOf(node)) {
    if (VARIABLES.has(child.type)) {
      const name = variableName(child, text)
      return name ? { kind: 'property', name, decl: node, body: null, container: false } : null
    }
    const name = signatureName(child, text)
    if (name) return { kind: 'function', name, decl: node, body: null, container: false }
  }
  return null
}

/** What the grammar leaves before a top-level variable list as its siblings: `final`, `const`, `var` and the type. */
const VARIABLE_PREFIX = new Set(['final_builtin', 'const_builtin', 'inferred_type', 'type_identifier', 'type_arguments', 'nullable_type', 'function_type', 'void_type', 'record_type'])

/**
 * A top-level variable list; its declaration starts at the `final`, `const` or type the grammar
 * leaves as sibling tokens before it on its line, so that its signature reads `const maxOrders = 1000`.
 */
function dartVariable(node: SyntaxNode, text: string): SymbolMatch | null {
  if (node.parent?.type !== 'program') return null
  const name = variableName(node, text)
  if (!name) return null
  let decl = node
  for (let before = node.previousNamedSibling; before && VARIABLE_PREFIX.has(before.type) && before.endPosition.row === node.startPosition.row; before = before.previousNamedSibling) decl = before
  return { kind: 'variable', name, decl, body: null, container: false, last: node }
}

/** `class`, `abstract interface class` (an interface), `sealed class`, `base class`. */
function dartClass(node: SyntaxNode, text: string): SymbolMatch | null {
  const name = fieldText(node, 'name', text)
  if (!name) return null
  const kind = childOfType(node, 'interface') ? 'interface' : 'class'
  return { kind, name, decl: node, body: node.childForFieldName('body'), container: true }
}

/** `mixin M on Base { ... }`: named by its first identifier (the grammar gives it no field). */
function dartMixin(node: SyntaxNode, text: string): SymbolMatch | null {
  const id = childOfType(node, 'identifier')
  if (!id) return null
  return { kind: 'mixin', name: textOf(id, text), decl: node, body: childOfType(node, 'class_body') ?? null, container: true }
}

/** `extension StringX on String { ... }`; an unnamed extension is named by the type it extends. */
function dartExtension(node: SyntaxNode, text: string): SymbolMatch | null {
  const name = fieldText(node, 'name', text) ?? fieldText(node, 'class', text)
  if (!name) return null
  return { kind: 'extension', name: name.replace(/<.*$/s, ''), decl: node, body: node.childForFieldName('body'), container: true }
}

/** `typedef IntList = List<int>;`: named by its first type identifier. */
function dartTypedef(node: SyntaxNode, text: string): SymbolMatch | null {
  const id = namedChildrenOf(node).find((child) => child.type === 'type_identifier' || child.type === 'identifier')
  return id ? { kind: 'type', name: textOf(id, text), decl: node, body: null, container: false } : null
}

/**
 * Rules for Dart (the grammar of `UserNobody14/tree-sitter-dart`). Its functions and methods are
 * a signature node and a body node beside it, so their matches carry the body as `last`.
 * Annotations (`@override`) and `///` comments precede a declaration as siblings.
 */
export const dartRules: LanguageRules = defineRules({
  symbols: {
    enum_declaration: { kind: 'enum', container: true },
  },
  custom: {
    class_definition: dartClass,
    mixin_declaration: dartMixin,
    extension_declaration: dartExtension,
    type_alias: dartTypedef,
    function_signature: dartFunction,
    getter_signature: dartFunction,
    setter_signature: dartFunction,
    method_signature: dartMethod,
    declaration: dartDeclaration,
    initialized_identifier_list: dartVariable,
    static_final_declaration_list: dartVariable,
  },
  attachable: ['annotation'],
  comments: ['comment', 'documentation_comment'],
  imports: ['library_name', 'import_or_export', 'part_directive', 'part_of_directive'],
  methodParents: [...CLASS_LIKE, 'mixin', 'extension'],
})
