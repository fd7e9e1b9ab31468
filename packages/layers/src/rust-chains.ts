import type { FileLayers, SymbolRecord } from '@rag/core'
import { chainHead, typeOfCallChain, type ChainSteps } from './call-chains.js'
import { definedIn } from './definitions.js'
import { EXTERNAL, toSymbol, type Resolved } from './resolved.js'
import { rustModuleOf } from './rust-paths.js'
import type { Supertypes } from './supertypes.js'

/** What a Rust function's value can be a method of: the types impl blocks are written for. */
const TYPE_KINDS: ReadonlySet<string> = new Set(['struct', 'enum', 'union'])
/** What a link of a chain calls. */
const METHOD_KINDS: ReadonlySet<string> = new Set(['method', 'function'])
/**
 * A return type that is one type (maybe borrowed, maybe with generic arguments): `Self`, `&mut
 * Self`, `&'a Self`, `ArgMatches`, `crate::builder::Command`, `Parser<'cmd>` (group 1).
 */
const RETURN_TYPE = /^(?:&\s*(?:'[A-Za-z_]\w*\s+)?(?:mut\s+)?)?((?:(?:crate|self|super|[a-z_]\w*)::)*(?:Self|[A-Z]\w*))\s*(?:<.*>)?\s*(?:where\b.*)?$/s
/** The standard library's wrappers: a value in one is not the wrapped type's (`Option<Self>`, `Result<Self, Error>`, `Box<Self>`). */
const WRAPPERS = new Set(['Option', 'Result', 'Box', 'Rc', 'Arc', 'Vec', 'Cow', 'Pin', 'Cell', 'RefCell', 'Mutex', 'RwLock', 'HashMap', 'HashSet', 'BTreeMap', 'BTreeSet', 'VecDeque'])

/** The links that give an `Option<T>`'s or a `Result<T, E>`'s `T` (`?` too): else a link on one is not known. */
const UNWRAPPING: ReadonlySet<string> = new Set(['unwrap', 'expect', 'unwrap_or', 'unwrap_or_else', 'unwrap_or_default'])
/** The wrappers whose `T` those links give. */
const UNWRAPPED: ReadonlySet<string> = new Set(['Option', 'Result'])

/** The standard library's crates: a path into one (`std::path::PathBuf`) names a type of another crate. */
const STANDARD_CRATES = new Set(['std', 'core', 'alloc'])

/** A type of another crate, by its name: `ArgMatches` of `use clap::ArgMatches;` where the index has no clap. */
interface ForeignType {
  readonly foreign: string
}
/** An `Option<T>` or a `Result<T, E>` of a `T` known: what an unwrapping link (`.unwrap()`, `?`) gives. */
interface WrappedType {
  readonly wrapped: ChainType
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

/** The offset of the `)` closing the `(` at `open`, or -1. */
function closingParen(text: string, open: number): number {
  let depth = 0
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++
    else if (text[i] === ')' && --depth === 0) return i
  }
  return -1
}

/**
 * The type a Rust function's signature returns, as written, when it is one type: `Self` of `->
 * Self`, `-> &mut Self` or `-> &Self`; `ArgMatches` of `-> ArgMatches`; `undefined` for none, for
 * a standard wrapper (`-> Option<Self>`, `-> Result<Self, E>`), a tuple, a slice, `impl Trait`,
 * `Self::Output` or a primitive.
 *
 * @example
 * rustReturnedType('pub fn about(mut self, about: impl IntoResettable<StyledStr>) -> Self') // 'Self'
 */
export function rustReturnedType(signature: string): string | undefined {
  const returned = returnTypeText(signature)
  const type = returned === undefined ? undefined : RETURN_TYPE.exec(returned)?.[1]
  return type === undefined || WRAPPERS.has(type) ? undefined : type
}

/**
 * The wrapper and first generic argument of a Rust function's return type when that argument is
 * one type (see {@link rustReturnedType}), and whether that one has generic arguments of its own:
 * `{ wrapper: 'Result', type: 'ArgMatches', generic: false }` of `-> Result<ArgMatches, Error>`,
 * `wrapper: 'ClapResult'` of `-> ClapResult<ArgMatches>`, `{ wrapper: 'Option', type: 'Command',
 * generic: false }` of `-> Option<&Command>`; `undefined` for any other return type.
 *
 * @example
 * rustWrappedType('pub fn try_get_matches(self) -> Result<Self, Error>') // { wrapper: 'Result', type: 'Self', generic: false }
 */
export function rustWrappedType(signature: string): { readonly wrapper: string; readonly type: string; readonly generic: boolean } | undefined {
  const returned = returnTypeText(signature)?.replace(/\s*\bwhere\b.*$/s, '')
  const generic = returned === undefined ? null : /^((?:[A-Za-z_]\w*::)*[A-Z]\w*)\s*<(.*)>$/s.exec(returned)
  if (generic === null) return undefined
  // The first argument, up to a comma outside its own brackets.
  const args = generic[2] as string
  let end = 0
  for (let depth = 0; end < args.length && !(depth === 0 && args[end] === ','); end++) {
    if (args[end] === '<' || args[end] === '(') depth++
    else if (args[end] === '>' || args[end] === ')') depth--
  }
  const first = args.slice(0, end).trim()
  const type = RETURN_TYPE.exec(first)?.[1]
  const wrapper = (generic[1] as string).split('::').at(-1) as string
  return type === undefined || WRAPPERS.has(type) ? undefined : { wrapper, type, generic: first.includes('<') }
}

/** What a Rust function's signature returns, as written after its `->` (its body's `{` or a `;` dropped), or `undefined`. */
function returnTypeText(signature: string): string | undefined {
  const fn = /\bfn\s+[A-Za-z_]\w*\s*/.exec(signature)
  if (fn === null) return undefined
  // Past the generic parameters (`<F: Fn(A) -> B>`: an arrow's `>` closes nothing) to the parameter list.
  let at = fn.index + fn[0].length
  if (signature[at] === '<') {
    for (let depth = 0; at < signature.length; at++) {
      if (signature.startsWith('->', at)) at++
      else if (signature[at] === '<') depth++
      else if (signature[at] === '>' && --depth === 0) break
    }
    at = signature.indexOf('(', at)
  }
  if (signature[at] !== '(' && (at = signature.indexOf('(', at)) < 0) return undefined
  const close = closingParen(signature, at)
  const arrow = close < 0 ? null : /^\s*->\s*/.exec(signature.slice(close + 1))
  return arrow === null ? undefined : signature.slice(close + 1 + arrow[0].length).replace(/\s*[{;]\s*$/, '')
}

/** Whether a Rust function's signature returns a type with generic arguments (`-> MutexGuard<'_, T>`): one that may deref to them. */
function returnsGeneric(signature: string): boolean {
  const head = signature.replace(/\bwhere\b.*$/s, '')
  const arrow = head.lastIndexOf('->')
  return arrow >= 0 && /^[^<{;]*?[A-Za-z_]\w*\s*</.test(head.slice(arrow + 2))
}

/** The generic parameters' names of a signature (`fn get<T, F>`, `impl<'a, S>`): a return type of one of those is no type of the index. */
function genericNames(signature: string): string[] {
  const generics = /\b(?:fn\s+[A-Za-z_]\w*|impl)\s*<([^()]*?)>\s*(?:\(|[A-Za-z_&])/.exec(signature)?.[1] ?? ''
  return generics.split(',').map((part) => part.trim().split(/[\s:=]/, 1)[0] as string)
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
    const module = rustModuleOf(segments.slice(0, -1), file.path, head, index)
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

/**
 * What a call of `symbol` gives when it returns an `Option<T>` or a `Result<T, E>` (also as an
 * alias named `Result` or `Option`: `use crate::error::Result as ClapResult;`) of a `T` known.
 */
function wrappedBy(symbol: SymbolRecord, self: SymbolRecord | undefined, supers: Supertypes, memo: Memo): WrappedType | undefined {
  const returned = rustWrappedType(symbol.signature)
  const file = returned === undefined ? undefined : supers.index.file(symbol.path)
  if (returned === undefined || file === undefined) return undefined
  const named = supers.bindingsOf(file).names.get(returned.wrapper)?.name ?? returned.wrapper
  if (!UNWRAPPED.has(named)) return undefined
  const type = namedReturn(returned.type, returned.generic, symbol, self, supers, memo)
  return type === undefined ? undefined : { wrapped: type }
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
      if (isWrapped(on)) return UNWRAPPING.has(name) ? on.wrapped : undefined
      if (isForeign(on)) return undefined
      const method = methodOf(on, name, lookups.supers, memo)
      return method === undefined ? undefined : typeOfCall(method, on, lookups.supers, memo)
    },
    tried: (on) => (isWrapped(on) ? on.wrapped : undefined),
  }
}

/**
 * The method `name` called on the value of a Rust chain of calls (`receiverType`:
 * `Command::new().about()` for the `arg` of `Command::new("git").about("x").arg(a)`): the head as
 * its call resolves (only a sure resolution), then each link the one method of that name of the
 * type the value before has, through the impl blocks of the index written for it (trait impls
 * included), each typing the next by what its signature returns (`-> Self`, `-> &mut Self`, `->
 * ArgMatches`), and an `Option<T>`'s or a `Result<T, E>`'s `T` through `?`, `.unwrap()`, `.expect(...)`,
 * `.unwrap_or(...)`, `.unwrap_or_else(...)` or `.unwrap_or_default()` (any other link on one is not
 * known). A value of another crate's type (`fn cli() -> Command` of
 * `use clap::Command;` where the index has no clap) has that crate's methods: `external`, unless
 * the index has an impl block for a type of its name or a trait with a method of the name.
 * `undefined` when a link is not known for sure.
 */
export function rustChainMember(receiverType: string, name: string, source: string, lookups: ChainLookups): Resolved | undefined {
  const chain = chainHead(receiverType)
  const methods = chain !== undefined && hasMethodNamed(name, lookups.supers)
  // (A chain whose links no method of the index can end is read only for its head: `cli().x()`, maybe another crate's.)
  if (chain === undefined || (!methods && chain.linked)) return undefined
  const memo = memoOf(lookups.supers)
  // (A chain on `self` or `Self` is typed per calling symbol: the symbol's impl.)
  const scope = chain.callee.startsWith('self.') || chain.callee.startsWith('Self::') ? source : ''
  const type = typeOfCallChain(receiverType, rustSteps(lookups, memo), memo.chains, scope)
  if (type === undefined || isWrapped(type)) return undefined
  if (isForeign(type)) return foreignMethod(type, name, lookups.supers) ? undefined : EXTERNAL
  const method = methods ? methodOf(type, name, lookups.supers, memo) : undefined
  return method === undefined ? undefined : toSymbol(method)
}

/** Whether the index may give another crate's type a method `name`: an impl block for a type of its name, or a trait, has one. */
function foreignMethod(type: ForeignType, name: string, supers: Supertypes): boolean {
  for (const symbol of supers.index.namedSet(name) ?? []) {
    const parent = METHOD_KINDS.has(symbol.kind) && symbol.parentId ? supers.index.symbol(symbol.parentId) : undefined
    if (parent?.kind === 'trait' || (parent?.kind === 'impl' && parent.name === type.foreign)) return true
  }
  return false
}
