import { childOfType, childTyped, defineRules, textOf, type LanguageRules } from '../rules.js'
import type { SyntaxNode } from '../syntax-node.js'

function selectorsName(node: SyntaxNode, text: string): string {
  const selectors = childOfType(node, 'selectors')
  return selectors ? textOf(selectors, text).replace(/\s+/g, ' ').trim().slice(0, 120) : ''
}

function atRuleName(keyword: string) {
  return (node: SyntaxNode, text: string): string => {
    const block = childOfType(node, 'block')
    const head = text.slice(node.startIndex, block ? block.startIndex : node.endIndex)
    return head.replace(keyword, '').replace(/\s+/g, ' ').trim().slice(0, 120)
  }
}

/** Rules for CSS: rule sets, `@media`/`@supports` blocks (containers) and `@keyframes`. */
export const cssRules: LanguageRules = defineRules({
  symbols: {
    rule_set: { kind: 'rule', name: selectorsName, body: childTyped('block') },
    media_statement: { kind: 'media', container: true, name: atRuleName('@media'), body: childTyped('block') },
    supports_statement: { kind: 'supports', container: true, name: atRuleName('@supports'), body: childTyped('block') },
    keyframes_statement: {
      kind: 'keyframes',
      name: (node, text) => {
        const name = childOfType(node, 'keyframes_name')
        return name ? textOf(name, text) : ''
      },
      body: childTyped('keyframe_block_list'),
    },
  },
  attributesInSignature: false,
  comments: ['comment', 'js_comment'],
  imports: ['import_statement', 'charset_statement', 'namespace_statement'],
})
