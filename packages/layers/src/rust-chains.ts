import type { FileLayers, SymbolRecord } from '@rag/core'
import { chainHead, typeOfCallChain, type ChainSteps } from './call-chains.js'
import { definedIn } from './definitions.js'
import { EXTERNAL, toSymbol, type Resolved } from './resolved.js'
import { rustModuleOf } from './rust-paths.js'
import { genericNames, returnsGeneric, returnTypeText, rustAliasDefaultError, rustResultError, rustReturnedType, rustWrappedType } from './rust-signatures.js'
import { isDerivedMethod, isStdValueMethod, isWrapperMethod, type RustWrapper } from './rust-std-methods.js'
import type { Supertypes } from './supertypes.js'
import type { SymbolIndex } from './symbol-index.js'

/** What a Rust function's value can be a method of: the types impl blocks are written for. */
const TYPE_KINDS: ReadonlySet<string> = new Set(['struct', 'enum', 'union'])
/** What a link of a chain calls. */
const METHOD_KINDS: ReadonlySet<string> = new Set(['method', 'function'])


/** The links that give an `Option<T>`'s or a `Result<T, E>`'s `T` (`?` too): else a link on one is not known. */
const UNWRAPPING: ReadonlySet<string> = new Set(['unwrap', 'expect', 'unwrap_or', 'unwrap_or_else', 'unwrap_or_default'])
/** The wrappers whose `T` those links give. */
const UNWRAPPED: ReadonlySet<string> = new Set(['Option', 'Result'])
type Rewrapping = ReadonlyMap<string, readonly [RustWrapper, boolean]>
/** Each of `links` giving `wrapper`, of the same `T` or not. */
const rewrapping = (links: string, wrapper: RustWrapper, same: boolean): [string, readonly [RustWrapper, boolean]][] => links.split(' ').map((link) => [link, [wrapper, same]])
/**
 * The links on an `Option` or a `Result` that give one again: which, and whether of the same `T`
 * (`as_ref`, `cloned`, `map_err`; a `Result`'s `ok` is an `Option` of its `T`) or of one not known
 * (`map`, `and_then`, a `Result`'s `err`).
 */
const REWRAPPING: Readonly<Record<RustWrapper, Rewrapping>> = {
  Iterator: new Map([
    // (`cloned`, `copied`: `&T` to `T`, of the same methods.)
    ...rewrapping('filter skip take skip_while take_while rev peekable fuse inspect step_by chain cycle by_ref cloned copied', 'Iterator', true),
    ...rewrapping('map filter_map flat_map flatten enumerate zip scan map_while', 'Iterator', false),
    ...rewrapping('next next_back last nth nth_back find rfind max min max_by_key max_by min_by_key min_by reduce', 'Option', true),
    ...rewrapping('find_map position rposition', 'Option', false),
  ]),
  Option: new Map([...rewrapping('as_ref as_mut cloned copied take filter or or_else inspect clone', 'Option', true), ...rewrapping('ok_or ok_or_else', 'Result', true), ...rewrapping('map and_then', 'Option', false)]),
  Result: new Map([
    ...rewrapping('as_ref as_mut cloned copied map_err or_else inspect inspect_err clone', 'Result', true),
    ...rewrapping('ok', 'Option', true),
    ...rewrapping('err', 'Option', false),
    ...rewrapping('map and_then', 'Result', false),
  ]),
}

/** What a `Result` alias is: a type alias (`pub type Result<T, E = Error> = ...`). */
const ALIAS_KINDS: ReadonlySet<string> = new Set(['type'])

/** The standard library's crates: a path into one (`std::path::PathBuf`) names a type of another crate. */
const STANDARD_CRATES = new Set(['std', 'core', 'alloc'])

