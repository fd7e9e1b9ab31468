import { childOfType, type SymbolMatch } from '../../rules.js'
import { namedChildrenOf, type SyntaxNode } from '../../syntax-node.js'
import { fieldDeclaration } from '../fields.js'
import { firstLine, splitTypes, type LayerFamily, type ParsedImport, type Scope, type WalkApi } from '../family.js'
import type { CallWords } from '../lexical/scan-calls.js'
import { javaTypedDeclarations } from '../lexical/java-declarations.js'
import { CSHARP_SYNTAX, words } from '../lexical/syntaxes.js'

const CALL_WORDS: CallWords = {
  keywords: words('if for foreach while switch catch using lock return nameof typeof sizeof default checked unchecked fixed new throw base this else do case is as in out ref params get set add remove when'),
  beforeCall: words('return new throw else case do await yield is in'),
  braceDefinitions: true,
  generics: true,
  bracketAttributes: true,
  nullSafeReceivers: true,
}

const TEST_ATTRIBUTES = /^(?:Test|TestMethod|Fact|Theory|TestCase)$/

/** `using X.Y;`, `using static X.Y;`, `using A = X.Y;` (global using too). */
export function parseCsharpImport(raw: string): ParsedImport[] {
  const match = /^(?:global\s+)?using\s+(?:static\s+)?(?:(\w+)\s*=\s*)?([\w.]+)\s*;?$/.exec(raw.replace(/\s+/g, ' ').trim())
  if (!match) return []
  return [{ specifier: match[2] as string, names: [match[1] ? { name: '*', alias: match[1] } : { name: '*' }] }]
}

/**
 * A program of top-level statements (`var app = WebApplication.Create(args); app.Run();` in
 * `Program.cs`): its first statement is the program's `main`, once per file.
 */
function topLevelMain(node: SyntaxNode, scope: Scope, api: WalkApi, seen: WeakSet<WalkApi>): void {
  if (scope.kind !== '' || seen.has(api)) return
  seen.add(api)
  const { text } = api
  api.entrypoint({ kind: 'main', framework: 'csharp', method: '', route: '', handler: '', row: node.startPosition.row, endRow: node.endPosition.row, offset: node.startIndex, text: firstLine(text, node.startIndex, node.endIndex) })
}

/** The walks (files) whose top-level `main` is recorded. */
const withMain = new WeakSet<WalkApi>()

/** Layer extraction for C#. */
export const csharpFamily: LayerFamily = {
  enumMembers: new Set(['enum_member_declaration']),
  syntax: CSHARP_SYNTAX,
  calls: CALL_WORDS,
  decoratorTypes: new Set(),
  wrappers: new Set(),
  scopeThrough: new Set(),
  declaration(node, type, scope, api) {
    // (An `event Action OnShow;` is a field of its delegate type: what `OnShow += ...` and `OnShow?.Invoke()` read.)
    if (type === 'field_declaration' || type === 'event_field_declaration') {
      const declaration = namedChildrenOf(node).find((child) => child.type === 'variable_declaration')
      return declaration !== undefined && fieldDeclaration(node, scope, api, declaration)
    }
    if (type === 'global_statement') {
      topLevelMain(node, scope, api, withMain)
      return false
    }
    if (type === 'using_directive') {
      const end = node.endIndex
      for (const parsed of parseCsharpImport(api.text.slice(node.startIndex, end))) api.addImport(parsed, node.startIndex, end)
      return true
    }
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
  typedDeclarations: javaTypedDeclarations,
  module: (_path, packageName) => packageName,
}
