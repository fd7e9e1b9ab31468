import { defineRules, type LanguageRules } from '../rules.js'

/** Rules for PHP: `#[...]` attributes sit inside the declaration, doc comments precede it. */
export const phpRules: LanguageRules = defineRules({
  symbols: {
    namespace_definition: { kind: 'namespace', container: true, needsBody: true },
    class_declaration: { kind: 'class', container: true },
    interface_declaration: { kind: 'interface', container: true },
    trait_declaration: { kind: 'trait', container: true },
    enum_declaration: { kind: 'enum', container: true },
    function_definition: { kind: 'function' },
    method_declaration: { kind: 'method' },
  },
  comments: ['comment'],
  imports: ['php_tag', 'namespace_definition', 'namespace_use_declaration'],
})
