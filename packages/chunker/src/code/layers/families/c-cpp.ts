import { childOfType, type SymbolMatch } from '../../rules.js'
import type { SyntaxNode } from '../../syntax-node.js'
import { splitTypes, type LayerFamily, type ParsedImport, type WalkApi } from '../family.js'
import type { CallWords } from '../lexical/scan-calls.js'
import { C_SYNTAX, words } from '../lexical/syntaxes.js'

const CALL_WORDS: CallWords = {
  keywords: words('if for while switch return sizeof alignof decltype typeof defined catch static_assert throw new delete case do else try using namespace template typename operator __attribute__ __declspec'),
  beforeCall: words('return throw case else do new delete co_await co_return co_yield'),
  braceDefinitions: true,
  generics: true,
}

/** `#include "a/b.h"` gives `a/b.h`; `#include <vector>` keeps its brackets: `<vector>` (a system header). */
export function parseInclude(directive: string): ParsedImport | undefined {
  const match = /#\s*include\s*(?:"([^"\n]+)"|(<[^>\n]+>))/.exec(directive)
  const specifier = match ? (match[1] ?? match[2]) : undefined
  return specifier ? { specifier, names: [] } : undefined
}

/** Layer extraction for C and C++ (both parsed with the C++ grammar). */
export const cFamily: LayerFamily = {
  enumMembers: new Set(['enumerator']),
  syntax: C_SYNTAX,
  calls: CALL_WORDS,
  decoratorTypes: new Set(),
  wrappers: new Set(['template_declaration']),
  scopeThrough: new Set(),
  declaration(node, type, _scope, api) {
    if (type !== 'preproc_include') return false
    const end = node.endIndex
    const parsed = parseInclude(api.text.slice(node.startIndex, end))
    if (parsed) api.addImport(parsed, node.startIndex, end)
    return true
  },
  details(node: SyntaxNode, match: SymbolMatch, _scope, api: WalkApi) {
    if (!match.container) return {}
    const bases = childOfType(node, 'base_class_clause')
    if (!bases) return {}
    const raw = api.text.slice(bases.startIndex, bases.endIndex).replace(/^:/, '').replace(/\b(?:public|private|protected|virtual)\b/g, '')
    return { heritage: splitTypes(raw).map((target) => ({ kind: 'extends' as const, target: target.replace(/::/g, '.') })) }
  },
  module: (path) => path.replace(/\.[^./]+$/, ''),
}
