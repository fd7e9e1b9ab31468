import { defineRules, type LanguageRules } from '../rules.js'

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
