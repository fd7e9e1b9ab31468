import { defineRules, type LanguageRules } from './rules.js'

/** Rules for Java: annotations sit inside the declaration's modifiers, Javadoc precedes it. */
export const javaRules: LanguageRules = defineRules({
  symbols: {
    class_declaration: { kind: 'class', container: true },
    interface_declaration: { kind: 'interface', container: true },
    enum_declaration: { kind: 'enum', container: true },
    record_declaration: { kind: 'record', container: true },
    annotation_type_declaration: { kind: 'interface', container: true },
    method_declaration: { kind: 'method' },
    constructor_declaration: { kind: 'method' },
    compact_constructor_declaration: { kind: 'method' },
  },
  transparent: ['enum_body_declarations'],
  comments: ['block_comment', 'line_comment'],
  imports: ['package_declaration', 'import_declaration', 'module_declaration'],
})

/** Rules for C#: attributes sit inside the declaration, `///` comments precede it. */
export const csharpRules: LanguageRules = defineRules({
  symbols: {
    namespace_declaration: { kind: 'namespace', container: true },
    class_declaration: { kind: 'class', container: true },
    struct_declaration: { kind: 'struct', container: true },
    interface_declaration: { kind: 'interface', container: true },
    record_declaration: { kind: 'record', container: true },
    record_struct_declaration: { kind: 'record', container: true },
    enum_declaration: { kind: 'enum' },
    delegate_declaration: { kind: 'type' },
    method_declaration: { kind: 'method' },
    constructor_declaration: { kind: 'method' },
    destructor_declaration: { kind: 'method' },
    operator_declaration: { kind: 'method', name: () => 'operator' },
    conversion_operator_declaration: { kind: 'method', name: () => 'operator' },
    property_declaration: { kind: 'property', body: 'accessors' },
    indexer_declaration: { kind: 'property', name: () => 'this[]', body: 'accessors' },
    local_function_statement: { kind: 'function' },
  },
  transparent: ['global_statement'],
  comments: ['comment'],
  imports: ['using_directive', 'extern_alias_directive', 'file_scoped_namespace_declaration'],
})

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
