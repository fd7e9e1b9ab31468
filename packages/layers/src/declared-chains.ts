import type { FileLayers, SymbolRecord } from '@rag/core'
import { isBuiltin } from './builtins.js'
import { isCallChain, typeOfCallChain, type ChainSteps } from './call-chains.js'
import { definedIn, memberNamed } from './definitions.js'
import { languageFamily } from './language-families.js'
import { classNamed, hasExtensionMethod, isLibraryType } from './named-types.js'
import { EXTERNAL, toSymbol, type Resolved } from './resolved.js'
import { CLASS_LIKE, inheritedMember, type Supertypes } from './supertypes.js'

/** What a link of a chain calls. */
const METHOD_KINDS: ReadonlySet<string> = new Set(['method', 'function'])
/** Words before a declared name that are no return type: a constructor's modifiers. */
const MODIFIERS = new Set([
  'public', 'private', 'protected', 'internal', 'static', 'final', 'abstract', 'synchronized', 'native', 'strictfp', 'default',
  'virtual', 'override', 'sealed', 'async', 'extern', 'unsafe', 'new', 'partial', 'readonly',
])
/** C#'s awaitables: an awaited call of a method returning `Task<T>` gives a `T`. */
const AWAITABLES = new Set(['Task', 'ValueTask'])
/**
 * Methods by which a library's generic types hand out what they hold (`list.get(0)`,
 * `optional.orElseThrow()`, `items.First()`): a value of the project's type maybe, not the library's.
 */
const ELEMENT_GIVERS = new Set([
  'get', 'getFirst', 'getLast', 'next', 'previous', 'orElse', 'orElseGet', 'orElseThrow', 'getKey', 'getValue', 'getLeft', 'getMiddle', 'getRight',
  'peek', 'poll', 'pop', 'remove', 'take', 'element', 'join', 'call', 'apply', 'accept', 'invoke', 'getObject', 'getInstance', 'cast', 'clone',
  'max', 'min', 'reduce', 'newInstance', 'newProxyInstance', 'requireNonNull', 'requireNonNullElse', 'requireNonNullElseGet', 'getAndSet',
  'getAndUpdate', 'updateAndGet', 'getPlain', 'getAcquire', 'getOpaque',
  'First', 'FirstOrDefault', 'Single', 'SingleOrDefault', 'Last', 'LastOrDefault', 'ElementAt', 'ElementAtOrDefault', 'Find', 'GetValueOrDefault',
  'Invoke', 'GetService', 'GetRequiredService', 'Get', 'Deserialize', 'GetResult', 'Dequeue', 'Pop', 'Peek', 'Min', 'Max', 'Aggregate',
  'CreateInstance', 'For', 'Of',
])
/** What a library's method `name` gives: a value of the library's, or what a generic type hands out or C# awaits (maybe the index's). */
const libraryValue = (name: string, awaited: boolean): LibraryType => (awaited || ELEMENT_GIVERS.has(name) ? { library: '', holds: true } : { library: '' })

/** What every class has from the language's root class, and the type each returns (`''`: no type to go on with). */
const ROOT_METHODS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  java: { toString: 'String', hashCode: '', equals: '', getClass: 'Class', notify: '', notifyAll: '', wait: '' },
  csharp: { ToString: 'string', GetHashCode: '', Equals: '', GetType: 'Type' },
}

/** A type of a library, by its name (`StringBuilder`, `EntityTypeBuilder`); `''` for a value a library's method returns, whose type is not known. */
interface LibraryType {
  readonly library: string
  /** What a library's generic type hands out or C# awaits of it: maybe a value of a class of the index. */
  readonly holds?: true
}
/** What a chain's value is: a class of the index, or a library's value. */
type ChainType = SymbolRecord | LibraryType
const isLibrary = (type: ChainType): type is LibraryType => 'library' in type

/** A return type as a signature writes it: the type (`ToStringBuilder`, `Task`), and its first type argument (`Basket` of `Task<Basket>`). */
export interface DeclaredReturn {
  readonly type: string
  readonly argument?: string
}

/** Where the rest of `resolveName` is reached from: a callee resolved from the edge's place. */
export interface DeclaredChainLookups {
  readonly supers: Supertypes
  /** The calling file. */
  readonly file: FileLayers
  /** A callee as written (`build`, `this.helper.create`), resolved as a call of it from the edge's place. */
  callee(callee: string): Resolved
}

/** Per resolution (one `Supertypes`): the types of chains, by calling symbol. */
const memos = new WeakMap<Supertypes, Map<string, ChainType | null>>()

/** The offset of the `<` opening the `>` at `close` in `text`, or -1. */
function openingAngle(text: string, close: number): number {
  let depth = 0
  for (let i = close; i >= 0; i--) {
    if (text[i] === '>') depth++
    else if (text[i] === '<' && --depth === 0) return i
  }
  return -1
}

