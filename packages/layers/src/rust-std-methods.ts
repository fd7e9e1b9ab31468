import { words } from './language-words.js'

/**
 * The methods of Rust's standard `Option` and `Result`: their own (inherent) methods, which a call
 * on a value of one reaches before any trait's method of the name, and the few traits' methods
 * every one has (`clone`, `into_iter`, `eq`). A trait of the index implemented for an `Option`
 * (clap's `IntoResettable`) has another name.
 */
const OPTION = words(`
  is_some is_some_and is_none is_none_or as_ref as_mut as_pin_ref as_pin_mut as_slice as_mut_slice expect unwrap
  unwrap_or unwrap_or_else unwrap_or_default unwrap_unchecked map inspect map_or map_or_else ok_or ok_or_else
  as_deref as_deref_mut iter iter_mut and and_then filter or or_else xor insert get_or_insert get_or_insert_default
  get_or_insert_with take take_if replace zip unzip copied cloned transpose flatten
  clone clone_from into_iter eq ne cmp partial_cmp to_owned`)

const RESULT = words(`
  is_ok is_ok_and is_err is_err_and ok err as_ref as_mut as_deref as_deref_mut map map_or map_or_else map_err inspect
  inspect_err iter iter_mut expect unwrap unwrap_or_default expect_err unwrap_err into_ok into_err and and_then or
  or_else unwrap_or unwrap_or_else unwrap_unchecked unwrap_err_unchecked copied cloned transpose flatten
  clone clone_from into_iter eq ne cmp partial_cmp to_owned`)

/**
 * The methods of Rust's `Iterator` (with `DoubleEndedIterator`'s and `ExactSizeIterator`'s), and
 * the `iter`-making methods of its collections: names a call on a value of no known type most
 * likely means the standard library's by.
 */
const ITERATOR = words(`
  next next_back size_hint count last nth step_by chain zip map for_each filter filter_map enumerate peekable
  skip_while take_while map_while skip take scan flat_map flatten fuse inspect by_ref collect partition fold
  try_fold try_for_each reduce all any find find_map position rposition max min max_by_key max_by min_by_key
  min_by rev unzip copied cloned cycle sum product cmp partial_cmp eq ne lt le gt ge is_sorted nth_back rfind
  rfold len iter iter_mut into_iter`)

/** The standard library's types whose own methods {@link isWrapperMethod} knows: an `Option`, a `Result`, an `impl Iterator`. */
export type RustWrapper = 'Option' | 'Result' | 'Iterator'

const BY_WRAPPER: Readonly<Record<RustWrapper, ReadonlySet<string>>> = { Option: OPTION, Result: RESULT, Iterator: ITERATOR }

/** Whether `name` is a method of the standard library's `Option`, `Result` or `Iterator` (`wrapper`): `unwrap`, `is_some`, `map_err`, `collect`. */
export function isWrapperMethod(wrapper: RustWrapper, name: string): boolean {
  return BY_WRAPPER[wrapper].has(name)
}

/** Whether `name` is a method of the standard library's `Option`, `Result` or `Iterator` (see {@link isWrapperMethod}): `unwrap`, `map`, `collect`. */
export function isStdValueMethod(name: string): boolean {
  return OPTION.has(name) || RESULT.has(name) || ITERATOR.has(name)
}

/** The methods of the standard library's traits that `#[derive(...)]` implements: `Clone`, `Default`, `PartialEq`, `Ord`, `PartialOrd`, `Hash`, `Debug`. */
const DERIVED = words('clone clone_from default eq ne cmp partial_cmp hash fmt')

/** Whether `name` is a method that a `#[derive(...)]` of the standard library gives a type (`clone`, `default`, `eq`). */
export function isDerivedMethod(name: string): boolean {
  return DERIVED.has(name)
}
