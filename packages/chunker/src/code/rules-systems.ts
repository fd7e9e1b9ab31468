import { childOfType, defineRules, fieldText, textOf, type LanguageRules, type SymbolMatch } from './rules.js'
import { namedChildrenOf, type SyntaxNode } from './syntax-node.js'

/** Drops template or generic arguments: `Map<K, V>` becomes `Map`. */
export function stripGenerics(name: string): string {
  let depth = 0
  let out = ''
  for (const ch of name) {
    if (ch === '<') depth++
    else if (ch === '>') depth = Math.max(0, depth - 1)
    else if (depth === 0) out += ch
  }
  return out.trim()
}

/** The innermost declarator of a C/C++ declaration: the identifier or qualified name it declares. */
function innermostDeclarator(node: SyntaxNode): SyntaxNode | null {
  let current = node.childForFieldName('declarator')
  for (let guard = 0; current && guard < 32; guard++) {
    const inner =
      current.childForFieldName('declarator') ??
      (current.type === 'reference_declarator' ? (namedChildrenOf(current)[0] ?? null) : null)
    if (!inner) return current
    current = inner
  }
  return current
}

/** `void ns::C::m()` is `m`, qualified by `ns::C`. */
function cFunction(node: SyntaxNode, text: string): SymbolMatch | null {
  const declarator = innermostDeclarator(node)
  const full = declarator ? stripGenerics(textOf(declarator, text).replace(/\s+/g, '')) : ''
  const parts = full.split('::')
  const name = parts.pop() ?? ''
  const qualifier = parts.filter(Boolean).join('::')
  const body = node.childForFieldName('body')
  return { kind: 'function', name, decl: node, body, container: false, ...(qualifier ? { qualifier } : {}) }
}

const C_SPECIFIER_KINDS: Readonly<Record<string, string>> = {
  class_specifier: 'class',
  struct_specifier: 'struct',
  union_specifier: 'union',
  enum_specifier: 'enum',
}

/** `typedef struct { ... } T;` declares `T`. */
function cTypedef(node: SyntaxNode, text: string): SymbolMatch | null {
  const type = node.childForFieldName('type')
  const kind = type ? C_SPECIFIER_KINDS[type.type] : undefined
  const body = type?.childForFieldName('body')
  if (!type || !kind || !body) return null
  const declarator = node.childForFieldName('declarator')
  const name = declarator ? textOf(declarator, text).replace(/[\s*&]+/g, '') : (fieldText(type, 'name', text) ?? '')
  return { kind, name, decl: node, body, container: false }
}

/** Rules for C and C++ (both parsed with the C++ grammar). */
export const cppRules: LanguageRules = defineRules({
  symbols: {
    class_specifier: { kind: 'class', container: true, needsBody: true },
    struct_specifier: { kind: 'struct', container: true, needsBody: true },
    union_specifier: { kind: 'union', container: true, needsBody: true },
    enum_specifier: { kind: 'enum', needsBody: true },
    namespace_definition: { kind: 'namespace', container: true, needsBody: true },
    concept_definition: { kind: 'type' },
  },
  custom: { function_definition: cFunction, type_definition: cTypedef },
  transparent: [
    'template_declaration',
    'linkage_specification',
    'declaration_list',
    'preproc_if',
    'preproc_ifdef',
    'preproc_else',
    'preproc_elif',
    'preproc_elifdef',
  ],
  attachable: ['template_parameter_list', 'attribute_declaration'],
  comments: ['comment'],
  imports: ['preproc_include', 'using_declaration', 'alias_declaration'],
})

/** The receiver type of a Go method: `func (s *Server[T]) Run()` gives `Server`. */
function goReceiver(node: SyntaxNode, text: string): string {
  const receiver = node.childForFieldName('receiver')
  if (!receiver) return ''
  const match = /\(\s*(?:[A-Za-z_]\w*\s+)?\*?\s*([A-Za-z_]\w*)/.exec(textOf(receiver, text))
  return match ? (match[1] as string) : ''
}

function goMethod(node: SyntaxNode, text: string): SymbolMatch | null {
  const receiver = goReceiver(node, text)
  const name = fieldText(node, 'name', text) ?? ''
  return { kind: 'method', name, decl: node, body: node.childForFieldName('body'), container: false, ...(receiver ? { qualifier: receiver } : {}) }
}

const GO_TYPE_KINDS: Readonly<Record<string, string>> = { struct_type: 'struct', interface_type: 'interface' }

/** `type T struct {...}` is a struct, `type I interface {...}` an interface, others a type. */
function goType(node: SyntaxNode, text: string): SymbolMatch | null {
  const spec = childOfType(node, 'type_spec') ?? childOfType(node, 'type_alias')
  if (!spec) return null
  const type = spec.childForFieldName('type')
  const kind = (type && GO_TYPE_KINDS[type.type]) ?? 'type'
  // No body: the signature is the first line, `type T struct`, keyword included.
  return { kind, name: fieldText(spec, 'name', text) ?? '', decl: node, body: null, container: false }
}

/** Rules for Go. */
export const goRules: LanguageRules = defineRules({
  symbols: { function_declaration: { kind: 'function' } },
  custom: { method_declaration: goMethod, type_declaration: goType },
  comments: ['comment'],
  imports: ['package_clause', 'import_declaration'],
})

/** `impl<T> Trait for Type<T>` is named by its type: `Type`. */
function rustImpl(node: SyntaxNode, text: string): SymbolMatch | null {
  const type = node.childForFieldName('type')
  const name = type ? stripGenerics(textOf(type, text)) : ''
  return { kind: 'impl', name, decl: node, body: node.childForFieldName('body'), container: true }
}

/** Rules for Rust; doc comments (`///`) and attributes (`#[...]`) stay with their item. */
export const rustRules: LanguageRules = defineRules({
  symbols: {
    function_item: { kind: 'function' },
    function_signature_item: { kind: 'function' },
    struct_item: { kind: 'struct' },
    enum_item: { kind: 'enum' },
    union_item: { kind: 'union' },
    trait_item: { kind: 'trait', container: true },
    mod_item: { kind: 'module', container: true, needsBody: true },
    type_item: { kind: 'type', body: 'type' },
    macro_definition: { kind: 'macro', body: () => null },
  },
  custom: { impl_item: rustImpl },
  attachable: ['attribute_item'],
  comments: ['line_comment', 'block_comment'],
  imports: ['use_declaration', 'extern_crate_declaration', 'mod_item'],
})
