import { defineRules, type LanguageRules } from '../rules.js'

/** Rules for Python: decorators and the comment block right above stay with the definition. */
export const pythonRules: LanguageRules = defineRules({
  symbols: {
    function_definition: { kind: 'function' },
    class_definition: { kind: 'class', container: true },
  },
  transparent: ['decorated_definition'],
  attachable: ['decorator'],
  comments: ['comment'],
  imports: ['import_statement', 'import_from_statement', 'future_import_statement'],
})
