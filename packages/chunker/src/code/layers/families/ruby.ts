import type { SymbolMatch } from '../../rules.js'
import type { SyntaxNode } from '../../syntax-node.js'
import { firstLine, splitTypes, type LayerFamily, type WalkApi } from '../family.js'

const QUERY = `
(call receiver: (_) @call.receiver method: (identifier) @call.name arguments: (_)? @call.args) @call
(call !receiver method: (identifier) @call.name arguments: (_)? @call.args) @call
`

const MAIN_GUARD = /^(?:if|unless)\s+(?:__FILE__\s*==\s*\$(?:0|PROGRAM_NAME)|\$(?:0|PROGRAM_NAME)\s*==\s*__FILE__)/

/** Layer extraction for Ruby: `require`/`require_relative` are imports; `if __FILE__ == $0` is a main. */
export const rubyFamily: LayerFamily = {
  query: () => QUERY,
  decoratorTypes: new Set(),
  wrappers: new Set(),
  scopeThrough: new Set(),
  declaration(node, type, _scope, api) {
    if (type !== 'if' && type !== 'unless') return false
    const { text } = api
    if (!MAIN_GUARD.test(text.slice(node.startIndex, node.startIndex + 80))) return false
    const call = /\n\s*([A-Za-z_][\w.:]*)/.exec(text.slice(node.startIndex, node.endIndex))
    api.entrypoint({ kind: 'main', framework: 'ruby', method: '', route: '', handler: call?.[1] ?? '', row: node.startPosition.row, offset: node.startIndex, text: firstLine(text, node.startIndex, node.endIndex) })
    return true
  },
  details(node: SyntaxNode, match: SymbolMatch, _scope, api: WalkApi) {
    if (match.kind !== 'class') return {}
    const superclass = node.childForFieldName('superclass')
    if (!superclass) return {}
    const raw = api.text.slice(superclass.startIndex, superclass.endIndex).replace(/^</, '')
    return { heritage: splitTypes(raw).map((target) => ({ kind: 'extends' as const, target: target.replace(/::/g, '.') })) }
  },
  callImport(name, receiver, firstString) {
    if (receiver !== '' || (name !== 'require' && name !== 'require_relative' && name !== 'load')) return undefined
    const target = firstString()
    if (target === undefined || name !== 'require_relative' || target.startsWith('.') || target.startsWith('/')) return target
    return `./${target}`
  },
  module: (path) => path.replace(/\.[^./]+$/, ''),
}
