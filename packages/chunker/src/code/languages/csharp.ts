import { defineRules, type LanguageRules } from '../rules.js'

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
