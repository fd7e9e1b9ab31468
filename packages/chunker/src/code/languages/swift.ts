import { defineRules, CLASS_LIKE, fieldText, textOf, type LanguageRules, type SymbolMatch } from '../rules.js'
import type { SyntaxNode } from '../syntax-node.js'
import { stripGenerics } from './generics.js'

/** The symbol kind of each keyword of Swift's `class_declaration`. */
const TYPE_KINDS: Readonly<Record<string, string>> = { class: 'class', struct: 'struct', enum: 'enum', actor: 'class', extension: 'extension' }

/**
 * `class`, `struct`, `enum`, `actor` and `extension` are one node type in the grammar, the keyword
 * its `declaration_kind`; an extension is named by the type it extends (`extension Array<Int>`: `Array`).
 */
function swiftType(node: SyntaxNode, text: string): SymbolMatch | null {
  const keyword = node.childForFieldName('declaration_kind')
  const kind = keyword ? TYPE_KINDS[textOf(keyword, text)] : undefined
  const name = fieldText(node, 'name', text)
  if (!kind || !name) return null
  return { kind, name: stripGenerics(name), decl: node, body: node.childForFieldName('body'), container: true }
}

/** `let x = 1`, `var y: Int { get }`: named by its identifier; a tuple pattern `let (a, b) = p` is no symbol. */
function swiftProperty(node: SyntaxNode, text: string): SymbolMatch | null {
  const name = fieldText(node, 'name', text)
  if (!name || !/^[\p{L}_][\p{L}\p{N}_]*$/u.test(name)) return null
  return { kind: 'property', name, decl: node, body: null, container: false }
}

/** A line of a compiler directive: `#if os(iOS)`, `#elseif`, `#else`, `#endif`, `#error("...")`, `#warning`. */
const DIRECTIVE_LINE = /^([ \t]*)(#(?:if|elseif|else|endif|error|warning|sourceLocation)\b.*)$/gm

/**
 * The text the parser reads: the file's with its compiler directives blanked (same length and line
 * breaks), so that both branches of an `#if` read as consecutive code. The grammar loses the
 * declarations around a directive inside a statement, a `switch` or a member list; on Alamofire's
 * 98 files, reading them blanked halves the parse errors (1,477 to 753; files with an error 48 to
 * 27; one file, a template that is not Swift, had more) and the parse time (errors are slow to
 * recover from: 4.3 to 2.8 s).
 */
export function swiftParseInput(text: string): string {
  if (!text.includes('#')) return text
  return text.replace(DIRECTIVE_LINE, (_line, indent: string, directive: string) => indent + ' '.repeat(directive.length))
}

/**
 * Rules for Swift. Attributes (`@MainActor`, `@objc`) sit in the declaration's `modifiers`, so
 * they are part of it already; `init`, `deinit` and `subscript` are methods of those names.
 */
export const swiftRules: LanguageRules = defineRules({
  symbols: {
    protocol_declaration: { kind: 'interface', container: true },
    function_declaration: { kind: 'function' },
    protocol_function_declaration: { kind: 'function', body: () => null },
    init_declaration: { kind: 'method', name: () => 'init' },
    deinit_declaration: { kind: 'method', name: () => 'deinit' },
    subscript_declaration: { kind: 'method', name: () => 'subscript', body: (node) => node.childForFieldName('body') ?? null },
    typealias_declaration: { kind: 'type', body: () => null },
  },
  custom: { class_declaration: swiftType, property_declaration: swiftProperty, protocol_property_declaration: swiftProperty },
  comments: ['comment', 'multiline_comment'],
  imports: ['import_declaration'],
  methodParents: [...CLASS_LIKE, 'extension'],
  parseInput: swiftParseInput,
})