/** The first of comma-separated type arguments, up to a comma outside its own brackets (`Basket` of `Basket, int`). */
function firstArgument(args: string): string {
  let end = 0
  for (let depth = 0; end < args.length && !(depth === 0 && args[end] === ','); end++) {
    if (args[end] === '<') depth++
    else if (args[end] === '>') depth--
  }
  return args.slice(0, end).trim()
}

/**
 * The return type a Java or C# method's signature declares, as written before the method's name:
 * `ToStringBuilder` of `public ToStringBuilder append(final Object obj)`, `{ type: 'Task', argument:
 * 'Basket' }` of `public async Task<Basket> AddItemToBasket(...)`, C#'s nullable `Basket?` as
 * `Basket`; `undefined` for a constructor, an array, or a signature without the name.
 *
 * @example
 * declaredReturnType('public static <T> Builder<T> of(T value)', 'of') // { type: 'Builder', argument: 'T' }
 */
export function declaredReturnType(signature: string, name: string): DeclaredReturn | undefined {
  const found = new RegExp(`(?:^|[^\\w$])${name.replace(/\$/g, '\\$')}\\s*(?:<[^()]*>\\s*)?\\(`).exec(signature)
  if (found === null) return undefined
  let before = signature.slice(0, found.index + (found[0].startsWith(name) ? 0 : 1)).trimEnd()
  if (before.endsWith('?')) before = before.slice(0, -1).trimEnd()
  if (before.endsWith(']')) return undefined
  let argument: string | undefined
  if (before.endsWith('>')) {
    const open = openingAngle(before, before.length - 1)
    if (open < 0) return undefined
    argument = firstArgument(before.slice(open + 1, -1)).replace(/\?$/, '')
    before = before.slice(0, open).trimEnd()
  }
  const type = /(?:^|[^\w$.])([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)$/.exec(before)?.[1]
  if (type === undefined || MODIFIERS.has(type)) return undefined
  return argument === undefined || argument === '' ? { type } : { type, argument }
}

/** Type parameters as written between `<` and `>` (group 1), two levels deep. */
const TYPE_PARAMETERS = '<((?:[^<>()]|<(?:[^<>()]|<[^<>()]*>)*>)*)>'
/** Java's generic method's type parameters, after its annotations and modifiers: `public static <T> T of(`. */
const JAVA_METHOD_PARAMETERS = new RegExp(`^\\s*(?:@[\\w.]+(?:\\([^()]*\\))?\\s*)*(?:(?:${[...MODIFIERS].join('|')})\\s+)*${TYPE_PARAMETERS}`)

/** {@link typeParameters} of each symbol read so far (a symbol's record does not change while the index holds it). */
const TYPE_PARAMETERS_OF = new WeakMap<SymbolRecord, readonly string[]>()

/** The type parameters' names a class's or a method's signature declares (`class Pair<A, B>`, Java's `<K, V extends Comparable<V>> V max(`, C#'s `T Get<T>(`), read once per symbol. */
function typeParameters(symbol: SymbolRecord): readonly string[] {
  let names = TYPE_PARAMETERS_OF.get(symbol)
  if (names === undefined) TYPE_PARAMETERS_OF.set(symbol, (names = readTypeParameters(symbol)))
  return names
}

function readTypeParameters(symbol: SymbolRecord): string[] {
  const { signature, name } = symbol
  const declared = new RegExp(`(?:^|[^\\w$])${name.replace(/\$/g, '\\$')}\\s*${TYPE_PARAMETERS}`).exec(signature)?.[1] ?? (METHOD_KINDS.has(symbol.kind) ? JAVA_METHOD_PARAMETERS.exec(signature)?.[1] : undefined)
  if (declared === undefined) return []
  const names: string[] = []
  let depth = 0
  let from = 0
  for (let at = 0; at <= declared.length; at++) {
    const c = declared[at]
    if (c === '<') depth++
    else if (c === '>') depth--
    else if (at === declared.length || (c === ',' && depth === 0)) {
      const word = /^\s*(?:in\s+|out\s+)?([A-Za-z_$][\w$]*)/.exec(declared.slice(from, at))?.[1]
      if (word !== undefined) names.push(word)
      from = at + 1
    }
  }
  return names
}

/**
 * A type as the code of `around` (a symbol, or the file's top level) names it: a class nested in a
 * class around it (a builder's `Builder`), a class the file sees (imported, its own, its
 * package's, of a namespace or package it imports whole), a type of the language's runtime (`String`, `StringBuilder`, C#'s `string`) or of a
 * library the file imports whole; `undefined` for a type parameter or a type not known.
 */
function typeNamed(written: string, file: FileLayers, around: SymbolRecord | undefined, supers: Supertypes): ChainType | undefined {
  const { index } = supers
  const type = written.replace(/\s*<.*$/s, '')
  supers.looked.add(type.slice(type.lastIndexOf('.') + 1))
  for (let symbol = around; symbol; symbol = symbol.parentId ? index.symbol(symbol.parentId) : undefined) {
    if (typeParameters(symbol).includes(type)) return undefined
    if (!CLASS_LIKE.has(symbol.kind)) continue
    if (symbol.name === type) return symbol
    const nested = index.byQname(symbol.path, `${symbol.qname}.${type}`, CLASS_LIKE)
    if (nested !== undefined && CLASS_LIKE.has(nested.kind)) return nested
  }
  if (type.includes('.')) return undefined
  const bindings = supers.bindingsOf(file)
  const cls = classNamed(type, file, bindings, index, supers.resolved)
  if (cls !== undefined) return cls
  // A class of a namespace or package imported whole (C#'s `using Shop.Entities;`, Java's `import a.b.*;`): only when one brings it in.
  if (!bindings.names.has(type)) {
    const through = new Set(bindings.wildcards.flatMap((target) => definedIn(target, type, index, supers.resolved, CLASS_LIKE) ?? []))
    const only = through.size === 1 ? [...through][0] : undefined
    if (only !== undefined && CLASS_LIKE.has(only.kind)) return only
  }
  if (bindings.names.get(type)?.status === 'external') return { library: type }
  if (!bindings.names.has(type) && isBuiltin(file.language, type) && !index.topLevel(file.path, type)) return { library: type }
  return isLibraryType(type, file, bindings, index) ? { library: type } : undefined
}

/** The methods `name` of a class: its own (overloads), else the ones of the nearest supertype of the index that has one. */
function methodsOf(type: SymbolRecord, name: string, supers: Supertypes): SymbolRecord[] {
  supers.looked.add(name)
  const own = [...(supers.index.namedSet(name) ?? [])].filter((symbol) => symbol.parentId === type.id && METHOD_KINDS.has(symbol.kind))
  if (own.length > 0) return own
  const inherited = inheritedMember(type, name, METHOD_KINDS, supers)
  return inherited === undefined ? [] : [...(supers.index.namedSet(name) ?? [])].filter((symbol) => symbol.parentId === inherited.parentId && METHOD_KINDS.has(symbol.kind))
}

/** {@link declaredReturnType} of each method read so far (`null`: none). */
const DECLARED_RETURNS = new WeakMap<SymbolRecord, DeclaredReturn | null>()

/** What a call of `method` gives (`awaited`: C#'s `await` of it), by its declared return type as its file names it. */
function returnedBy(method: SymbolRecord, awaited: boolean, supers: Supertypes): ChainType | undefined {
  let known = DECLARED_RETURNS.get(method)
  if (known === undefined) DECLARED_RETURNS.set(method, (known = declaredReturnType(method.signature, method.name) ?? null))
  const declared = known ?? undefined
  const file = supers.index.file(method.path)
  if (declared === undefined || file === undefined) return undefined
  if (awaited) {
    if (!AWAITABLES.has(declared.type) || declared.argument === undefined) return undefined
    return typeNamed(declared.argument, file, method, supers)
  }
  // (A Java primitive has no methods.)
  if (file.language === 'java' && /^[a-z]/.test(declared.type)) return undefined
  return typeNamed(declared.type, file, method, supers)
}

/**
 * The value of `.name()` called on a value of `on`, and the method it calls (`undefined` for a
 * library's): a class's method of that name (its overloads must all return one type), else one
 * of the language's root class, else a library's when the class inherits from one; a library
 * value's method returns a library value.
 */
function link(on: ChainType, name: string, awaited: boolean, supers: Supertypes, file: FileLayers): { readonly method?: SymbolRecord; readonly type: ChainType | undefined } | undefined {
  // (A C# extension method of the index's name may be the one called; on what may be a value of
  // the index, only a method no definition of the index has is the library's.)
  const extension = hasExtensionMethod(name, file, supers.index)
  if (isLibrary(on)) return extension ? undefined : on.holds && supers.index.namedSet(name)?.size ? undefined : { type: libraryValue(name, awaited) }
  const methods = methodsOf(on, name, supers)
  if (methods.length > 0) {
    const types = methods.map((method) => returnedBy(method, awaited, supers))
    const keys = new Set(types.map((type) => (type === undefined ? undefined : isLibrary(type) ? `library ${type.library}` : type.id)))
    const method = memberNamed(supers.index, on, name)
    return { method: method && METHOD_KINDS.has(method.kind) ? method : methods[0], type: keys.size === 1 ? types[0] : undefined }
  }
  if (extension) return undefined
  const root = ROOT_METHODS[file.language]?.[name]
  if (root !== undefined) return { type: root === '' || awaited ? undefined : { library: root } }
  return supers.inheritsExternally(on) ? { type: libraryValue(name, awaited) } : undefined
}

/** The type of a chain's head's value: `T::new()` (a `new`), `T::m()` (a method of a name of type `T`), or a callee as its call resolves. */
function typeOfHead(head: string, awaited: boolean, source: SymbolRecord | undefined, lookups: DeclaredChainLookups): ChainType | undefined {
  const { supers, file } = lookups
  const path = head.indexOf('::')
  if (path >= 0) {
    const type = typeNamed(head.slice(0, path), file, source, supers)
    const name = head.slice(path + 2)
    if (name === 'new' || type === undefined) return awaited ? undefined : type
    return link(type, name, awaited, supers, file)?.type
  }
  const found = lookups.callee(head)
  const name = head.slice(head.lastIndexOf('.') + 1)
  if (found.resolution === 'external') return libraryValue(name, awaited)
  // `getClass()`, `array.getClass()`, `ToString()` on a value of no known type: the root class's
  // method, or an override, which returns the same type.
  const root = found.resolution !== 'resolved' ? ROOT_METHODS[file.language]?.[name] : undefined
  if (root !== undefined) return root === '' || awaited ? undefined : { library: root }
  const symbol = found.resolution === 'resolved' && found.targetSymbolId ? supers.index.symbol(found.targetSymbolId) : undefined
  return symbol !== undefined && METHOD_KINDS.has(symbol.kind) ? returnedBy(symbol, awaited, supers) : undefined
}

/** How a Java or C# chain's calls are typed (see `call-chains.ts`); `awaited`: the chain's last call is (C#). */
function declaredSteps(awaited: boolean, source: SymbolRecord | undefined, lookups: DeclaredChainLookups): ChainSteps<ChainType> {
  return {
    head: (callee, last) => typeOfHead(callee, awaited && last, source, lookups),
    link: (on, name, last) => link(on, name, awaited && last, lookups.supers, lookups.file)?.type,
  }
}

/** Whether a receiver type is a chain of calls as Java's and C#'s extraction writes it (see {@link declaredChainMember}). */
export function isDeclaredChain(receiverType: string): boolean {
  return receiverType.endsWith(')') && isCallChain(receiverType)
}

/**
 * The method `name` called on the value of a Java or C# chain of calls (`receiverType`:
 * `ToStringBuilder::new().append()` for the last `append` of `new ToStringBuilder(this).append("a",
 * a).append("b", b)`; `await _repository.GetAsync()` for a `basket` of `var basket = await
 * _repository.GetAsync(id);`): the head as its call resolves (only a sure resolution), as `new`
 * builds it, or as a name's declared type; then each link the method of that name of the class the
 * value before has (its own, else inherited; overloads all returning one type), each typing the
 * next by its declared return type as the method's file names it (a class nested in the method's,
 * imported, of its package; not a type parameter), `Task<T>`/`ValueTask<T>` giving `T` under C#'s
 * `await`. A value of a library's type (`StringBuilder`, `EntityTypeBuilder` of `using
 * Microsoft.EntityFrameworkCore...;`), or what a library's method returns, has that library's
 * methods: `external` (in C#, unless the index has an extension method of the name); so has what
 * its methods return, except what a generic type hands out (`list.get(0)`, `items.First()`) or C#
 * awaits, which may be of the index: a method no definition of the index has. The called method
 * is the class's first of the name (of its overloads). `undefined` when a link is not known for sure.
 */
export function declaredChainMember(receiverType: string, name: string, kinds: ReadonlySet<string>, sourceSymbolId: string, lookups: DeclaredChainLookups): Resolved | undefined {
  const { supers, file } = lookups
  const source = sourceSymbolId ? supers.index.symbol(sourceSymbolId) : undefined
  let memo = memos.get(supers)
  if (memo === undefined) memos.set(supers, (memo = new Map()))
  const type = typeOfCallChain(receiverType, declaredSteps(receiverType.startsWith('await '), source, lookups), memo, `${file.path}\n${sourceSymbolId}`)
  if (type === undefined) return undefined
  if (isLibrary(type)) return hasExtensionMethod(name, file, supers.index) || (type.holds && supers.index.namedOfKinds(name, kinds, 'any', languageFamily(file.language)).count > 0) ? undefined : EXTERNAL
  const called = link(type, name, false, supers, file)
  if (called === undefined) return undefined
  return called.method !== undefined ? toSymbol(called.method) : EXTERNAL
}