/** A type of another crate, by its name: `ArgMatches` of `use clap::ArgMatches;` where the index has no clap. */
interface ForeignType {
  readonly foreign: string
}
/** An `Option<T>` or a `Result<T, E>`, with its `T` when known: what an unwrapping link (`.unwrap()`, `?`) gives. */
interface WrappedType {
  readonly wrapper: RustWrapper
  readonly wrapped: ChainType | undefined
  /** A `Result`'s `E`, when known: what `.unwrap_err()` and `.err()` give. */
  readonly error?: NamedType | undefined
}
/** A type as code names it: a type of the index, or of another crate. */
type NamedType = SymbolRecord | ForeignType
/** What a chain's value is: a type as named, or one in an `Option` or a `Result`. */
type ChainType = NamedType | WrappedType
const isForeign = (type: ChainType): type is ForeignType => 'foreign' in type
const isWrapped = (type: ChainType): type is WrappedType => 'wrapped' in type

/** Where the rest of `resolveName` is reached from: a callee resolved from the edge's place. */
export interface ChainLookups {
  readonly supers: Supertypes
  /** A callee as written (`Command::new`, `self.get_matches`), resolved as a call of it from the edge's place. */
  callee(callee: string): Resolved
}

/** Per file resolution (one `Supertypes`): types by how a file names them, the types of chains and of calls, impl blocks' types, and a type's methods by name. */
interface Memo {
  readonly types: Map<string, NamedType | null>
  readonly chains: Map<string, ChainType | null>
  readonly calls: Map<string, ChainType | null>
  readonly impls: Map<string, SymbolRecord | null>
  readonly methods: Map<string, SymbolRecord | null>
}
const memos = new WeakMap<Supertypes, Memo>()

function memoOf(supers: Supertypes): Memo {
  let memo = memos.get(supers)
  if (memo === undefined) memos.set(supers, (memo = { types: new Map(), chains: new Map(), calls: new Map(), impls: new Map(), methods: new Map() }))
  return memo
}

/** A type as `file` names it (`Command`, `crate::builder::Command`): a struct, enum or union of the index, or another crate's; memoized. */
function typeNamed(written: string, file: FileLayers, supers: Supertypes, memo: Memo): NamedType | undefined {
  const key = `${file.path}\n${written}`
  const known = memo.types.get(key)
  if (known !== undefined) return known ?? undefined
  const type = findType(written, file, supers)
  memo.types.set(key, type ?? null)
  return type
}

function findType(written: string, file: FileLayers, supers: Supertypes): NamedType | undefined {
  const { index } = supers
  const segments = written.split('::')
  const name = segments.at(-1) as string
  supers.looked.add(name)
  const bindings = supers.bindingsOf(file)
  let found: SymbolRecord | undefined
  if (segments.length > 1) {
    // `crate::builder::Command`: the type of that module, its own or one it re-exports.
    const head = segments[0] === 'crate' ? undefined : bindings.names.get(segments[0] as string)
    if (head?.status === 'external' || (head === undefined && STANDARD_CRATES.has(segments[0] as string))) return { foreign: name }
    const module = rustModuleOf(segments.slice(0, -1), file.path, head, index, supers.resolved)
    found = module === undefined ? undefined : definedIn(module, name, index, supers.resolved, TYPE_KINDS)
  } else {
    const binding = bindings.names.get(name)
    if (binding?.status === 'external') return { foreign: name }
    if (binding !== undefined) {
      found = binding.status === 'resolved' && binding.path && binding.name !== '*' ? definedIn(binding.path, binding.name, index, supers.resolved, TYPE_KINDS) : undefined
    } else {
      found = index.topLevel(file.path, name, TYPE_KINDS)
      if (found === undefined || !TYPE_KINDS.has(found.kind)) {
        // `use super::*;`: only when exactly one wildcard brings the type in.
        const through = bindings.wildcards.flatMap((target) => definedIn(target, name, index, supers.resolved, TYPE_KINDS) ?? [])
        found = through.length === 1 ? through[0] : undefined
      }
    }
  }
  return found !== undefined && TYPE_KINDS.has(found.kind) ? found : undefined
}

