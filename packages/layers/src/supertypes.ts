import type { EdgeRecord, FileLayers, RawEdge, SymbolRecord } from '@rag/core'
import { scopedBindings, type Bindings } from './import-bindings.js'
import type { Resolved } from './resolved.js'
import type { SymbolIndex } from './symbol-index.js'

/** Kinds of symbols that have members, which a class can extend or implement. */
export const CLASS_LIKE: ReadonlySet<string> = new Set(['class', 'interface', 'struct', 'trait', 'impl', 'enum', 'record', 'module', 'object'])

/** How an `extends` or `implements` edge is resolved (`resolveName`, passed in to keep this module free of it). */
export type ResolveHeritage = (
  edge: RawEdge,
  file: FileLayers,
  bindings: Bindings,
  index: SymbolIndex,
  resolved: (path: string) => readonly EdgeRecord[] | undefined,
  supers: Supertypes,
) => Resolved

/** Superclass chains longer than this are not followed. */
const MAX_INHERITANCE_DEPTH = 8

/**
 * The supertypes of classes, as their files' `extends` then `implements` edges resolve (only
 * `resolved` ones: a `by-name` base is a guess), memoized for one file's resolution. Every
 * supertype's name is noted among the names the file looked up, so a change to one re-resolves it.
 */
/** Languages whose type aliases have the types they are an intersection of as `extends` heritage (`type Store = KnowledgeBase & GenerationStore`). */
const ALIAS_HERITAGE = new Set(['typescript', 'tsx'])
const isTypeAlias = (symbol: SymbolRecord): boolean => symbol.kind === 'type' && ALIAS_HERITAGE.has(symbol.language)

/** Python bases of the language's library that mark a class rather than give it members. */
const MEMBERLESS_BASES: ReadonlySet<string> = new Set(['Generic', 'Protocol', 'ABC', 'object'])

export class Supertypes {
  readonly #memo = new Map<string, readonly SymbolRecord[]>()
  // Classes with a base the index does not hold as a class (not found, a library's, or found only by name).
  readonly #gaps = new Set<string>()
  // Classes with a base from a library (an `external` heritage edge): Spring Data's `JpaRepository`.
  readonly #external = new Set<string>()
  readonly #bindings = new Map<string, Bindings>()

  constructor(
    readonly index: SymbolIndex,
    readonly resolved: (path: string) => readonly EdgeRecord[] | undefined,
    readonly looked: Set<string>,
    readonly resolve: ResolveHeritage,
  ) {}

  /** The direct supertypes of a class, in declaration order, classes before interfaces (a TypeScript alias's: the types it is an intersection of). */
  of(cls: SymbolRecord): readonly SymbolRecord[] {
    let out = this.#memo.get(cls.id)
    if (out !== undefined) return out
    this.#memo.set(cls.id, (out = []))
    const file = this.index.file(cls.path)
    for (const kind of ['extends', 'implements'] as const) {
      for (const edge of file?.edges ?? []) {
        if (edge.kind !== kind || edge.sourceSymbolId !== cls.id) continue
        this.looked.add(edge.target)
        const target = this.resolve(edge, file!, this.bindingsOf(file!), this.index, this.resolved, this)
        // A module bound whole (`const Base = require('./base')`, whose `module.exports` is the
        // class) resolves to its file: the class of that name there.
        const symbol =
          target.resolution !== 'resolved' ? undefined : target.targetSymbolId ? this.index.symbol(target.targetSymbolId) : target.targetPath ? this.index.topLevel(target.targetPath, edge.target) : undefined
        if (symbol && (CLASS_LIKE.has(symbol.kind) || isTypeAlias(symbol))) (out as SymbolRecord[]).push(symbol)
        else this.#gaps.add(cls.id)
        // (Python's `Generic[T]`, `Protocol`, `ABC`: markers that give a class no members.)
        if (target.resolution === 'external' && !(cls.language === 'python' && MEMBERLESS_BASES.has(edge.target))) this.#external.add(cls.id)
      }
    }
    // An alias of a union or a function type: members it does not show.
    if (isTypeAlias(cls) && out.length === 0) this.#gaps.add(cls.id)
    return out
  }

  /** `true` when every base of a class, up the chain, is a class the index holds. */
  closed(cls: SymbolRecord, seen = new Set<string>([cls.id]), depth = 0): boolean {
    if (depth >= MAX_INHERITANCE_DEPTH) return false
    for (const parent of this.of(cls)) {
      if (seen.has(parent.id)) continue
      seen.add(parent.id)
      if (!this.closed(parent, seen, depth + 1)) return false
    }
    return !this.#gaps.has(cls.id)
  }

  /**
   * `true` when a class, or a supertype up its chain, extends or implements a library's type: a
   * member the index does not find on it may be that library's (`owners.save()` of an
   * `OwnerRepository extends JpaRepository<Owner, Integer>`).
   */
  inheritsExternally(cls: SymbolRecord, seen = new Set<string>([cls.id]), depth = 0): boolean {
    if (depth >= MAX_INHERITANCE_DEPTH) return false
    const parents = this.of(cls)
    if (this.#external.has(cls.id)) return true
    for (const parent of parents) {
      if (seen.has(parent.id)) continue
      seen.add(parent.id)
      if (this.inheritsExternally(parent, seen, depth + 1)) return true
    }
    return false
  }

  /** The bindings of a file's imports in its own scope (not a Rust inline module's `use`s), worked out once per resolution. */
  bindingsOf(file: FileLayers): Bindings {
    let bindings = this.#bindings.get(file.path)
    if (bindings === undefined) this.#bindings.set(file.path, (bindings = scopedBindings(file, this.resolved(file.path) ?? [], this.index)('')))
    return bindings
  }
}

/** The innermost class-like symbol around a symbol (itself included): the class of a method. */
export function enclosingClass(sourceId: string, index: SymbolIndex): SymbolRecord | undefined {
  for (let symbol = index.symbol(sourceId); symbol; symbol = symbol.parentId ? index.symbol(symbol.parentId) : undefined) {
    if (CLASS_LIKE.has(symbol.kind)) return symbol
  }
  return undefined
}

/** A member `name` that `cls` inherits: depth first through its supertypes (superclass chain before interfaces), nearest first. */
export function inheritedMember(cls: SymbolRecord, name: string, kinds: ReadonlySet<string>, supers: Supertypes, seen = new Set<string>([cls.id]), depth = 0): SymbolRecord | undefined {
  if (depth >= MAX_INHERITANCE_DEPTH) return undefined
  for (const parent of supers.of(cls)) {
    if (seen.has(parent.id)) continue
    seen.add(parent.id)
    // (An instance's member before a static one of the same name: what `this.now()` in a subclass reaches.)
    const qname = `${parent.qname}.${name}`
    const first = supers.index.memberByQname(parent.path, qname, true)
    // (A method beside a field of its name, PHP's `$rules` and `rules()`: the one of `kinds`.)
    const member = first && !kinds.has(first.kind) ? supers.index.byQname(parent.path, qname, kinds) : first
    if (member && kinds.has(member.kind)) return member
    const deeper = inheritedMember(parent, name, kinds, supers, seen, depth + 1)
    if (deeper) return deeper
  }
  return undefined
}
