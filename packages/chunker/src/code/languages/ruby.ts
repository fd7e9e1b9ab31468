import { defineRules, type LanguageRules, type SymbolMatch } from '../rules.js'
import type { SyntaxNode } from '../syntax-node.js'

/**
 * A class or module whose name is a path (`class ActiveSupport::TestCase`, `module Api::V1`): the
 * symbol is its last segment (`TestCase`), the rest its qualifier, so that its qualified name is
 * the whole path (`ActiveSupport.TestCase`) under the modules around it.
 */
function namespaced(kind: 'class' | 'module') {
  return (node: SyntaxNode, text: string): SymbolMatch | null => {
    const id = node.childForFieldName('name')
    if (!id) return null
    const written = text.slice(id.startIndex, id.endIndex).replace(/^::/, '')
    const at = written.lastIndexOf('::')
    const name = at < 0 ? written : written.slice(at + 2)
    return { kind, name, decl: node, body: node.childForFieldName('body'), container: true, ...(at > 0 ? { qualifier: written.slice(0, at) } : {}) }
  }
}

/** Rules for Ruby: `def` inside a class or module is a method. */
export const rubyRules: LanguageRules = defineRules({
  symbols: {
    method: { kind: 'function' },
    singleton_method: { kind: 'method' },
  },
  custom: { class: namespaced('class'), module: namespaced('module') },
  transparent: ['singleton_class', 'body_statement'],
  comments: ['comment'],
  methodParents: ['class', 'module'],
})
