import { childOfType, childTyped, defineRules, textOf, type LanguageRules } from './rules.js'
import type { SyntaxNode } from './syntax-node.js'

function childText(type: string) {
  return (node: SyntaxNode, text: string): string => {
    const child = childOfType(node, type)
    return child ? textOf(child, text).trim() : ''
  }
}

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

/** Rules for Ruby: `def` inside a class or module is a method. */
export const rubyRules: LanguageRules = defineRules({
  symbols: {
    method: { kind: 'function' },
    singleton_method: { kind: 'method' },
    class: { kind: 'class', container: true },
    module: { kind: 'module', container: true },
  },
  transparent: ['singleton_class', 'body_statement'],
  comments: ['comment'],
  methodParents: ['class', 'module'],
})

/** Rules for Bash and other POSIX shells. */
export const bashRules: LanguageRules = defineRules({
  symbols: { function_definition: { kind: 'function' } },
  comments: ['comment'],
})

/** Rules for PowerShell: functions, classes and their methods. */
export const powershellRules: LanguageRules = defineRules({
  symbols: {
    function_statement: { kind: 'function', name: childText('function_name'), body: childTyped('script_block') },
    class_statement: { kind: 'class', container: true, name: childText('simple_name'), body: (node) => node },
    enum_statement: { kind: 'enum', name: childText('simple_name') },
    class_method_definition: { kind: 'method', name: childText('simple_name'), body: childTyped('script_block') },
  },
  transparent: ['statement_list'],
  comments: ['comment'],
})

/** Rules for INI files: one symbol per `[section]`. */
export const iniRules: LanguageRules = defineRules({
  symbols: {
    section: {
      kind: 'section',
      name: (node, text) => {
        const header = childOfType(node, 'section_name')
        return header ? textOf(header, text).replace(/[[\]\s]+/g, ' ').trim() : ''
      },
      body: () => null,
    },
  },
  comments: ['comment'],
})
