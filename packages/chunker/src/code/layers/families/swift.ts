import { childOfType, textOf, type SymbolMatch } from '../../rules.js'
import { namedChildrenOf, type SyntaxNode } from '../../syntax-node.js'
import type { DecoratorFact } from '../facts.js'
import { typeName, type LayerFamily, type ParsedImport, type Scope, type SymbolDetails, type WalkApi } from '../family.js'
import type { CallWords } from '../lexical/scan-calls.js'
import { swiftTypedDeclarations } from '../lexical/swift-dart-declarations.js'
import { SWIFT_SYNTAX, words } from '../lexical/syntaxes.js'

// `name(` after `func` is a declaration (any word outside `beforeCall` makes it one); trailing
// closures without parentheses (`items.map { $0 }`) are not read as calls, nor are the conditions
// of compiler directives and `#available` (`#if canImport(Security)`, `#selector(...)`).
const CALL_WORDS: CallWords = {
  keywords: words(
    'if guard while for switch catch return throw super self Self init deinit subscript func case let var repeat defer do try await as is in where get set willSet didSet class struct enum protocol extension actor typealias some any private fileprivate internal public open nonisolated unowned weak canImport available unavailable targetEnvironment compiler os arch selector keyPath',
  ),
  beforeCall: words('return throw try await else in is as case where'),
  generics: true,
  nullSafeReceivers: true,
}

/** Visibilities that keep a declaration inside its file. */
const HIDDEN = new Set(['private', 'fileprivate'])
/** Attributes of Swift Testing's tests and suites. */
const TEST_ATTRIBUTES = new Set(['Test', 'Suite'])
/** `import struct Foundation.UUID`: the kinds of a declaration import. */
const IMPORT_KIND = /^(?:typealias|struct|class|enum|protocol|let|var|func|actor)\s+/

/**
 * `import Foundation` (the whole module), `import struct Foundation.UUID` (one declaration of
 * it), `@testable import App` (its internal declarations too), `import Darwin.C` (a submodule: the module).
 */
export function parseSwiftImport(raw: string): ParsedImport[] {
  const flat = raw.replace(/\s+/g, ' ').trim().replace(/^(?:@\w+(?:\([^)]*\))? )+/, '').replace(/;$/, '')
  if (!flat.startsWith('import ')) return []
  const rest = flat.slice('import '.length)
  const kind = IMPORT_KIND.exec(rest)
  const path = (kind ? rest.slice(kind[0].length) : rest).replace(/\s*\.\s*/g, '.')
  if (!/^[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}_][\p{L}\p{N}_]*)*$/u.test(path)) return []
  const dot = path.indexOf('.')
  if (kind && dot > 0) return [{ specifier: path.slice(0, dot), names: [{ name: path.slice(path.lastIndexOf('.') + 1) }] }]
  return [{ specifier: dot > 0 ? path.slice(0, dot) : path, names: [{ name: '*' }] }]
}

function attributeName(node: SyntaxNode, text: string): string {
  return textOf(node, text).slice(1).replace(/\(.*$/s, '').trim()
}

/**
 * `class C: Base, P`: Swift writes the superclass first and the protocols after it, and cannot tell
 * them apart by syntax; a class's first type is read as the superclass (extends), every other as a
 * protocol (implements); a protocol extends all of its own.
 */
function swiftHeritage(node: SyntaxNode, kind: string, text: string): SymbolDetails['heritage'] {
  const heritage: { kind: 'extends' | 'implements'; target: string }[] = []
  for (const specifier of namedChildrenOf(node)) {
    if (specifier.type !== 'inheritance_specifier') continue
    const type = specifier.childForFieldName('inherits_from')
    const target = type ? typeName(textOf(type, text)) : ''
    if (!/^[\p{L}_][\p{L}\p{N}_.]*$/u.test(target)) continue
    const relation = kind === 'interface' || (kind === 'class' && heritage.length === 0) ? 'extends' : 'implements'
    heritage.push({ kind: relation, target })
  }
  return heritage
}

/** A case of an enum: `case north, south` declares each name (`case east = "e"`, `case value(Int)`). */
function enumCases(node: SyntaxNode, scope: Scope, api: WalkApi): boolean {
  const { text } = api
  for (const name of namedChildrenOf(node)) {
    if (name.type !== 'simple_identifier') continue
    api.define({ name: textOf(name, text), kind: 'constant', node: name, signature: `case ${textOf(name, text)}`, exported: scope.symbol?.exported }, scope)
  }
  return true
}

/**
 * The module of a file of a Swift package: the target folder under `Sources/` or `Tests/`
 * (`Sources/App/Models/Todo.swift` is in `App`); `''` elsewhere (an Xcode project's folders).
 */
export function swiftModule(path: string): string {
  const match = /(?:^|\/)(?:Sources|Tests)\/([^/]+)\//.exec(path)
  return match ? (match[1] as string) : ''
}

/** Layer extraction for Swift. */
export const swiftFamily: LayerFamily = {
  syntax: SWIFT_SYNTAX,
  calls: CALL_WORDS,
  decoratorTypes: new Set(),
  wrappers: new Set(),
  scopeThrough: new Set(),
  declaration(node, type, scope, api) {
    if (type === 'enum_entry') return enumCases(node, scope, api)
    if (type !== 'import_declaration') return false
    const end = node.endIndex
    for (const parsed of parseSwiftImport(api.text.slice(node.startIndex, end))) api.addImport(parsed, node.startIndex, end)
    return true
  },
  details(node: SyntaxNode, match: SymbolMatch, scope: Scope, api: WalkApi, _attached: readonly DecoratorFact[]) {
    const { text } = api
    const mods = childOfType(node, 'modifiers')
    const modifiers = mods ? namedChildrenOf(mods) : []
    const hidden = modifiers.some((m) => m.type === 'visibility_modifier' && HIDDEN.has(textOf(m, text).replace(/\(.*$/s, '')))
    const decorators = modifiers.filter((m) => m.type === 'attribute')
    const names = decorators.map((d) => attributeName(d, text))
    // (XCTest runs the `test...` methods of an `XCTestCase` subclass; Swift Testing marks its tests.)
    const xctest = scope.kind === 'class' && /^test[\p{Lu}\p{N}_]/u.test(match.name) && scope.symbol !== undefined && /\bXCTestCase\b/.test(scope.symbol.signature)
    const test = names.some((name) => TEST_ATTRIBUTES.has(name)) || xctest
    const heritage = match.container ? swiftHeritage(node, match.kind, text) : []
    return { exported: !hidden, decorators, test, heritage }
  },
  typedDeclarations: swiftTypedDeclarations,
  module: (path) => swiftModule(path),
}
