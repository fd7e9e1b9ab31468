import type { ImportedName } from '@rag/core'
import { childOfType, type SymbolMatch } from '../../rules.js'
import { namedChildrenOf, type SyntaxNode } from '../../syntax-node.js'
import { stringValue } from '../args.js'
import { firstLine, splitTypes, type LayerFamily, type ParsedImport, type Scope, type WalkApi } from '../family.js'

const FUNCTION_VALUES = new Set(['arrow_function', 'function_expression', 'function', 'generator_function'])
const CLASS_VALUES = new Set(['class', 'class_expression'])
const CLASS_KINDS = new Set(['class', 'interface', 'module', 'enum'])
const HIDDEN_MEMBER = /^\s*(?:(?:public|static|readonly|abstract|override|async|declare|get|set|accessor)\s+)*(?:private|protected)\b/

const COMMON_QUERY = `
(import_statement source: (string) @import.source) @import
(export_statement source: (string) @import.source) @import
(call_expression function: (identifier) @call.name arguments: (_) @call.args) @call
(call_expression function: (member_expression object: (_) @call.receiver property: (property_identifier) @call.name) arguments: (_) @call.args) @call
(call_expression function: (import) @call.name arguments: (_) @call.args) @call
(new_expression constructor: (identifier) @call.name arguments: (_)? @call.args) @call
(new_expression constructor: (member_expression object: (_) @call.receiver property: (property_identifier) @call.name) arguments: (_)? @call.args) @call
`
const TYPESCRIPT_QUERY = `${COMMON_QUERY}
(import_statement (import_require_clause source: (string) @import.source)) @import
`

