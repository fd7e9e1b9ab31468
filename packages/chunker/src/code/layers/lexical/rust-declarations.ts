import { BlockBraces } from './block-braces.js'
import { followsClosing } from './brackets.js'
import { rustCallChains } from './rust-call-chains.js'
import type { TypedDeclaration } from './typed-declarations.js'
import { statementEnd } from './statement-end.js'

/** A type as Rust code writes it, references and paths dropped: `Command`, `&mut Parser`, `crate::builder::Arg`. */
const TYPE = '(?:&\\s*(?:\'[a-z_]\\w*\\s+)?(?:mut\\s+)?)?(?:(?:crate|self|super|[a-z_]\\w*)::)*(?!Self\\b)([A-Z]\\w*)'

/**
 * `let name: Type` (group 1, type group 2), also after `mut`; `let name = Type::constructor(`
 * (group 3, type group 4; a constructor by Rust's conventions: `new`, `default`, `with_*`,
 * `from*`, `builder`); `let name = Type {` (group 5, type group 6); a closure's or function's
 * typed parameter `|name: &Type|`, `(name: Type,` (group 7, type group 8).
 */
const DECLARATION = new RegExp(
  [
    `\\blet\\s+(?:mut\\s+)?([a-z_]\\w*)\\s*:\\s*${TYPE}\\b(?!\\s*[<:])`,
    `|\\blet\\s+(?:mut\\s+)?([a-z_]\\w*)\\s*=\\s*(?:(?:crate|self|super|[a-z_]\\w*)::)*(?!Self\\b)([A-Z]\\w*)::(?:new|default|builder|with_\\w+|from\\w*)\\s*(?=\\()`,
    `|\\blet\\s+(?:mut\\s+)?([a-z_]\\w*)\\s*=\\s*(?:(?:crate|self|super|[a-z_]\\w*)::)*(?!Self\\b)([A-Z]\\w*)\\s*(?=\\{)`,
    `|[|(,]\\s*(?:mut\\s+)?([a-z_]\\w*)\\s*:\\s*${TYPE}\\b(?!\\s*[<:])(?=\\s*[,|)])`,
  ].join(''),
  'gd',
)

/**
 * Rust's declarations of names with a type, read from masked code, in order: what the receiver of
 * `cmd.arg(x)` is (`let cmd = Command::new("app");`, `let cmd: Command = ...`, a parameter `cmd:
 * &mut Command`), so that a call on a local resolves to its type's method instead of to every
 * method of that name in the crate. A value built by a constructor counts only when the statement
 * ends with the call (`let m = Command::new("x").get_matches();` holds what `get_matches`
 * returns, which is not known here); a generic type (`Vec<Arg>`) and a path into a type
 * (`Type::Assoc`) are left out.
 *
 * @example
 * rustTypedDeclarations('let cmd = Command::new("app");\ncmd.arg(a);')
 * // [{ name: 'cmd', type: 'Command', offset: 4 }]
 */
export function rustTypedDeclarations(masked: string): TypedDeclaration[] {
  const out: TypedDeclaration[] = []
  const typed = new Set<number>()
  DECLARATION.lastIndex = 0
  for (let match = DECLARATION.exec(masked); match; match = DECLARATION.exec(masked)) {
    const at = match.indices!
    const value = match.index + match[0].length
    if (match[1] !== undefined) out.push({ name: match[1], type: match[2] as string, offset: at[1]![0] })
    // `let cmd = Command::new("x");`, also `?;`, and a struct literal: the statement ends with the value.
    else if (match[3] !== undefined && followsClosing(masked, value, /^\s*\??\s*;/)) out.push({ name: match[3], type: match[4] as string, offset: at[3]![0] })
    else if (match[5] !== undefined && followsClosing(masked, value, /^\s*;/)) out.push({ name: match[5], type: match[6] as string, offset: at[5]![0] })
    else if (match[7] !== undefined) out.push({ name: match[7], type: match[8] as string, offset: at[7]![0] })
    else continue
    typed.add(out.at(-1)!.offset)
  }
  // (The chains' values are read with the blocks' scopes, then scoped themselves.)
  return scopedToBlocks(masked, withChainValues(masked, scopedToBlocks(masked, out), typed))
}

/** A `let` (and `let mut`) just before a name's offset. */
const LET_BEFORE = /\blet\s+(?:mut\s+)?$/

/**
 * The declarations with each `let`'s scope ending where its block does (`until`: the `}` closing
 * the innermost `{` around it), so that `m` of `if x { let m: Command = ... }` types no `m` after
 * the block; a parameter's scope is its function's or closure's, as the code around it tells.
 */
