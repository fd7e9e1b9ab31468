import type { LanguageRules, SymbolMatch } from '../rules.js'
import { signatureOf } from '../signature.js'
import { symbolIdentity } from '../symbol-identity.js'
import { rowAt, type LineIndex } from '../../lines.js'
import { namedChildrenOf, type SyntaxNode } from '../syntax-node.js'
import { parseBracketed } from './args.js'
import type { DecoratorFact, EntrypointDraft, HeritageFact, ImportFact, SymbolFact } from './facts.js'
import { firstLine, type DefinitionDraft, type LayerFamily, type ParsedImport, type Scope, type WalkApi } from './family.js'

/** Scopes nested deeper than this are not walked (pathological input stays cheap). */
const MAX_DEPTH = 16
/** At most this many definitions per file. */
const MAX_SYMBOLS = 20_000

/** Where a wrapper (`export`, a decorated definition) starts, so the definition inside starts there too. */
interface WrapperStart {
  readonly start: number
  readonly row: number
}

/** A word character: a name is not written inside a longer name. */
const IDENTIFIER_CHAR = /\w/

/**
 * Where a definition's own name is written between `from` and `end`: its first occurrence as a
 * whole word (`Post` of `[HttpPost] public Task<int> Post(...)`, not the one inside `HttpPost`), or `-1`.
 */
function nameOffset(text: string, name: string, from: number, end: number): number {
  for (let at = text.indexOf(name, from); at >= 0 && at < end; at = text.indexOf(name, at + 1)) {
    const before = text[at - 1] ?? ''
    const after = text[at + name.length] ?? ''
    if (!IDENTIFIER_CHAR.test(before) && !IDENTIFIER_CHAR.test(after)) return at
  }
  return -1
}

/** The top of a file. */
export const TOP_SCOPE: Scope = { symbol: undefined, qname: '', kind: '', exported: false, test: false, depth: 0 }

