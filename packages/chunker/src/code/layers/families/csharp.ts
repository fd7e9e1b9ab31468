import { childOfType, type SymbolMatch } from '../../rules.js'
import { namedChildrenOf, type SyntaxNode } from '../../syntax-node.js'
import { splitTypes, type LayerFamily, type ParsedImport, type Scope, type WalkApi } from '../family.js'

const QUERY = `
(using_directive) @import
(invocation_expression function: (identifier) @call.name arguments: (_) @call.args) @call
(invocation_expression function: (member_access_expression expression: (_) @call.receiver name: (identifier) @call.name) arguments: (_) @call.args) @call
(object_creation_expression type: (_) @call.name arguments: (_) @call.args) @call
`

const TEST_ATTRIBUTES = /^(?:Test|TestMethod|Fact|Theory|TestCase)$/

/** `using X.Y;`, `using static X.Y;`, `using A = X.Y;` (global using too). */
export function parseCsharpImport(raw: string): ParsedImport[] {
  const match = /^(?:global\s+)?using\s+(?:static\s+)?(?:(\w+)\s*=\s*)?([\w.]+)\s*;?$/.exec(raw.replace(/\s+/g, ' ').trim())
  if (!match) return []
  return [{ specifier: match[2] as string, names: [match[1] ? { name: '*', alias: match[1] } : { name: '*' }] }]
}

/** Layer extraction for C#. */
export const csharpFamily: LayerFamily = {
  query: () => QUERY,
  decoratorTypes: new Set(),
  wrappers: new Set(),
  scopeThrough: new Set(),
  declaration(node, type, _scope, api) {
    if (type !== 'file_scoped_namespace_declaration') return false
    const name = node.childForFieldName('name')
    if (name) api.setPackage(api.text.slice(name.startIndex, name.endIndex).replace(/\s+/g, ''))
    return true
  },
  details(node: SyntaxNode, match: SymbolMatch, scope: Scope, api: WalkApi) {
    const { text } = api
    if (match.kind === 'namespace') api.setPackage(match.name)
    const children = namedChildrenOf(node)
    const modifiers = children.filter((child) => child.type === 'modifier').map((child) => text.slice(child.startIndex, child.endIndex))
    const exported = modifiers.includes('public') || scope.kind === 'interface'
    const attributes = children.filter((child) => child.type === 'attribute_list')
    // An attribute list may hold several attributes: one decorator per attribute.
    const decorators = attributes.flatMap((list) => namedChildrenOf(list).filter((child) => child.type === 'attribute'))
    const test = decorators.some((d) => TEST_ATTRIBUTES.test(text.slice(d.startIndex, d.endIndex).replace(/\(.*$/s, '').trim()))
    const bases = match.container ? childOfType(node, 'base_list') : undefined
    const heritage = bases
      ? splitTypes(text.slice(bases.startIndex, bases.endIndex).replace(/^:/, '')).map((target) => ({
          kind: /^I[A-Z]/.test(target.slice(target.lastIndexOf('.') + 1)) ? ('implements' as const) : ('extends' as const),
          target,
        }))
      : []
    return { exported, decorators, test, heritage }
  },
  parseImport: (statement, _source, text) => parseCsharpImport(text.slice(statement.startIndex, statement.endIndex)),
  module: (_path, packageName) => packageName,
}
