import type { SymbolMatch } from '../../rules.js'
import { namedChildrenOf, type SyntaxNode } from '../../syntax-node.js'
import { stringValue } from '../args.js'
import { firstLine, type LayerFamily, type ParsedImport, type Scope, type WalkApi } from '../family.js'

const QUERY = `
(import_spec path: (_) @import.source) @import
(call_expression function: (identifier) @call.name arguments: (_) @call.args) @call
(call_expression function: (selector_expression operand: (_) @call.receiver field: (field_identifier) @call.name) arguments: (_) @call.args) @call
((composite_literal type: (_) @literal.type body: (_) @literal.body) @literal (#match? @literal.type "Command$"))
`

const exported = (name: string): boolean => /^\p{Lu}/u.test(name)

/** `h "net/http"`, `. "x/y"`, `"fmt"`; a blank import (`_ "driver"`) brings in no names. */
function parseImport(statement: SyntaxNode, source: SyntaxNode | undefined, text: string): ParsedImport[] {
  if (!source) return []
  const specifier = stringValue(text.slice(source.startIndex, source.endIndex))
  if (!specifier) return []
  const alias = text.slice(statement.startIndex, source.startIndex).trim()
  if (alias === '_') return [{ specifier, names: [] }]
  return [{ specifier, names: [alias ? { name: '*', alias } : { name: '*' }] }]
}

/** `const A = 1`, `var ( B = 2; C int )`: one definition per name. */
function values(node: SyntaxNode, kind: 'constant' | 'variable', scope: Scope, api: WalkApi): void {
  for (const child of namedChildrenOf(node)) {
    if (child.type === 'var_spec_list' || child.type === 'const_spec_list') {
      values(child, kind, scope, api)
      continue
    }
    if (child.type !== 'const_spec' && child.type !== 'var_spec') continue
    // A spec's names are its direct identifier children (its type and values are other nodes).
    for (const name of namedChildrenOf(child).filter((n) => n.type === 'identifier')) {
      const text = api.text.slice(name.startIndex, name.endIndex)
      if (text === '_') continue
      api.define({ name: text, kind, node: child, signature: firstLine(api.text, child.startIndex, child.endIndex), exported: exported(text) }, scope)
    }
  }
}

/** Layer extraction for Go. */
export const goFamily: LayerFamily = {
  query: () => QUERY,
  decoratorTypes: new Set(),
  wrappers: new Set(),
  scopeThrough: new Set(),
  declaration(node, type, scope, api) {
    if (type === 'package_clause') {
      api.setPackage(api.text.slice(node.startIndex, node.endIndex).replace(/^package\s+/, '').trim())
      return true
    }
    if (type === 'const_declaration') values(node, 'constant', scope, api)
    else if (type === 'var_declaration') values(node, 'variable', scope, api)
    else return false
    return true
  },
  details: (_node: SyntaxNode, match: SymbolMatch) => ({ exported: exported(match.name) }),
  parseImport,
  module: (_path, packageName) => packageName,
}
