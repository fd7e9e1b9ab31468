import { defineRules, textOf, type LanguageRules, type SymbolMatch } from '../rules.js'
import type { SyntaxNode } from '../syntax-node.js'
import { stripGenerics } from './generics.js'

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