/** The type an impl block is written for, as its file names it (`impl Command`, `impl Display for Command`); memoized. */
function implType(impl: SymbolRecord, supers: Supertypes, memo: Memo): SymbolRecord | undefined {
  const known = memo.impls.get(impl.id)
  if (known !== undefined) return known ?? undefined
  const file = supers.index.file(impl.path)
  // An impl in an inline module (`mod inner { impl Bar {} }`) is for that module's type of the name, when it has one.
  const inModule = impl.parentId ? supers.index.byQname(impl.path, impl.qname, TYPE_KINDS) : undefined
  const named = inModule !== undefined && TYPE_KINDS.has(inModule.kind) ? inModule : file ? typeNamed(impl.name, file, supers, memo) : undefined
  const type = named === undefined || isForeign(named) ? undefined : named
  memo.impls.set(impl.id, type ?? null)
  return type
}

/**
 * The one method `name` of a type, through the impl blocks of the index written for it: their own
 * methods, and for a trait impl the trait's provided method it does not define. `undefined` when
 * there is none or more than one (two traits' methods of one name).
 */
function methodOf(type: SymbolRecord, name: string, supers: Supertypes, memo: Memo): SymbolRecord | undefined {
  const key = `${type.id}\n${name}`
  const known = memo.methods.get(key)
  if (known !== undefined) return known ?? undefined
  const { index } = supers
  supers.looked.add(type.name)
  const found = new Set<SymbolRecord>()
  const defining = new Set<string>()
  // The traits that have a method of the name: only an impl of one of those can provide it.
  const traits = new Map<string, SymbolRecord>()
  for (const symbol of index.namedSet(name) ?? []) {
    const parent = METHOD_KINDS.has(symbol.kind) && symbol.parentId ? index.symbol(symbol.parentId) : undefined
    if (parent?.kind === 'trait') traits.set(parent.id, symbol)
    if (parent?.kind !== 'impl' || parent.name !== type.name || implType(parent, supers, memo) !== type) continue
    found.add(symbol)
    defining.add(parent.id)
  }
  for (const impl of traits.size > 0 ? (index.namedSet(type.name) ?? []) : []) {
    if (impl.kind !== 'impl' || defining.has(impl.id) || implType(impl, supers, memo) !== type) continue
    for (const trait of supers.of(impl)) {
      const provided = traits.get(trait.id)
      if (provided !== undefined) found.add(provided)
    }
  }
  const method = found.size === 1 ? [...found][0] : undefined
  memo.methods.set(key, method ?? null)
  return method
}

/** Whether the index has a method `name` of an impl block or a trait: else no chain needs reading (`.unwrap()`, `.iter()`). */
function hasMethodNamed(name: string, supers: Supertypes): boolean {
  for (const symbol of supers.index.namedSet(name) ?? []) {
    if (!METHOD_KINDS.has(symbol.kind) || !symbol.parentId) continue
    const kind = supers.index.symbol(symbol.parentId)?.kind
    if (kind === 'impl' || kind === 'trait') return true
  }
  return false
}

/**
 * The type a call of `symbol` gives: a struct's own (a tuple struct's constructor), else the type
 * its signature returns, `Self` being `self` (the type it was called on), or for a chain's head the
 * type of the impl block it is in; memoized.
 */
function typeOfCall(symbol: SymbolRecord, self: SymbolRecord | undefined, supers: Supertypes, memo: Memo): ChainType | undefined {
  const key = `${symbol.id}\n${self?.id ?? ''}`
  const known = memo.calls.get(key)
  if (known !== undefined) return known ?? undefined
  const type = returnedBy(symbol, self, supers, memo)
  memo.calls.set(key, type ?? null)
  return type
}

function returnedBy(symbol: SymbolRecord, self: SymbolRecord | undefined, supers: Supertypes, memo: Memo): ChainType | undefined {
  if (TYPE_KINDS.has(symbol.kind)) return symbol
  // (`-> ClapResult<ArgMatches>` reads as one type: an alias of `Result` is looked for first.)
  const wrapped = wrappedBy(symbol, self, supers, memo)
  const returned = wrapped === undefined ? rustReturnedType(symbol.signature) : undefined
  return wrapped ?? (returned === undefined ? undefined : namedReturn(returned, returnsGeneric(symbol.signature), symbol, self, supers, memo))
}

