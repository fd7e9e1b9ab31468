import { childOfType, type SymbolMatch } from '../../rules.js'
import { namedChildrenOf, type SyntaxNode } from '../../syntax-node.js'
import type { DecoratorFact } from '../facts.js'
import { splitTypes, type LayerFamily, type ParsedImport, type Scope, type SymbolDetails, type WalkApi } from '../family.js'
import type { CallWords } from '../lexical/scan-calls.js'
import { KOTLIN_SYNTAX, words } from '../lexical/syntaxes.js'

// No `braceDefinitions`: `run(x) { ... }` is a call with a trailing lambda; definitions are named
// after `fun` or `class`, which the declaration walk records.
// `get(` and `set(` on their own are property accessors (`get() = field`); Ktor's `get("/x")`
// routes are read from the text by their own detector.
const CALL_WORDS: CallWords = {
  keywords: words('if when for while catch return throw super this try finally else do class interface object fun val var constructor init typealias get set'),
  beforeCall: words('return throw else in is as to do try yield'),
  generics: true,
  arrowLambdas: true,
  annotationTargets: true,
  nullSafeReceivers: true,
}

const TEST_ANNOTATIONS = new Set(['Test', 'ParameterizedTest', 'RepeatedTest', 'TestFactory', 'TestTemplate'])
/** Visibilities that keep a declaration out of the module's API. */
const HIDDEN = new Set(['private', 'internal', 'protected'])

/** `import a.b.C`, `import a.b.*`, `import a.b.C as D`, `import a.b.topLevelFunction`. */
export function parseKotlinImport(raw: string): ParsedImport[] {
  const flat = raw.replace(/\s+/g, ' ').trim().replace(/\s*\.\s*/g, '.').replace(/;$/, '').replace(/`/g, '')
  const match = /^import ([\w.]+?)(\.\*)?(?: as (\w+))?$/.exec(flat)
  if (!match) return []
  const path = match[1] as string
  if (match[2]) return [{ specifier: path, names: [{ name: '*' }] }]
  const name = path.slice(path.lastIndexOf('.') + 1)
  const alias = match[3]
  return [{ specifier: path, names: [alias && alias !== name ? { name, alias } : { name }] }]
}

/**
 * The annotations a top-level `annotated_expression` holds: the grammar may read `@A\n@B("x")`
 * before a declaration as `annotated_expression(@A, annotated_expression(@B, ("x")))`; the
 * innermost one with its parenthesized arguments is one annotation, `@B("x")`.
 */
export function kotlinAnnotations(node: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = []
  let current: SyntaxNode | undefined = node
  while (current?.type === 'annotated_expression') {
    const children = namedChildrenOf(current)
    const annotation = children[0]
    const rest = children.at(-1)
    if (!annotation || annotation.type !== 'annotation') break
    if (rest?.type === 'parenthesized_expression' && !childOfType(annotation, 'constructor_invocation')) {
      out.push(current)
      break
    }
    out.push(annotation)
    current = rest !== annotation ? rest : undefined
  }
  return out
}

function annotationName(node: SyntaxNode, text: string): string {
  return text.slice(node.startIndex + 1, node.endIndex).replace(/\(.*$/s, '').replace(/^\w+:/, '').trim()
}

/** `class A : B(), C`: a called supertype is the superclass (extends), the others interfaces (implements); an interface extends all. */
function kotlinHeritage(node: SyntaxNode, kind: string, text: string): SymbolDetails['heritage'] {
  const specifiers = childOfType(node, 'delegation_specifiers')
  if (!specifiers) return []
  const heritage: { kind: 'extends' | 'implements'; target: string }[] = []
  for (const specifier of namedChildrenOf(specifiers)) {
    const inner = namedChildrenOf(specifier)[0]
    if (!inner) continue
    const called = inner.type === 'constructor_invocation'
    const type = called ? (childOfType(inner, 'user_type') ?? inner) : inner.type === 'explicit_delegation' ? (namedChildrenOf(inner)[0] ?? inner) : inner
    const relation = kind === 'interface' || called ? 'extends' : 'implements'
    for (const target of splitTypes(text.slice(type.startIndex, type.endIndex))) heritage.push({ kind: relation, target })
  }
  return heritage
}

/**
 * The properties a class's primary constructor declares (`data class Point(val x: Int, var y: Int)`:
 * `x` and `y`; a plain parameter `z: Int` is none), signed as written.
 */
function constructorProperties(node: SyntaxNode, match: SymbolMatch, inner: Scope, api: WalkApi): void {
  if (match.kind !== 'class' && match.kind !== 'enum') return
  const constructor = namedChildrenOf(node).find((child) => child.type === 'primary_constructor')
  const parameters = constructor && namedChildrenOf(constructor).find((child) => child.type === 'class_parameters')
  if (!parameters) return
  const { text } = api
  for (const parameter of namedChildrenOf(parameters)) {
    if (parameter.type !== 'class_parameter') continue
    const nameNode = namedChildrenOf(parameter).find((child) => child.type === 'identifier' || child.type === 'simple_identifier')
    const written = text.slice(parameter.startIndex, parameter.endIndex).replace(/\s+/g, ' ')
    if (!nameNode || !/(?:^|\s)(?:val|var)\s/.test(written.slice(0, nameNode.startIndex - parameter.startIndex + 1))) continue
    const signature = written.replace(/\s*=.*$/s, '')
    api.define({ name: text.slice(nameNode.startIndex, nameNode.endIndex), kind: 'property', node: parameter, signature, exported: !/\b(?:private|protected)\b/.test(signature) }, inner)
  }
}

/** Layer extraction for Kotlin. */
export const kotlinFamily: LayerFamily = {
  enumMembers: new Set(['enum_entry']),
  declareMembers: constructorProperties,
  syntax: KOTLIN_SYNTAX,
  calls: CALL_WORDS,
  decoratorTypes: new Set(['annotated_expression']),
  expandDecorator: kotlinAnnotations,
  wrappers: new Set(),
  scopeThrough: new Set(),
  declaration(node, type, _scope, api) {
    if (type === 'import') {
      const end = node.endIndex
      for (const parsed of parseKotlinImport(api.text.slice(node.startIndex, end))) api.addImport(parsed, node.startIndex, end)
      return true
    }
    if (type !== 'package_header') return false
    api.setPackage(api.text.slice(node.startIndex, node.endIndex).replace(/^package\s+|;\s*$/g, '').replace(/[\s`]+/g, ''))
    return true
  },
  details(node: SyntaxNode, match: SymbolMatch, _scope: Scope, api: WalkApi, attached: readonly DecoratorFact[]) {
    const { text } = api
    const mods = childOfType(node, 'modifiers')
    const modifiers = mods ? namedChildrenOf(mods) : []
    const hidden = modifiers.some((m) => m.type === 'visibility_modifier' && HIDDEN.has(text.slice(m.startIndex, m.endIndex)))
    const decorators = modifiers.filter((m) => m.type === 'annotation')
    const names = [...decorators.map((d) => annotationName(d, text)), ...attached.map((d) => d.name.replace(/^\w+:/, ''))]
    const test = names.some((name) => TEST_ANNOTATIONS.has(name) || TEST_ANNOTATIONS.has(name.slice(name.lastIndexOf('.') + 1)))
    const heritage = match.container ? kotlinHeritage(node, match.kind, text) : []
    return { exported: !hidden, decorators, test, heritage }
  },
  module: (_path, packageName) => packageName,
}