function scopedToBlocks(masked: string, declarations: readonly TypedDeclaration[]): TypedDeclaration[] {
  const lets = new Set(declarations.filter((declaration) => LET_BEFORE.test(masked.slice(Math.max(0, declaration.offset - 12), declaration.offset))))
  if (lets.size === 0) return [...declarations]
  const braces = new BlockBraces(masked)
  return declarations.map((declaration) => {
    // (-1: at the top, or in a block that never closes.)
    const until = lets.has(declaration) ? braces.enclosingEnd(declaration.offset) : -1
    return until < 0 ? declaration : { ...declaration, until }
  })
}

/** Code without what its blocks that close in it hold (`a { b } c` is `a {} c`; an unclosed `{` stays open). */
function outsideBlocks(code: string): string {
  let out = ''
  const open: number[] = []
  for (const c of code) {
    if (c === '}' && open.length > 0) out = out.slice(0, (open.pop() as number) + 1)
    else if (c === '{') open.push(out.length)
    out += c
  }
  return out
}

/** `let name = value;`, also `let name: Vec<Arg> = value;` (group 1: the name; a type annotation is read above). */
const LET = /\blet\s+(?:mut\s+)?([a-z_]\w*)\s*(?::[^=;{}]*)?=(?!=)/dg

/**
 * The type of `name` at `offset` by its last declaration before whose block has not ended (`cmd` of
 * `let m = cmd.try_get_matches_from(args)?;` after `let cmd = Command::new("x");` or a parameter
 * `cmd: Command`), when it is of the same function and nothing binds the name again in between (a `fn`,
 * a `let`, a `for`, a pattern or a closure's parameter of the name): else `undefined`.
 */
function declaredBefore(masked: string, declarations: readonly TypedDeclaration[], name: string, offset: number): string | undefined {
  let last: TypedDeclaration | undefined
  for (const declaration of declarations) {
    if (declaration.until !== undefined && declaration.until < offset) continue
    if (declaration.name === name && declaration.offset < offset && (last === undefined || declaration.offset > last.offset)) last = declaration
  }
  // (An untyped `let` hides the name's earlier types: `let cmd = cmd.build();`.)
  if (last === undefined || last.type === '' || (last.from ?? last.offset) > offset) return undefined
  // (What a block closed in between binds is gone: `if x { let cmd = ...; }`; the `let` whose value
  // reads the name binds it only after: `let m = m.unwrap();`.)
  const between = outsideBlocks(masked.slice(last.offset + name.length, offset)).replace(new RegExp(`\\blet\\s+(?:mut\\s+)?${name}\\s*=[\\s&]*(?:mut\\s+)?$`), '')
  const rebinds = new RegExp(`\\bfn\\b|(?:\\blet\\s+(?:mut\\s+)?|\\bfor\\s+|\\b(?:Some|Ok|Err)\\(\\s*|\\|\\s*)${name}\\b`)
  return rebinds.test(between) ? undefined : last.type
}

/**
 * The declarations with the `let` statements whose value is a chain of calls added, in order: the
 * name holds what the last call returns (`let m = Command::new("x").get_matches();` types `m` as
 * `Command::new().get_matches()`, `let m = cmd.try_get_matches()?;` with `cmd` a `Command` types it as
 * `Command::try_get_matches()?`), from the end of the statement. (A `let` counts to the end of its
 * block; a `let` of the name with any other value hides the earlier ones.)
 */
function withChainValues(masked: string, declarations: readonly TypedDeclaration[], typed: ReadonlySet<number>): TypedDeclaration[] {
  const out = [...declarations]
  const chains = rustCallChains(masked, (name, offset) => declaredBefore(masked, out, name, offset))
  LET.lastIndex = 0
  for (let match = LET.exec(masked); match; match = LET.exec(masked)) {
    const offset = match.indices![1]![0]
    if (typed.has(offset)) continue
    const value = match.index + match[0].length
    const end = statementEnd(masked, value)
    let last = end - 1
    while (last > 0 && /\s/.test(masked[last]!)) last--
    const read = end < 0 ? undefined : chains.endingAt(last)
    // The whole value, not a chain at its end (`a + b.len()`), nor a closure's body (`|x| x.run()`).
    if (read !== undefined && /^[\s&]*(?:mut\s+)?$/.test(masked.slice(value, read.start))) out.push({ name: match[1] as string, type: read.chain, offset, from: end })
    else {
      // A copy of a name (`let mut cmd = cmd;`) has its type; any other value types nothing, but
      // hides the name's earlier declarations from the statement's end.
      const copied = end < 0 ? undefined : /^\s*(?:&\s*)?(?:mut\s+)?([a-z_]\w*)\s*$/.exec(masked.slice(value, end))?.[1]
      out.push({ name: match[1] as string, type: '', ...(copied === undefined ? {} : { copies: copied }), offset, ...(end < 0 ? {} : { from: end }) })
    }
  }
  return out.sort((a, b) => a.offset - b.offset)
}
