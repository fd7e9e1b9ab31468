import type { RawEdge, SymbolRecord } from '@rag/core'
import { rustTakesSelf } from './rust-signatures.js'
import type { NamedOfKinds } from './name-counts.js'
import type { SymbolIndex } from './symbol-index.js'

/**
 * What a Rust call's receiver is, as far as its text tells: `value` for one that is surely a value
 * (`self.values`, a chain of calls the chunker typed, `x.unwrap()` of an expression), so
 * that only a method taking `self` can be called; `lower` for a plain lowercase name or path (`m`,
 * `fs`, `self`, `crate::util`), a value or a module, whose call is no associated function of a type
 * (`Type::new`); `undefined` for a type's path (`Command`, `clap::Arg`, `Self`, a primitive's `str`), or an expression
 * that may be one (`Vec::<u8>`, `<T as Parser>`: written `?`).
 */
function receiverKind(edge: RawEdge, isStdName: boolean): 'value' | 'lower' | undefined {
  const receiver = edge.receiver ?? ''
  if (receiver === '') return undefined
  // (`?` is also a path with generic arguments, `Vec::<u8>::new()`; a chain the chunker typed is written with `.`.)
  if (receiver === '?') return edge.receiverType !== undefined || isStdName ? 'value' : undefined
  // (`self` is also the module of `self::count()`.)
  if (receiver.startsWith('self.')) return 'value'
  const last = receiver.slice(Math.max(receiver.lastIndexOf('.'), receiver.lastIndexOf(':')) + 1)
  if (receiver.includes('.') && !receiver.includes('::')) return 'value'
  return /^[a-z_]/.test(last) && !PRIMITIVES.has(last) ? 'lower' : undefined
}

/** Rust's primitive types, lowercase names of types with associated functions (`str::from_utf8`, `u8::from_str_radix`). */
const PRIMITIVES: ReadonlySet<string> = new Set(['str', 'bool', 'char', 'u8', 'u16', 'u32', 'u64', 'u128', 'usize', 'i8', 'i16', 'i32', 'i64', 'i128', 'isize', 'f32', 'f64'])

/** Whether a Rust symbol is a function of an impl block or a trait: a method or an associated function. */
function ofType(symbol: SymbolRecord, index: SymbolIndex): boolean {
  if (symbol.kind !== 'method' && symbol.kind !== 'function') return false
  const parent = symbol.parentId ? index.symbol(symbol.parentId) : undefined
  return parent?.kind === 'impl' || parent?.kind === 'trait'
}

/**
 * The definitions of the index a Rust call `receiver.name()` can reach by its name, when its
 * receiver tells something (see `receiverKind`): on a value, only methods that take `self`
 * (`matches.unwrap()` is no call of clap's `MatchesError::unwrap(id, r)`, an associated function);
 * on a lowercase name or path, anything but an associated function. `undefined` when the receiver
 * tells nothing: every definition of the name counts. `isStdName`: whether `name` is a method of
 * the standard library's `Option`, `Result` or `Iterator` (a `?` receiver then is taken for a value).
 */
export function rustCallCandidates(edge: RawEdge, name: string, kinds: ReadonlySet<string>, index: SymbolIndex, isStdName: boolean): NamedOfKinds | undefined {
  const receiver = receiverKind(edge, isStdName)
  if (receiver === undefined) return undefined
  let count = 0
  let only: SymbolRecord | undefined
  let path: string | undefined
  for (const symbol of index.namedSet(name) ?? []) {
    if (!kinds.has(symbol.kind) || symbol.language !== 'rust') continue
    const member = ofType(symbol, index)
    if (receiver === 'value' ? !member || !rustTakesSelf(symbol.signature) : member && !rustTakesSelf(symbol.signature)) continue
    count++
    only = count === 1 ? symbol : undefined
    path = count === 1 || symbol.path === path ? symbol.path : ''
  }
  return { count, only, path: path || undefined }
}
