import type { ImportedName } from '@rag/core'
import type { SymbolMatch } from '../rules.js'
import type { SyntaxNode } from '../syntax-node.js'
import type { LineIndex } from '../../lines.js'
import type { CallFact, DecoratorFact, EntrypointDraft, LiteralFact, SymbolFact } from './facts.js'
import type { TypedDeclaration } from './lexical/typed-declarations.js'
import type { LexicalSyntax } from './lexical/mask-code.js'
import type { CallWords } from './lexical/scan-calls.js'

/** Where the declaration walk is: the file's top, or inside a class-like symbol. */
export interface Scope {
  /** The enclosing symbol, absent at the top of the file. */
  readonly symbol: SymbolFact | undefined
  /** Its qualified name and kind, `''` at the top. */
  readonly qname: string
  readonly kind: string
  /** Inside an `export` wrapper (TypeScript). */
  readonly exported: boolean
  /** Inside a test scope (`#[cfg(test)] mod tests`). */
  readonly test: boolean
  readonly depth: number
}

/** A definition a family declares itself (a module-level constant, a variable holding a function). */
export interface DefinitionDraft {
  readonly name: string
  readonly kind: string
  /** The node that spans the definition. */
  readonly node: SyntaxNode
  /** The signature; the first line of the node when absent. */
  readonly signature?: string
  readonly exported?: boolean
  /** A class-like value whose members are walked (`const C = class { ... }`). */
  readonly body?: SyntaxNode | null
  /** `extends` / `implements` targets as written (`const C = class extends Base {}`). */
  readonly heritage?: SymbolDetails['heritage']
}

/** What the walk offers a family while it handles a node at a declaration scope. */
export interface WalkApi {
  readonly text: string
  readonly path: string
  readonly language: string
  /** Records a definition in the current scope; returns its fact. */
  define(draft: DefinitionDraft, scope: Scope): SymbolFact
  /** Walks nodes as a declaration scope (e.g. the body of a `const C = class {}`). */
  walk(nodes: readonly SyntaxNode[], scope: Scope): void
  /** Records the file's declared package or namespace. */
  setPackage(name: string): void
  /** Marks top-level names as exported (`export { a, b }`, `__all__ = [...]`). */
  markExported(names: readonly string[], exclusive?: boolean): void
  /** Records the name a module's default export has (`export default class Ajv {}`, `export default Ajv2019`). */
  markDefaultExport(name: string): void
  /** Records an entrypoint the family recognised itself. */
  entrypoint(draft: EntrypointDraft): void
  /**
   * Whether the file imports `module` or a submodule of it. Complete for the families that scan
   * their imports before the walk (`scanImports`); otherwise it knows the imports walked so far.
   */
  imports(module: string): boolean
  /** Records an import statement the walk met, spanning `start..end` (offsets). */
  addImport(parsed: ParsedImport, start: number, end: number): void
}

/** What a family adds to a symbol the language rules matched. */
export interface SymbolDetails {
  /** Visibility as the language defines it; absent when it has no such notion. */
  readonly exported?: boolean
  /** `extends` / `implements` targets as written, generics dropped. */
  readonly heritage?: readonly { readonly kind: 'extends' | 'implements'; readonly target: string }[]
  /** Decorators, annotations or attributes inside the declaration node itself. */
  readonly decorators?: readonly SyntaxNode[]
  /** Marked as a test by the language (`@Test`, `#[test]`, `[Fact]`, `def test_...` in a test class). */
  readonly test?: boolean
  /** Members live in this scope kind (a Rust `#[cfg(test)] mod` makes its members tests). */
  readonly testScope?: boolean
}

/** One import parsed from its statement's text. */
export interface ParsedImport {
  readonly specifier: string
  readonly names: readonly ImportedName[]
}

/** An import found by scanning the masked text, with where its statement starts and ends. */
export interface ScannedImport extends ParsedImport {
  readonly start: number
  readonly end: number
}

/**
 * The layer-extraction table of one language family. Definitions, heritage, decorators and
 * top-level imports come from the declaration walk over the tree the chunker parsed; calls (and
 * imports that may sit inside function bodies) from one lexical scan of the file with comments and
 * strings blanked out (a full-tree query would cost a quarter of the parse).
 */
