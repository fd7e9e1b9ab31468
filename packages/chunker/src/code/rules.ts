import { namedChildrenOf, type SyntaxNode } from './syntax-node.js'
import type { RepairInput } from './parse-repair.js'

/** What a node is when it is a symbol unit. */
export interface SymbolMatch {
  /** `function`, `method`, `class`, `interface`, `type`, `enum`, `struct`, `impl`, `module`, ... */
  readonly kind: string
  /** The symbol's own name; `''` for an anonymous one (`export default class {}`). */
  readonly name: string
  /** Where the signature starts: the declaration itself, not its decorators or doc comment. */
  readonly decl: SyntaxNode
  /** The body; the signature ends where it starts, and a container's members live in it. */
  readonly body: SyntaxNode | null
  /** When too large, the symbol becomes a header chunk plus one chunk per member. */
  readonly container: boolean
  /** A qualifier written in the declaration itself: `ns::C` of `void ns::C::m()`, a Go receiver. */
  readonly qualifier?: string
  /**
   * The node the symbol ends with when the grammar puts part of it beside `decl` rather than
   * inside (Dart's `function_signature` followed by its `function_body`); absent: `decl` ends it.
   */
  readonly last?: SyntaxNode
}

/** How one grammar's nodes map to symbol units. */
export interface LanguageRules {
  /** The symbol a node of type `type` declares, or `undefined` when it is not a symbol unit. */
  symbol(node: SyntaxNode, type: string, text: string): SymbolMatch | undefined
  /** Wrappers whose named children are read as if they stood in the wrapper's place. */
  readonly transparent: ReadonlySet<string>
  /** Nodes that belong to the symbol right below them: doc comments, decorators, attributes. */
  readonly attachable: ReadonlySet<string>
  /** Comment node types (a gap of only these is a `comment` chunk). */
  readonly comments: ReadonlySet<string>
  /** Node types that make a gap an `imports` chunk (imports, includes, package clauses). */
  readonly imports: ReadonlySet<string>
  /** Kinds of parent inside which a `function` is a `method`. */
  readonly methodParents: ReadonlySet<string>
  /** Leading `@...`, `[...]` and `#[...]` are attributes to drop from signatures (not in CSS). */
  readonly attributesInSignature: boolean
  /**
   * The text the parser reads, when it must differ from the file's to avoid a grammar's
   * misreading: same length and line breaks, so every offset and row stays the file's.
   */
  readonly parseInput?: (text: string) => string
  /**
   * `true` when the layer extraction reads {@link parseInput}'s text rather than the file's: a
   * component whose markup is blanked around its scripts (the markup's words are no calls).
   */
  readonly layersReadParseInput?: boolean
  /** A rewrite tried when the parse has errors, kept only if it parses with fewer; see {@link RepairInput}. */
  readonly repairInput?: RepairInput
}

/** A table entry: how one node type becomes a symbol. */
export interface SymbolSpec {
  readonly kind: string
  /** Members are chunked separately when the symbol is too large. @default false */
  readonly container?: boolean
  /** Field holding the name, or a function computing it. @default 'name' */
  readonly name?: string | ((node: SyntaxNode, text: string) => string | undefined)
  /** Field holding the body, or a function finding it. @default 'body' */
  readonly body?: string | ((node: SyntaxNode) => SyntaxNode | null | undefined)
  /** Only a symbol when it has a body (a forward declaration `struct S;` is not). @default false */
  readonly needsBody?: boolean
}

/** Everything {@link defineRules} needs; lists are node type names. */
export interface RulesDefinition {
  readonly symbols: Readonly<Record<string, SymbolSpec>>
  /** Node types handled by code rather than the table; return `null` for "not a symbol". */
  readonly custom?: Readonly<Record<string, (node: SyntaxNode, text: string) => SymbolMatch | null>>
  readonly transparent?: readonly string[]
  readonly attachable?: readonly string[]
  readonly comments?: readonly string[]
  readonly imports?: readonly string[]
  readonly methodParents?: readonly string[]
  /** @default true */
  readonly attributesInSignature?: boolean
  /** See {@link LanguageRules.parseInput}. */
  readonly parseInput?: (text: string) => string
  /** See {@link LanguageRules.layersReadParseInput}. */
  readonly layersReadParseInput?: boolean
  /** See {@link LanguageRules.repairInput}. */
  readonly repairInput?: RepairInput
}

