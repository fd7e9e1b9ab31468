import { childOfType, type SymbolMatch } from '../../rules.js'
import { namedChildrenOf, type SyntaxNode } from '../../syntax-node.js'
import type { DecoratorFact } from '../facts.js'
import { fieldDeclaration } from '../fields.js'
import { splitTypes, type LayerFamily, type ParsedImport, type Scope, type WalkApi } from '../family.js'
import type { CallWords } from '../lexical/scan-calls.js'
import { javaTypedDeclarations } from '../lexical/java-declarations.js'
import { JAVA_SYNTAX, words } from '../lexical/syntaxes.js'

const CALL_WORDS: CallWords = {
  keywords: words('if for while switch catch synchronized return new throw super this try finally else do case default class interface enum record assert instanceof'),
  beforeCall: words('return new throw else case do assert yield'),
  braceDefinitions: true,
  generics: true,
  arrowLambdas: true,
}

const ANNOTATIONS = new Set(['marker_annotation', 'annotation'])
const TEST_ANNOTATIONS = new Set(['Test', 'ParameterizedTest', 'RepeatedTest', 'TestFactory', 'TestTemplate'])

/** `import a.b.C;`, `import a.b.*;`, `import static a.b.C.d;`, `import static a.b.C.*;`. */
export function parseJavaImport(raw: string): ParsedImport[] {
  const match = /^import\s+(static\s+)?([\w.]+?)(\.\*)?\s*;?$/.exec(raw.replace(/\s+/g, ' ').trim().replace(/\s*\.\s*/g, '.'))
  if (!match) return []
  const path = match[2] as string
  if (match[3]) return [{ specifier: path, names: [{ name: '*' }] }]
  const dot = path.lastIndexOf('.')
  if (match[1]) return [{ specifier: path.slice(0, dot), names: [{ name: path.slice(dot + 1) }] }]
  return [{ specifier: path, names: [{ name: path.slice(dot + 1) }] }]
}

function modifiers(node: SyntaxNode): SyntaxNode | undefined {
  return childOfType(node, 'modifiers')
}

/** Layer extraction for Java. */
export const javaFamily: LayerFamily = {
  enumMembers: new Set(['enum_constant']),
  syntax: JAVA_SYNTAX,
  calls: CALL_WORDS,
  decoratorTypes: new Set(),
  wrappers: new Set(),
  scopeThrough: new Set(),
  declaration(node, type, scope, api) {
    if (type === 'field_declaration') return fieldDeclaration(node, scope, api)
    if (type === 'import_declaration') {
      const end = node.endIndex
      for (const parsed of parseJavaImport(api.text.slice(node.startIndex, end))) api.addImport(parsed, node.startIndex, end)
      return true
    }
    if (type !== 'package_declaration') return false
    api.setPackage(api.text.slice(node.startIndex, node.endIndex).replace(/^package\s+|;\s*$/g, '').replace(/\s+/g, ''))
    return true
  },
  details(node: SyntaxNode, match: SymbolMatch, scope: Scope, api: WalkApi, _attached: readonly DecoratorFact[]) {
    const { text } = api
    const mods = modifiers(node)
    const modText = mods ? text.slice(mods.startIndex, mods.endIndex) : ''
    const exported = /\bpublic\b/.test(modText) || scope.kind === 'interface'
    const decorators = mods ? namedChildrenOf(mods).filter((child) => ANNOTATIONS.has(child.type)) : []
    const test = decorators.some((d) => TEST_ANNOTATIONS.has(text.slice(d.startIndex + 1, d.endIndex).replace(/\(.*$/s, '').trim()))
    const heritage: { kind: 'extends' | 'implements'; target: string }[] = []
    if (match.container) {
      const superclass = node.childForFieldName('superclass')
      if (superclass) for (const target of splitTypes(text.slice(superclass.startIndex, superclass.endIndex).replace(/^extends\s+/, ''))) heritage.push({ kind: 'extends', target })
      const interfaces = node.childForFieldName('interfaces') ?? childOfType(node, 'extends_interfaces')
      if (interfaces) {
        const raw = text.slice(interfaces.startIndex, interfaces.endIndex)
        const kind = raw.startsWith('extends') ? 'extends' : 'implements'
        for (const target of splitTypes(raw.replace(/^(?:implements|extends)\s+/, ''))) heritage.push({ kind, target })
      }
    }
    return { exported, decorators, test, heritage }
  },
  typedDeclarations: javaTypedDeclarations,
  module: (_path, packageName) => packageName,
}