export interface LayerFamily {
  /** What starts a comment or a string. */
  readonly syntax: LexicalSyntax
  /** The words that make `name(` a call or not; absent: calls are not read (shell scripts). */
  readonly calls?: CallWords
  /**
   * Calls the `name(` scan cannot see, found from the masked text: Ruby's methods called on `self`
   * without parentheses (`current_user`, `halt 403`). `methods` are the spans of the file's
   * function and method definitions; `definitionNames` the offsets of definitions' names.
   */
  implicitCalls?(text: string, masked: string, lines: LineIndex, methods: readonly (readonly [number, number])[], definitionNames: ReadonlySet<number>): CallFact[]
  /** Node types of decorators or attributes that precede a definition as siblings. */
  readonly decoratorTypes: ReadonlySet<string>
  /**
   * The decorators one of {@link decoratorTypes} holds, when it may hold several (Kotlin reads
   * `@A\n@B("x")` before a top-level class as nested `annotated_expression`s); absent: the node is one.
   */
  expandDecorator?(node: SyntaxNode): readonly SyntaxNode[]
  /** Wrappers whose start is the start of the definition inside (`export`, decorated definitions). */
  readonly wrappers: ReadonlySet<string>
  /** Wrappers that export what they hold (TypeScript's `export` statement). */
  readonly exportWrappers?: ReadonlySet<string>
  /** Non-symbol nodes walked as part of the scope they are in (`if`/`try` blocks at module level). */
  readonly scopeThrough: ReadonlySet<string>
  /** Kinds of definitions whose spans hold no calls (TypeScript interfaces and type aliases). */
  readonly typeOnlyKinds?: ReadonlySet<string>
  /**
   * Node types of an enum body's members (`enum_constant` of Java's `enum Color { RED, GREEN }`):
   * each is a `constant` symbol of the enum, named by its `name` field (or its own text, a
   * TypeScript `property_identifier`), as visible as the enum.
   */
  readonly enumMembers?: ReadonlySet<string>
  /**
   * Members a definition declares outside its body, walked once its symbol exists (`inner` is its
   * scope): Kotlin's `class Point(val x: Int)` declares the property `x`.
   */
  declareMembers?(node: SyntaxNode, match: SymbolMatch, inner: Scope, api: WalkApi): void
  /** Handles a node before the symbol rules do (imports, variables, packages); returns `true` when it did. */
  declaration?(node: SyntaxNode, type: string, scope: Scope, api: WalkApi): boolean
  /**
   * Visibility, heritage, inner decorators and test markers of a matched symbol; `attached` are the
   * decorators or attributes that precede it as siblings.
   */
  details(node: SyntaxNode, match: SymbolMatch, scope: Scope, api: WalkApi, attached: readonly DecoratorFact[]): SymbolDetails
  /** Imports anywhere in the file, from the masked text (Python, Rust and Ruby import inside functions too). */
  scanImports?(masked: string, text: string): ScannedImport[]
  /** An import made by a call (`require('x')`, `import('x')`), if this call is one. */
  callImport?(name: string, receiver: string, firstString: () => string | undefined): string | undefined
  /** Composite literals detectors read (Go's `&cobra.Command{...}`). */
  scanLiterals?(masked: string, text: string, lines: LineIndex): LiteralFact[]
  /**
   * Whether the masked text binds `name` inside the code (a nested function, a local variable, a
   * parameter); absent: not known, and a bare call of a name the file neither defines nor imports
   * is left to resolution by name.
   */
  bindsLocally?(masked: string, name: string): boolean
  /** Names the masked code declares with a class type or as a call's value (locals, fields), for the types of calls' receivers; `text` is the code itself. */
  typedDeclarations?(masked: string, text: string): TypedDeclaration[]
  /** The file's module: the declared package when there is one, else derived from the path. */
  module(path: string, packageName: string): string
}

/** The line of a node's text at `offset..`, up to the end of that line, trimmed. */
export function firstLine(text: string, start: number, end: number): string {
  const newline = text.indexOf('\n', start)
  const stop = newline >= 0 && newline < end ? newline : end
  return text.slice(start, stop).trim().replace(/\s+/g, ' ').slice(0, 300)
}

/** Drops generic arguments and whitespace: `Base<T, U>` gives `Base`. */
export function typeName(raw: string): string {
  let depth = 0
  let out = ''
  for (const ch of raw) {
    if (ch === '<' || ch === '[' || ch === '(') depth++
    else if (ch === '>' || ch === ']' || ch === ')') depth = Math.max(0, depth - 1)
    else if (depth === 0) out += ch
  }
  return out.replace(/\s+/g, '')
}

/** Splits a heritage list (`A, B<C, D>, E`) at top-level commas. */
export function splitTypes(raw: string): string[] {
  const out: string[] = []
  let depth = 0
  let from = 0
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]
    if (c === '<' || c === '(' || c === '[' || c === '{') depth++
    else if (c === '>' || c === ')' || c === ']' || c === '}') depth--
    else if (c === ',' && depth === 0) {
      out.push(raw.slice(from, i))
      from = i + 1
    }
  }
  out.push(raw.slice(from))
  return out.map(typeName).filter((t) => /^[A-Za-z_$\\][\w$.:\\]*$/.test(t))
}