/** Parent kinds inside which a function is a method, unless a language says otherwise. */
export const CLASS_LIKE = ['class', 'interface', 'struct', 'impl', 'trait', 'enum', 'record', 'union', 'object']

/** The source text of a node. */
export function textOf(node: SyntaxNode, text: string): string {
  return text.slice(node.startIndex, node.endIndex)
}

/** The first named child of a given type. */
export function childOfType(node: SyntaxNode, type: string): SyntaxNode | undefined {
  return namedChildrenOf(node).find((child) => child.type === type)
}

/** A `body` option that finds the first named child of a given type. */
export function childTyped(type: string): (node: SyntaxNode) => SyntaxNode | undefined {
  return (node) => childOfType(node, type)
}

const SPACE = /\s/

/** The text of a name field, with whitespace collapsed. */
export function fieldText(node: SyntaxNode, field: string, text: string): string | undefined {
  const child = node.childForFieldName(field)
  if (!child) return undefined
  const name = textOf(child, text)
  return SPACE.test(name) ? name.replace(/\s+/g, ' ').trim() : name
}

function bodyOf(spec: SymbolSpec, node: SyntaxNode): SyntaxNode | null {
  return (typeof spec.body === 'function' ? spec.body(node) : node.childForFieldName(spec.body ?? 'body')) ?? null
}

/** A table match whose body is looked up on demand: only signatures and container splits need it. */
class SpecMatch implements SymbolMatch {
  readonly kind: string
  readonly name: string
  readonly decl: SyntaxNode
  readonly container: boolean
  readonly #spec: SymbolSpec
  #body: SyntaxNode | null | undefined

  constructor(spec: SymbolSpec, node: SyntaxNode, name: string, body: SyntaxNode | null | undefined) {
    this.kind = spec.kind
    this.name = name
    this.decl = node
    this.container = spec.container ?? false
    this.#spec = spec
    this.#body = body
  }

  get body(): SyntaxNode | null {
    if (this.#body === undefined) this.#body = bodyOf(this.#spec, this.decl)
    return this.#body
  }
}

function fromSpec(spec: SymbolSpec, node: SyntaxNode, text: string): SymbolMatch | undefined {
  const body = spec.needsBody ? bodyOf(spec, node) : undefined
  if (body === null) return undefined
  const name = typeof spec.name === 'function' ? spec.name(node, text) : fieldText(node, spec.name ?? 'name', text)
  return new SpecMatch(spec, node, name ?? '', body)
}

/** Builds {@link LanguageRules} from a table plus optional custom matchers. */
export function defineRules(definition: RulesDefinition): LanguageRules {
  const attachable = new Set([...(definition.attachable ?? []), ...(definition.comments ?? [])])
  const { symbols, custom = {} } = definition
  return {
    symbol(node, type, text) {
      const matcher = custom[type]
      if (matcher) return matcher(node, text) ?? undefined
      const spec = symbols[type]
      return spec ? fromSpec(spec, node, text) : undefined
    },
    transparent: new Set(['ERROR', ...(definition.transparent ?? [])]),
    attachable,
    comments: new Set(definition.comments ?? []),
    imports: new Set(definition.imports ?? []),
    methodParents: new Set(definition.methodParents ?? CLASS_LIKE),
    attributesInSignature: definition.attributesInSignature ?? true,
    ...(definition.parseInput ? { parseInput: definition.parseInput } : {}),
    ...(definition.layersReadParseInput ? { layersReadParseInput: true } : {}),
    ...(definition.repairInput ? { repairInput: definition.repairInput } : {}),
  }
}

/**
 * The same rules, remembering each node's match: a layout and a layer extraction that read one
 * tree ask about the same node objects (children lists are cached per node), so the second asks
 * for free. One per parsed file; it holds the file's nodes until dropped.
 */
export function memoizeRules(rules: LanguageRules): LanguageRules {
  const matches = new Map<SyntaxNode, SymbolMatch | undefined>()
  return {
    ...rules,
    symbol(node, type, text) {
      if (matches.has(node)) return matches.get(node)
      const match = rules.symbol(node, type, text)
      matches.set(node, match)
      return match
    },
  }
}
