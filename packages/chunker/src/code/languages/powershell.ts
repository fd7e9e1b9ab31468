import { childOfType, childTyped, defineRules, textOf, type LanguageRules } from '../rules.js'
import type { SyntaxNode } from '../syntax-node.js'

function childText(type: string) {
  return (node: SyntaxNode, text: string): string => {
    const child = childOfType(node, type)
    return child ? textOf(child, text).trim() : ''
  }
}

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