/** `@app.get('/x')`, `#[get("/x")]`, `[HttpGet("x")]` as a {@link DecoratorFact}. */
export function decoratorFact(node: SyntaxNode, text: string): DecoratorFact {
  // Python's decorator node holds a comment that ends its line (`@app.get("/a")  # (1)`): not part of it.
  const children = namedChildrenOf(node)
  const last = children.at(-1)
  const end = last !== undefined && last.type === 'comment' && children.length > 1 ? (children.at(-2) as SyntaxNode).endIndex : node.endIndex
  const raw = text.slice(node.startIndex, end).trim()
  const inner = raw.replace(/^#!?\[|^\[|^@/, '').replace(/\]$/, '').trim()
  const open = inner.indexOf('(')
  const name = (open >= 0 ? inner.slice(0, open) : inner).trim().replace(/\s+/g, '')
  const args = open >= 0 ? parseBracketed(inner.slice(open)) : []
  return { name, args, text: raw.replace(/\s+/g, ' ').slice(0, 200), row: node.startPosition.row }
}

/**
 * Walks the declaration scopes of one parsed file (its top level, class-like bodies, and the
 * blocks a family walks through) and records every definition with its qualified name, span,
 * signature, decorators, visibility and heritage. Function bodies are not entered: locals are
 * not catalogued.
 */
export class DeclarationWalk implements WalkApi {
  readonly symbols: SymbolFact[] = []
  readonly heritage: HeritageFact[] = []
  readonly drafts: EntrypointDraft[] = []
  /** Import statements the walk met. */
  readonly importFacts: ImportFact[] = []
  /** Offsets where a definition's own name starts: never a call site. */
  readonly definitionNames = new Set<number>()
  packageName = ''
  /** The name of the module's default export, when the family records one (`LayerFamily` calls `markDefaultExport`). */
  defaultExport: string | undefined
  readonly #rules: LanguageRules
  readonly #family: LayerFamily
  readonly #ids = new Map<string, number>()
  #exports: { names: Set<string>; exclusive: boolean } | undefined

  readonly #imported: (module: string) => boolean

  readonly text: string
  readonly #lines: LineIndex

  constructor(
    lines: LineIndex,
    readonly path: string,
    readonly language: string,
    rules: LanguageRules,
    family: LayerFamily,
    imported: (module: string) => boolean,
  ) {
    this.text = lines.text
    this.#lines = lines
    this.#rules = rules
    this.#family = family
    this.#imported = imported
  }

  imports(module: string): boolean {
    return this.#imported(module) || this.importFacts.some((fact) => fact.specifier === module || fact.specifier.startsWith(`${module}/`) || fact.specifier.startsWith(`${module}.`) || fact.specifier.startsWith(`${module}::`))
  }

  addImport(parsed: ParsedImport, start: number, end: number): void {
    const row = rowAt(this.#lines, start)
    this.importFacts.push({ specifier: parsed.specifier, names: parsed.names, row, endRow: end > start ? rowAt(this.#lines, end - 1) : row, offset: start })
  }

  /** Walks the file from its root. */
  run(root: SyntaxNode): void {
    this.walk(namedChildrenOf(root), TOP_SCOPE)
    this.#applyExports()
  }

  walk(nodes: readonly SyntaxNode[], scope: Scope, wrapper?: WrapperStart): void {
    if (scope.depth > MAX_DEPTH) return
    const family = this.#family
    const rules = this.#rules
    let pending: SyntaxNode[] = []
    let wrap = wrapper
    for (const node of nodes) {
      if (this.symbols.length >= MAX_SYMBOLS) return
      const type = node.type
      if (family.decoratorTypes.has(type)) {
        pending.push(node)
        continue
      }
      if (rules.comments.has(type)) continue
      const before = this.symbols.length
      if (family.declaration?.(node, type, scope, this)) {
        for (let i = before; i < this.symbols.length; i++) {
          const added = this.symbols[i] as SymbolFact
          if (added.parent === scope.symbol) this.#extendStart(added, wrap, pending)
        }
        pending = []
        wrap = undefined
        continue
      }
      const match = rules.symbol(node, type, this.text)
      if (match && match.name) {
        this.#symbol(node, match, scope, pending, wrap)
        pending = []
        wrap = undefined
        continue
      }
      if (rules.transparent.has(type) || family.scopeThrough.has(type)) {
        const inner = family.wrappers.has(type) ? { start: node.startIndex, row: node.startPosition.row } : undefined
        const children = namedChildrenOf(node)
        if (pending.length > 0) children.unshift(...pending)
        const exporting = family.exportWrappers?.has(type) === true && !scope.exported
        this.walk(children, exporting ? { ...scope, exported: true } : scope, wrap ?? inner)
        wrap = undefined
      }
      pending = []
    }
  }

  define(draft: DefinitionDraft, scope: Scope): SymbolFact {
    const { node } = draft
    const identity = { kind: draft.kind, name: draft.name, qname: scope.qname ? `${scope.qname}.${draft.name}` : draft.name }
    const signature = draft.signature ?? firstLine(this.text, node.startIndex, node.endIndex)
    const fact = this.#add(identity, node, node.endIndex, scope, signature, [], draft.exported, false)
    for (const { kind, target } of draft.heritage ?? []) this.heritage.push({ kind, target, symbol: fact, row: node.startPosition.row })
    if (draft.body && scope.depth < MAX_DEPTH) {
      this.walk(namedChildrenOf(draft.body), this.#inner(fact, scope, false))
    }
    return fact
  }

  setPackage(name: string): void {
    if (!this.packageName) this.packageName = name
  }

  markExported(names: readonly string[], exclusive = false): void {
    this.#exports ??= { names: new Set(), exclusive }
    if (exclusive) this.#exports.exclusive = true
    for (const name of names) this.#exports.names.add(name)
  }

  markDefaultExport(name: string): void {
    this.defaultExport ??= name
  }

  entrypoint(draft: EntrypointDraft): void {
    this.drafts.push(draft)
  }

  #symbol(node: SyntaxNode, match: SymbolMatch, scope: Scope, pending: readonly SyntaxNode[], wrap: WrapperStart | undefined): void {
    const identity = symbolIdentity(match, scope.qname, scope.kind, this.#rules)
    const expand = this.#family.expandDecorator
    const attached = (expand ? pending.flatMap((d) => expand(d)) : pending).map((d) => decoratorFact(d, this.text))
    const details = this.#family.details(node, match, scope, this, attached)
    const decorators = [...attached, ...(details.decorators ?? []).map((d) => decoratorFact(d, this.text))]
    const end = (match.last ?? node).endIndex
    const signature = signatureOf(match, this.text, this.#rules.attributesInSignature, end)
    const exported = scope.exported || details.exported === true ? true : details.exported
    const test = scope.test || details.test === true || details.testScope === true
    const fact = this.#add(identity, node, end, scope, signature, decorators, exported, test, identity.parent)
    this.#extendStart(fact, wrap, pending)
    for (const { kind, target } of details.heritage ?? []) {
      this.heritage.push({ kind, target, symbol: fact, row: node.startPosition.row })
    }
    if (match.kind === 'enum' && this.#family.enumMembers && match.body && scope.depth < MAX_DEPTH) this.#enumMembers(match.body, fact, scope)
    if (this.#family.declareMembers && scope.depth < MAX_DEPTH) this.#family.declareMembers(node, match, this.#inner(fact, scope, false), this)
    if (match.container && scope.depth < MAX_DEPTH) {
      const body = match.body
      if (body) this.walk(namedChildrenOf(body), this.#inner(fact, scope, details.testScope === true))
    }
  }

  /** The members of an enum's body as `constant` symbols of the enum (see `LayerFamily.enumMembers`). */
  #enumMembers(body: SyntaxNode, enumFact: SymbolFact, scope: Scope): void {
    const types = this.#family.enumMembers
    const inner = this.#inner(enumFact, scope, false)
    for (const member of namedChildrenOf(body)) {
      if (!types?.has(member.type)) continue
      // (Kotlin's `enum_entry` names its name by its first identifier, a TypeScript member is its name.)
      const nameNode = member.childForFieldName('name') ?? (member.namedChildCount === 0 ? member : (namedChildrenOf(member).find((child) => /identifier$/.test(child.type)) ?? null))
      // (A quoted member, TypeScript's `'admin' = 1`, is named without its quotes.)
      const written = nameNode ? this.text.slice(nameNode.startIndex, nameNode.endIndex) : ''
      const name = /^(['"])[^'"\s]+\1$/.test(written) ? written.slice(1, -1) : written
      if (!/^[\p{L}_$][\p{L}\p{N}_$]*$/u.test(name) && name === written) continue
      this.define({ name, kind: 'constant', node: member, signature: firstLine(this.text, member.startIndex, member.endIndex).replace(/,\s*$/, ''), exported: enumFact.exported }, inner)
    }
  }

  #inner(fact: SymbolFact, scope: Scope, testScope: boolean): Scope {
    return { symbol: fact, qname: fact.qname, kind: fact.kind, exported: false, test: scope.test || testScope, depth: scope.depth + 1 }
  }

  #add(
    identity: { kind: string; name: string; qname: string },
    node: SyntaxNode,
    end: number,
    scope: Scope,
    signature: string,
    decorators: DecoratorFact[],
    exported: boolean | undefined,
    test: boolean,
    parentQname = scope.qname,
  ): SymbolFact {
    const key = identity.qname || identity.kind
    const seen = (this.#ids.get(key) ?? 0) + 1
    this.#ids.set(key, seen)
    const id = `${this.path}#${key}${seen > 1 ? `~${seen}` : ''}`
    const nameAt = identity.name ? nameOffset(this.text, identity.name, node.startIndex, end) : -1
    if (nameAt >= 0) this.definitionNames.add(nameAt)
    // A scope named by a family without its symbol (`View.prototype.lookup = ...`): the symbol of that name, if defined.
    const parent = parentQname === scope.qname ? (scope.symbol ?? (parentQname ? this.#byQname(parentQname) : undefined)) : (this.#byQname(parentQname) ?? scope.symbol)
    const fact: SymbolFact = {
      id,
      name: identity.name,
      qname: identity.qname,
      kind: identity.kind,
      start: node.startIndex,
      end,
      startRow: node.startPosition.row,
      endRow: end > node.startIndex ? rowAt(this.#lines, end - 1) : node.startPosition.row,
      parent,
      signature,
      exported,
      decorators,
      testMarker: test,
    }
    this.symbols.push(fact)
    return fact
  }

  #byQname(qname: string): SymbolFact | undefined {
    for (let i = this.symbols.length - 1; i >= 0; i--) {
      const symbol = this.symbols[i] as SymbolFact
      if (symbol.qname === qname) return symbol
    }
    return undefined
  }

  /** Moves a symbol's start back to its wrapper or first decorator. */
  #extendStart(symbol: SymbolFact, wrap: WrapperStart | undefined, pending: readonly SyntaxNode[]): void {
    if (wrap && wrap.start < symbol.start) {
      symbol.start = wrap.start
      symbol.startRow = wrap.row
    }
    const first = pending[0]
    if (first && first.startIndex < symbol.start) {
      symbol.start = first.startIndex
      symbol.startRow = first.startPosition.row
    }
  }

  #applyExports(): void {
    const exports = this.#exports
    if (!exports) return
    for (const symbol of this.symbols) {
      if (symbol.parent) continue
      if (exports.names.has(symbol.name)) symbol.exported = true
      else if (exports.exclusive) symbol.exported = false
    }
  }
}
