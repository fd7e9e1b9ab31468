import type { ImportedName } from '@rag/core'
import { childOfType, textOf, type SymbolMatch } from '../../rules.js'
import { namedChildrenOf, type SyntaxNode } from '../../syntax-node.js'
import type { DecoratorFact } from '../facts.js'
import { firstLine, typeName, type LayerFamily, type ParsedImport, type Scope, type SymbolDetails, type WalkApi } from '../family.js'
import type { CallWords } from '../lexical/scan-calls.js'
import { dartTypedDeclarations } from '../lexical/swift-dart-declarations.js'
import { DART_SYNTAX, words } from '../lexical/syntaxes.js'

// `f(x) {` without a return type is a definition (a constructor, an untyped function); a typed one
// (`void f(x)`) has a word before its name outside `beforeCall`.
const CALL_WORDS: CallWords = {
  keywords: words('if for while switch catch return throw super this try finally else do assert new const class mixin extension enum typedef on is as in await yield late final var void get set operator factory required covariant external static abstract sealed base interface when Function'),
  beforeCall: words('return new const throw else await yield in is as case when'),
  braceDefinitions: true,
  generics: true,
  arrowLambdas: true,
  nullSafeReceivers: true,
}

/** The first string of a directive: `'package:a/b.dart'` of `import 'package:a/b.dart' as b;`. */
const URI = /^(?:import|export|part)\s+(?:of\s+)?(['"])([^'"\n]+)\1/
/** Identifiers after `show` (or `hide`), up to the next keyword. */
const COMBINATOR = /\b(show|hide)\s+([\w$]+(?:\s*,\s*[\w$]+)*)/g

/**
 * `import 'package:a/b.dart';` (everything), `import '../x.dart' as x;` (a namespace, `x.f()`),
 * `import 'a.dart' show A, B;` (only those), `export 'src/a.dart';` (a re-export: the file's
 * names are this library's too), `part 'a.g.dart';` and `part of 'lib.dart';` (one library in
 * several files: each sees the other's names). A conditional import's first URI is the one read;
 * `part of some.library;` (by name) names no file.
 */
export function parseDartDirective(raw: string): ParsedImport[] {
  // (Annotations before a directive may belong to its node: `@Deprecated('x') export 'a.dart';`.)
  const flat = raw.replace(/\s+/g, ' ').trim().replace(/^(?:@[\w$.]+(?:\([^()]*\))?\s*)+/, '')
  const uri = URI.exec(flat)
  if (!uri) return []
  const specifier = uri[2] as string
  const alias = /\bas\s+([\w$]+)/.exec(flat)?.[1]
  if (alias !== undefined) return [{ specifier, names: [{ name: '*', alias }] }]
  const shown: ImportedName[] = []
  for (const [, kind, list] of flat.matchAll(COMBINATOR)) if (kind === 'show') for (const name of (list as string).split(/\s*,\s*/)) shown.push({ name })
  return [{ specifier, names: shown.length > 0 ? shown : [{ name: '*' }] }]
}

/** The identifiers a variable list declares (`a = 1, b` of `var a = 1, b;`). */
function variableNames(list: SyntaxNode, text: string): SyntaxNode[] {
  const out: SyntaxNode[] = []
  for (const child of namedChildrenOf(list)) {
    if (child.type === 'identifier') out.push(child)
    else {
      const id = childOfType(child, 'identifier')
      if (id) out.push(id)
    }
  }
  return out.filter((id) => textOf(id, text).length > 0)
}

const VARIABLE_LISTS = new Set(['initialized_identifier_list', 'static_final_declaration_list', 'identifier_list'])

/**
 * Each variable of a declaration: a class's fields (`final int x, y;` in a `declaration`) or a
 * top-level variable list, whose `final`, `const` and type the grammar leaves as tokens before
 * it; the signature is its line from the start.
 */
function variables(list: SyntaxNode, kind: string, signatureFrom: number, scope: Scope, api: WalkApi): void {
  const { text } = api
  const signature = firstLine(text, signatureFrom, list.endIndex).replace(/;$/, '')
  for (const id of variableNames(list, text)) {
    const name = textOf(id, text)
    api.define({ name, kind, node: list, signature, exported: !name.startsWith('_') }, scope)
  }
}

/** `class A extends B with M, N implements I`: the superclass and mixins are extended, interfaces implemented. */
function dartHeritage(node: SyntaxNode, text: string): SymbolDetails['heritage'] {
  const heritage: { kind: 'extends' | 'implements'; target: string }[] = []
  const superclass = node.childForFieldName('superclass')
  if (superclass) {
    for (const child of namedChildrenOf(superclass)) {
      const types = child.type === 'mixins' ? namedChildrenOf(child) : [child]
      for (const type of types) if (type.type === 'type_identifier') heritage.push({ kind: 'extends', target: typeName(textOf(type, text)) })
    }
  }
  const interfaces = node.childForFieldName('interfaces')
  if (interfaces) for (const type of namedChildrenOf(interfaces)) if (type.type === 'type_identifier') heritage.push({ kind: 'implements', target: typeName(textOf(type, text)) })
  return heritage
}

/** Layer extraction for Dart. A name starting with `_` is private to its library; every other is public. */
export const dartFamily: LayerFamily = {
  enumMembers: new Set(['enum_constant']),
  syntax: DART_SYNTAX,
  calls: CALL_WORDS,
  decoratorTypes: new Set(['annotation']),
  wrappers: new Set(),
  scopeThrough: new Set(),
  declaration(node, type, scope, api) {
    if (type === 'import_or_export' || type === 'part_directive' || type === 'part_of_directive') {
      const end = node.endIndex
      for (const parsed of parseDartDirective(api.text.slice(node.startIndex, end))) api.addImport(parsed, node.startIndex, end)
      return true
    }
    if (type === 'library_name') {
      const name = childOfType(node, 'dotted_identifier_list')
      if (name) api.setPackage(textOf(name, api.text))
      return true
    }
    if (type === 'declaration' && scope.depth > 0) {
      const list = namedChildrenOf(node).find((child) => VARIABLE_LISTS.has(child.type))
      if (!list) return false
      variables(list, 'property', node.startIndex, scope, api)
      return true
    }
    if (VARIABLE_LISTS.has(type) && scope.depth === 0) {
      variables(node, 'variable', api.text.lastIndexOf('\n', node.startIndex) + 1, scope, api)
      return true
    }
    return false
  },
  details(node: SyntaxNode, match: SymbolMatch, _scope: Scope, api: WalkApi, _attached: readonly DecoratorFact[]) {
    const heritage = node.type === 'class_definition' ? dartHeritage(node, api.text) : []
    return { exported: !match.name.startsWith('_'), heritage }
  },
  typedDeclarations: dartTypedDeclarations,
  module: (_path, packageName) => packageName,
}
