/** Reading Rust functions' signatures as the chunker writes them (`SymbolRecord.signature`): what they return, whether they take `self`. */

/**
 * A return type that is one type (maybe borrowed, maybe with generic arguments): `Self`, `&mut
 * Self`, `&'a Self`, `ArgMatches`, `crate::builder::Command`, `Parser<'cmd>` (group 1).
 */
const RETURN_TYPE = /^(?:&\s*(?:'[A-Za-z_]\w*\s+)?(?:mut\s+)?)?((?:(?:crate|self|super|[a-z_]\w*)::)*(?:Self|[A-Z]\w*))\s*(?:<.*>)?\s*(?:where\b.*)?$/s

/** The standard library's wrappers: a value in one is not the wrapped type's (`Option<Self>`, `Result<Self, Error>`, `Box<Self>`). */
const WRAPPERS = new Set(['Option', 'Result', 'Box', 'Rc', 'Arc', 'Vec', 'Cow', 'Pin', 'Cell', 'RefCell', 'Mutex', 'RwLock', 'HashMap', 'HashSet', 'BTreeMap', 'BTreeSet', 'VecDeque'])

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

/** The offset of the `(` opening a Rust function's parameter list in its signature (past generic parameters such as `<F: Fn(A) -> B>`), or -1. */
function parametersAt(signature: string): number {
  const fn = /\bfn\s+[A-Za-z_]\w*\s*/.exec(signature)
  if (fn === null) return -1
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
  return signature[at] === '(' ? at : signature.indexOf('(', at)
}

/** The generic arguments of a type as written (`Result<ArgMatches, Error>` gives `ArgMatches` and `Error`), split at the commas outside their own brackets. */
function genericArguments(written: string): string[] {
  const open = written.indexOf('<')
  if (open < 0 || !written.trimEnd().endsWith('>')) return []
  const args: string[] = []
  let depth = 0
  let start = open + 1
  const end = written.trimEnd().length - 1
  for (let at = start; at < end; at++) {
    const c = written[at]
    if (c === '<' || c === '(' || c === '[') depth++
    else if (c === '>' || c === ')' || c === ']') depth--
    else if (c === ',' && depth === 0) {
      args.push(written.slice(start, at).trim())
      start = at + 1
    }
  }
  args.push(written.slice(start, end).trim())
  return args.filter(Boolean)
}

/**
 * The error type of a Rust function's `-> Result<T, E>` when `E` is written and is one type (see
 * {@link rustReturnedType}): `Error` of `-> Result<ArgMatches, Error>`; `undefined` for `->
 * ClapResult<ArgMatches>` (an alias's default, see {@link rustAliasDefaultError}) or any other.
 *
 * @example
 * rustResultError('fn parse(&self) -> Result<Arg, crate::Error>') // 'crate::Error'
 */
export function rustResultError(signature: string): string | undefined {
  const returned = returnTypeText(signature)?.replace(/\s*\bwhere\b.*$/s, '')
  const error = returned === undefined ? undefined : genericArguments(returned)[1]
  const type = error === undefined ? undefined : RETURN_TYPE.exec(error)?.[1]
  return type === undefined || WRAPPERS.has(type) ? undefined : type
}

/**
 * The default of the second generic parameter of a `Result` alias (clap's `pub type Result<T, E =
 * Error> = ...`): `Error`; `undefined` without one.
 */
export function rustAliasDefaultError(signature: string): string | undefined {
  return /\btype\s+[A-Za-z_]\w*\s*<\s*[A-Za-z_]\w*\s*,\s*[A-Za-z_]\w*\s*=\s*((?:[A-Za-z_]\w*::)*[A-Z]\w*)\s*>/.exec(signature)?.[1]
}

/** What a Rust function's signature returns, as written after its `->` (its body's `{` or a `;` dropped), or `undefined`. */
export function returnTypeText(signature: string): string | undefined {
  const at = parametersAt(signature)
  const close = at < 0 ? -1 : closingParen(signature, at)
  const arrow = close < 0 ? null : /^\s*->\s*/.exec(signature.slice(close + 1))
  return arrow === null ? undefined : signature.slice(close + 1 + arrow[0].length).replace(/\s*[{;]\s*$/, '')
}

/**
 * Whether a Rust function takes `self` (`self`, `&self`, `&'a mut self`, `mut self`, `self: Box<Self>`):
 * a method that `value.name()` can call; one that does not (`fn new(name: &str) -> Self`) is called
 * only by its path, `Type::new(...)`.
 *
 * @example
 * rustTakesSelf('pub fn about(mut self, about: &str) -> Self') // true
 */
export function rustTakesSelf(signature: string): boolean {
  const at = parametersAt(signature)
  return at >= 0 && /^\(\s*(?:&\s*(?:'[A-Za-z_]\w*\s+)?)?(?:mut\s+)?self\b/.test(signature.slice(at))
}

/** Whether a Rust function's signature returns a type with generic arguments (`-> MutexGuard<'_, T>`): one that may deref to them. */
export function returnsGeneric(signature: string): boolean {
  const head = signature.replace(/\bwhere\b.*$/s, '')
  const arrow = head.lastIndexOf('->')
  return arrow >= 0 && /^[^<{;]*?[A-Za-z_]\w*\s*</.test(head.slice(arrow + 2))
}

/** The generic parameters' names of a signature (`fn get<T, F>`, `impl<'a, S>`): a return type of one of those is no type of the index. */
export function genericNames(signature: string): string[] {
  const generics = /\b(?:fn\s+[A-Za-z_]\w*|impl)\s*<([^()]*?)>\s*(?:\(|[A-Za-z_&])/.exec(signature)?.[1] ?? ''
  return generics.split(',').map((part) => part.trim().split(/[\s:=]/, 1)[0] as string)
}
