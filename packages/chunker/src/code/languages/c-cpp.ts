import { defineRules, fieldText, textOf, type LanguageRules, type SymbolMatch } from '../rules.js'
import { namedChildrenOf, type SyntaxNode } from '../syntax-node.js'
import { stripGenerics } from './generics.js'

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