/** An `impl Iterator<Item = T>` as a function returns it (group 1: `T`); its own `+ '_` bounds aside. */
const IMPL_ITERATOR = /^impl\s+(?:(?:std|core)::iter::)?(?:Iterator|DoubleEndedIterator|ExactSizeIterator)\s*<\s*Item\s*=\s*(.*?)\s*>(?:\s*\+\s*(?:'[A-Za-z_]\w*|[A-Z]\w*))*$/s

/**
 * What a call of `symbol` gives when it returns an `Option<T>` or a `Result<T, E>` (also as an
 * alias named `Result` or `Option`: `use crate::error::Result as ClapResult;`), or an `impl
 * Iterator<Item = T>` (which has no method but the iterator traits'), with its `T` when that is one
 * type the file names (not `-> Option<&str>`, `-> Option<&T>` of a generic `T`).
 */
function wrappedBy(symbol: SymbolRecord, self: SymbolRecord | undefined, supers: Supertypes, memo: Memo): WrappedType | undefined {
  const written = returnTypeText(symbol.signature)
  const item = written === undefined ? undefined : IMPL_ITERATOR.exec(written.replace(/\s*\bwhere\b.*$/s, ''))?.[1]
  if (item !== undefined) {
    // (An item of one type: `&Arg`, `&'a Command`; not `(&str, &Arg)` nor `&T` of a generic `T`.)
    const one = rustReturnedType(`fn item() -> ${item}`)
    return { wrapper: 'Iterator', wrapped: one === undefined ? undefined : namedReturn(one, item.includes('<'), symbol, self, supers, memo) }
  }
  const outer = written === undefined ? undefined : /^(?:[A-Za-z_]\w*::)*([A-Z]\w*)\s*</.exec(written)?.[1]
  const file = outer === undefined ? undefined : supers.index.file(symbol.path)
  if (outer === undefined || file === undefined) return undefined
  const named = supers.bindingsOf(file).names.get(outer)?.name ?? outer
  if (!UNWRAPPED.has(named)) return undefined
  const returned = rustWrappedType(symbol.signature)
  const type = returned === undefined ? undefined : namedReturn(returned.type, returned.generic, symbol, self, supers, memo)
  return { wrapper: named as RustWrapper, wrapped: type, error: named === 'Result' ? errorOf(symbol, outer, file, self, supers, memo) : undefined }
}

/**
 * The `E` of what a call of `symbol` returns, a `Result<T, E>` as written (`outer`): the one it
 * writes, else the default of the alias it names (`-> ClapResult<ArgMatches>` of clap's `pub type
 * Result<T, E = Error>`), as the alias's file names it.
 */
function errorOf(symbol: SymbolRecord, outer: string, file: FileLayers, self: SymbolRecord | undefined, supers: Supertypes, memo: Memo): NamedType | undefined {
  const written = rustResultError(symbol.signature)
  if (written !== undefined) return namedReturn(written, false, symbol, self, supers, memo)
  const binding = supers.bindingsOf(file).names.get(outer)
  const alias =
    binding === undefined
      ? supers.index.topLevel(file.path, outer, ALIAS_KINDS)
      : binding.status === 'resolved' && binding.path && binding.name !== '*'
        ? definedIn(binding.path, binding.name, supers.index, supers.resolved, ALIAS_KINDS)
        : undefined
  const fallback = alias?.kind === 'type' ? rustAliasDefaultError(alias.signature) : undefined
  const home = fallback === undefined || alias === undefined ? undefined : supers.index.file(alias.path)
  return home === undefined || fallback === undefined ? undefined : typeNamed(fallback, home, supers, memo)
}

/** The type a function returns as written (`Self`, `ArgMatches`; `generic` when written with generic arguments), as `symbol`'s file names it. */
function namedReturn(returned: string, generic: boolean, symbol: SymbolRecord, self: SymbolRecord | undefined, supers: Supertypes, memo: Memo): NamedType | undefined {
  const parent = symbol.parentId ? supers.index.symbol(symbol.parentId) : undefined
  if (returned === 'Self') return self ?? (parent?.kind === 'impl' ? implType(parent, supers, memo) : undefined)
  if (genericNames(symbol.signature).includes(returned) || (parent?.kind === 'impl' && genericNames(parent.signature).includes(returned))) return undefined
  const file = supers.index.file(symbol.path)
  const type = file === undefined ? undefined : typeNamed(returned, file, supers, memo)
  // Another crate's `MutexGuard<'_, Item>` may deref to a type of the index.
  return type !== undefined && isForeign(type) && generic ? undefined : type
}

/**
 * How a Rust chain's calls are typed (see `call-chains.ts`): the head as the call of it resolves (a
 * sure resolution only); each link the one method of that name of the type before (what another
 * crate's method returns is not known here, nor any link on an `Option` but an unwrapping one);
 * `?` what the `Result` or `Option` holds.
 */
function rustSteps(lookups: ChainLookups, memo: Memo): ChainSteps<ChainType> {
  return {
    head: (callee) => {
      const found = lookups.callee(callee)
      const symbol = found.resolution === 'resolved' && found.targetSymbolId ? lookups.supers.index.symbol(found.targetSymbolId) : undefined
      return symbol === undefined ? undefined : typeOfCall(symbol, undefined, lookups.supers, memo)
    },
    link: (on, name) => {
      if (isWrapped(on)) return wrappedLink(on, name)
      // (What another crate's method returns is not known here.)
      if (isForeign(on)) return undefined
      const method = methodOf(on, name, lookups.supers, memo)
      // (`.clone()` of a type with no method of the name is `Clone`'s, derived: the same type.)
      return method === undefined ? (name === 'clone' ? on : undefined) : typeOfCall(method, on, lookups.supers, memo)
    },
    tried: (on) => (isWrapped(on) ? on.wrapped : undefined),
  }
}

/** What a link `name` on an `Option` or a `Result` gives: its `T` for an unwrapping one, another of them for a rewrapping one (see {@link REWRAPPING}), else not known. */
function wrappedLink(on: WrappedType, name: string): ChainType | undefined {
  if (UNWRAPPING.has(name) && on.wrapper !== 'Iterator') return on.wrapped
  if (on.wrapper === 'Result' && (name === 'unwrap_err' || name === 'expect_err')) return on.error
  if (on.wrapper === 'Result' && name === 'err') return { wrapper: 'Option', wrapped: on.error }
  const rewrapped = REWRAPPING[on.wrapper].get(name)
  // (A `Result` that stays one keeps its `E`, but through `.map_err(...)` and `.or_else(...)`.)
  const error = rewrapped?.[0] === 'Result' && on.wrapper === 'Result' && name !== 'map_err' && name !== 'or_else' ? on.error : undefined
  return rewrapped === undefined ? undefined : { wrapper: rewrapped[0], wrapped: rewrapped[1] ? on.wrapped : undefined, error }
}

/**
 * The method `name` called on the value of a Rust chain of calls (`receiverType`:
 * `Command::new().about()` for the `arg` of `Command::new("git").about("x").arg(a)`): the head as
 * its call resolves (only a sure resolution), then each link the one method of that name of the
 * type the value before has, through the impl blocks of the index written for it (trait impls
 * included), each typing the next by what its signature returns (`-> Self`, `-> &mut Self`, `->
 * ArgMatches`), and an `Option<T>`'s or a `Result<T, E>`'s `T` through `?`, `.unwrap()`, `.expect(...)`,
 * `.unwrap_or(...)`, `.unwrap_or_else(...)` or `.unwrap_or_default()`, through the links that give an
 * `Option` or a `Result` again (`.as_ref()`, `.ok()`, `.map_err(...)`; `.map(...)` of a `T` not
 * known); a method of the standard library's `Option` or `Result` called on one (`.unwrap()`,
 * `.is_some()`, `.map(...)`) is `external`, as its own methods come before any trait's; so is an
 * `Iterator`'s on an `impl Iterator<Item = T>` a link returns (it has no other methods), whose
 * adapters (`.filter(...)`) and `.next()`, `.find(...)` give its `T` on. A value of another crate's type (`fn cli() -> Command` of
 * `use clap::Command;` where the index has no clap) has that crate's methods: `external`, unless
 * the index has an impl block for a type of its name or a trait with a method of the name.
 * `undefined` when a link is not known for sure.
 */
export function rustChainMember(receiverType: string, name: string, source: string, lookups: ChainLookups): Resolved | undefined {
  const chain = chainHead(receiverType)
  const methods = chain !== undefined && hasMethodNamed(name, lookups.supers)
  // (A chain whose links no method of the index, nor of an `Option` or a `Result`, can end is read only for its head: `cli().x()`, maybe another crate's.)
  if (chain === undefined || (!methods && !isStdValueMethod(name) && chain.linked)) return undefined
  const memo = memoOf(lookups.supers)
  // (A chain on `self` or `Self` is typed per calling symbol: the symbol's impl.)
  const scope = chain.callee.startsWith('self.') || chain.callee.startsWith('Self::') ? source : ''
  const type = typeOfCallChain(receiverType, rustSteps(lookups, memo), memo.chains, scope)
  if (type === undefined) return undefined
  if (isWrapped(type)) return isWrapperMethod(type.wrapper, name) ? EXTERNAL : undefined
  if (isForeign(type)) return foreignMethod(type, name, lookups.supers) ? undefined : EXTERNAL
  const method = methods ? methodOf(type, name, lookups.supers, memo) : undefined
  // (`Command::new("x").clone()` of a `#[derive(Clone)]`: the standard library's.)
  return method !== undefined ? toSymbol(method) : rustDerivedCall(type, name, lookups.supers) ? EXTERNAL : undefined
}

/** An impl block of the standard library's iterator traits (`impl<'a, T> Iterator for ValuesRef<'a, T>`). */
const ITERATOR_IMPL = /\b(?:(?:std|core)::iter::)?(?:Iterator|DoubleEndedIterator|ExactSizeIterator)\s+for\b/

/** Whether the index has an impl block of the standard library's `Iterator` for `type`. */
function implementsIterator(type: SymbolRecord, supers: Supertypes, memo: Memo): boolean {
  for (const impl of supers.index.namedSet(type.name) ?? []) {
    if (impl.kind === 'impl' && ITERATOR_IMPL.test(impl.signature) && implType(impl, supers, memo) === type) return true
  }
  return false
}

/**
 * Whether `name` called on a struct, enum or union of the index is a method a trait of the standard
 * library gives it: through a `#[derive(...)]` (`Arg::default()`, `arg.clone()`: see
 * `isDerivedMethod`), or `Iterator`'s provided methods for a type the index implements `Iterator`
 * for (`values.map(...)` of clap's `ValuesRef`); one that no impl block of the index for the type,
 * nor any trait of the index, has.
 */
export function rustDerivedCall(type: SymbolRecord, name: string, supers: Supertypes): boolean {
  if (!TYPE_KINDS.has(type.kind) || type.language !== 'rust') return false
  const memo = memoOf(supers)
  if (!isDerivedMethod(name) && !(isWrapperMethod('Iterator', name) && implementsIterator(type, supers, memo))) return false
  for (const symbol of supers.index.namedSet(name) ?? []) {
    const parent = METHOD_KINDS.has(symbol.kind) && symbol.parentId ? supers.index.symbol(symbol.parentId) : undefined
    if (parent?.kind === 'trait' || (parent?.kind === 'impl' && parent.name === type.name && implType(parent, supers, memo) === type)) return false
  }
  return true
}

/** Whether the index may give another crate's type a method `name`: an impl block for a type of its name, or a trait, has one. */
function foreignMethod(type: ForeignType, name: string, supers: Supertypes): boolean {
  return rustMayAddMethod(type.foreign, name, supers.index)
}

/**
 * Whether the index may give a type of another crate or of the standard library (`Vec`, by its
 * name) a method `name`: an impl block for a type of its name, or a trait, has one.
 */
export function rustMayAddMethod(type: string, name: string, index: SymbolIndex): boolean {
  for (const symbol of index.namedSet(name) ?? []) {
    const parent = METHOD_KINDS.has(symbol.kind) && symbol.parentId ? index.symbol(symbol.parentId) : undefined
    if (parent?.kind === 'trait' || (parent?.kind === 'impl' && parent.name === type)) return true
  }
  return false
}
