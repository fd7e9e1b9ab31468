import { childOfType, type SymbolMatch } from '../../rules.js'
import type { SyntaxNode } from '../../syntax-node.js'
import { splitTypes, type LayerFamily, type ParsedImport, type WalkApi } from '../family.js'

const QUERY = `
(preproc_include path: (_) @import.source) @import
(call_expression function: (identifier) @call.name arguments: (_) @call.args) @call
(call_expression function: (field_expression argument: (_) @call.receiver field: (field_identifier) @call.name) arguments: (_) @call.args) @call
(call_expression function: (qualified_identifier scope: (_) @call.receiver name: (identifier) @call.name) arguments: (_) @call.args) @call
`

/** `#include "a/b.h"` gives `a/b.h`; `#include <vector>` keeps its brackets: `<vector>` (a system header). */
function parseImport(_statement: SyntaxNode, source: SyntaxNode | undefined, text: string): ParsedImport[] {
  if (!source) return []
  const raw = text.slice(source.startIndex, source.endIndex).trim()
  const specifier = raw.startsWith('"') ? raw.slice(1, -1) : raw
  return specifier ? [{ specifier, names: [] }] : []
}

/** Layer extraction for C and C++ (both parsed with the C++ grammar). */
export const cFamily: LayerFamily = {
  query: () => QUERY,
  decoratorTypes: new Set(),
  wrappers: new Set(['template_declaration']),
  scopeThrough: new Set(),
  details(node: SyntaxNode, match: SymbolMatch, _scope, api: WalkApi) {
    if (!match.container) return {}
    const bases = childOfType(node, 'base_class_clause')
    if (!bases) return {}
    const raw = api.text.slice(bases.startIndex, bases.endIndex).replace(/^:/, '').replace(/\b(?:public|private|protected|virtual)\b/g, '')
    return { heritage: splitTypes(raw).map((target) => ({ kind: 'extends' as const, target: target.replace(/::/g, '.') })) }
  },
  parseImport,
  module: (path) => path.replace(/\.[^./]+$/, ''),
}