/** `a as b, type c, default as d` inside braces. */
function braceNames(inside: string): ImportedName[] {
  const names: ImportedName[] = []
  for (const part of inside.split(',')) {
    const spec = part.trim().replace(/^type\s+/, '')
    const match = /^([\w$]+|"[^"]*"|'[^']*')(?:\s+as\s+([\w$]+))?$/.exec(spec)
    if (!match) continue
    const name = (match[1] as string).replace(/^['"]|['"]$/g, '')
    names.push(match[2] && match[2] !== name ? { name, alias: match[2] } : { name })
  }
  return names
}

/** The names of an import or re-export clause (the text between the keyword and `from`). */
export function clauseNames(clause: string): ImportedName[] {
  const require = /^import\s+([\w$]+)\s*=\s*require\s*\($/.exec(clause.trim())
  if (require) return [{ name: '*', alias: require[1] as string }]
  const c = clause
    .trim()
    .replace(/^(?:import|export)\s*/, '')
    .replace(/\s*from\s*$/, '')
    .replace(/^type\s+(?=[{*\w$])/, '')
    .trim()
  if (!c) return []
  const names: ImportedName[] = []
  const namespace = /\*\s*as\s+([\w$]+)/.exec(c)
  if (namespace) names.push({ name: '*', alias: namespace[1] as string })
  else if (c.startsWith('*')) names.push({ name: '*' })
  const braces = /\{([^}]*)\}/.exec(c)
  if (braces) names.push(...braceNames(braces[1] as string))
  const leading = /^([\w$]+)\s*(?:,|$)/.exec(c)
  if (leading && !clause.trim().startsWith('export')) names.unshift({ name: 'default', alias: leading[1] as string })
  return names
}

function parseImport(statement: SyntaxNode, source: SyntaxNode | undefined, text: string): ParsedImport[] {
  if (!source) return []
  const specifier = stringValue(text.slice(source.startIndex, source.endIndex))
  if (specifier === undefined) return []
  return [{ specifier, names: clauseNames(text.slice(statement.startIndex, source.startIndex)) }]
}

/** `const f = () => {}`, `export const K = 1, L = 2`, `let x`: one definition per simple declarator. */
function variables(node: SyntaxNode, scope: Scope, api: WalkApi): boolean {
  const { text } = api
  const constant = text.startsWith('const', node.startIndex)
  for (const declarator of namedChildrenOf(node)) {
    if (declarator.type !== 'variable_declarator') continue
    const nameNode = declarator.childForFieldName('name')
    if (!nameNode || nameNode.type !== 'identifier') continue
    const name = text.slice(nameNode.startIndex, nameNode.endIndex)
    const value = declarator.childForFieldName('value')
    const valueType = value?.type ?? ''
    if (FUNCTION_VALUES.has(valueType)) {
      const body = (value as SyntaxNode).childForFieldName('body')
      const head = text.slice(node.startIndex, body ? body.startIndex : declarator.endIndex)
      const signature = head.replace(/\s+/g, ' ').trim().replace(/\s*(?:=>|\{)$/, '').slice(0, 300)
      api.define({ name, kind: 'function', node, signature, exported: scope.exported }, scope)
    } else if (CLASS_VALUES.has(valueType)) {
      const body = (value as SyntaxNode).childForFieldName('body')
      api.define({ name, kind: 'class', node, exported: scope.exported, body }, scope)
    } else {
      const signature = firstLine(text, node.startIndex, node.endIndex)
      api.define({ name, kind: constant ? 'constant' : 'variable', node, signature, exported: scope.exported }, scope)
    }
  }
  return true
}

/** `export { a, b as c }` and `export default name` mark top-level names as exported. */
function exportList(node: SyntaxNode, api: WalkApi): boolean {
  const children = namedChildrenOf(node)
  if (children.some((child) => child.type === 'string')) return true
  const clause = children.find((child) => child.type === 'export_clause')
  if (clause) {
    api.markExported(braceNames(api.text.slice(clause.startIndex + 1, clause.endIndex - 1)).map((n) => n.name))
    return true
  }
  const value = node.childForFieldName('value')
  if (value?.type === 'identifier') {
    api.markExported([api.text.slice(value.startIndex, value.endIndex)])
    return true
  }
  return false
}

function heritage(node: SyntaxNode, text: string): { kind: 'extends' | 'implements'; target: string }[] {
  const out: { kind: 'extends' | 'implements'; target: string }[] = []
  const clause = childOfType(node, 'class_heritage') ?? childOfType(node, 'extends_type_clause')
  if (!clause) return out
  const raw = text.slice(clause.startIndex, clause.endIndex)
  const extendsPart = /\bextends\s+([\s\S]*?)(?=\bimplements\b|$)/.exec(raw)
  const implementsPart = /\bimplements\s+([\s\S]*)$/.exec(raw)
  for (const target of splitTypes(extendsPart?.[1] ?? '')) out.push({ kind: 'extends', target })
  for (const target of splitTypes(implementsPart?.[1] ?? '')) out.push({ kind: 'implements', target })
  return out
}

/** Layer extraction for TypeScript, TSX and JavaScript (ES modules and CommonJS `require`). */
export const javascriptFamily: LayerFamily = {
  query: (grammar) => (grammar === 'javascript' ? COMMON_QUERY : TYPESCRIPT_QUERY),
  decoratorTypes: new Set(['decorator']),
  wrappers: new Set(['export_statement', 'ambient_declaration']),
  exportWrappers: new Set(['export_statement']),
  scopeThrough: new Set(),
  declaration(node, type, scope, api) {
    if (type === 'lexical_declaration' || type === 'variable_declaration') return variables(node, scope, api)
    if (type === 'export_statement') return exportList(node, api)
    if (type === 'ambient_declaration' && /^declare\s+global\b/.test(api.text.slice(node.startIndex, node.startIndex + 20))) {
      api.define({ name: 'global', kind: 'module', node, signature: 'declare global', body: childOfType(node, 'statement_block') }, scope)
      return true
    }
    return false
  },
  details(node: SyntaxNode, match: SymbolMatch, scope: Scope, api: WalkApi) {
    const { text } = api
    const member = scope.kind !== '' && scope.kind !== 'module'
    const exported = member
      ? scope.kind === 'interface' || !(match.name.startsWith('#') || HIDDEN_MEMBER.test(text.slice(node.startIndex, node.startIndex + 120)))
      : scope.exported
    if (!CLASS_KINDS.has(match.kind)) return { exported }
    const decorators = match.kind === 'class' ? namedChildrenOf(node).filter((child) => child.type === 'decorator') : []
    return { exported, heritage: heritage(node, text), decorators }
  },
  parseImport,
  callImport(name, receiver, firstString) {
    if (receiver !== '' || (name !== 'require' && name !== 'import')) return undefined
    return firstString()
  },
  module: (path) => path.replace(/\.[^./]+$/, ''),
}
