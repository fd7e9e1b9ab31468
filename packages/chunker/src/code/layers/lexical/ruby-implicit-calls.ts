import type { Arg } from '../args.js'
import type { CallFact } from '../facts.js'
import { rowAt, type LineIndex } from '../../../lines.js'
import { words } from './syntaxes.js'

/** Words that are Ruby's keywords or pseudo-variables, never a method called on `self`. */
const KEYWORDS = words(
  'alias and begin BEGIN break case class def defined do else elsif end END ensure false for if in module next nil not or redo rescue retry return self super then true undef unless until when while yield it __method__ __dir__ __FILE__ __LINE__ __ENCODING__',
)

/**
 * Methods of Ruby's `Kernel` and `Module` that a class body or a method calls without parentheses
 * as language (`attr_reader :name`, `private`, `include Comparable`, `raise`, `puts x`): no
 * dependency of the code's own.
 */
const LANGUAGE_METHODS = words(
  'attr_reader attr_writer attr_accessor private protected public module_function private_constant include extend prepend require require_relative load raise fail puts print p pp lambda proc loop catch throw block_given? binding freeze frozen? nil? is_a? kind_of? instance_of? respond_to? send public_send tap then dup clone hash inspect to_s to_i to_f to_a to_h to_sym',
)

/** A lower-case name standing alone: not after `.`, `::`, `@`, `$`, `:` (a symbol) or a name character; not before `(`. */
const NAME = /(?<![\w@$:.])([a-z_][A-Za-z0-9_]*(?:[!?](?![=~]))?)(?![\w(])/g

/** A `def` line: its name (also `self.name`) and parameters, with or without parentheses (never the next line: `def show` then `render`). */
const DEF_LINE = /^\s*def\s+(?:self\.)?[\w!?=]+[ \t]*(?:\(([^)]*)\)|([^\n#;]*))/
/** Names a statement makes local: `a = ...`, `a ||= ...`, `a, b = ...`, `rescue => e`, `for x in`. */
const ASSIGNED = /(?<![\w@$:.])([a-z_]\w*)\s*(?:,\s*[a-z_*]\w*\s*)*(?:[-+*/%|&^]|\|\||&&|<<|>>|\*\*)?=(?![=~>])/g
const RESCUED = /\brescue\b[^\n]*?=>\s*([a-z_]\w*)/g
const FOR_VARIABLE = /\bfor\s+([a-z_]\w*(?:\s*,\s*[a-z_]\w*)*)\s+in\b/g
/** Block parameters: `|a, (b, c), *d, e: 1, &f|`. */
const BLOCK_PARAMETERS = /(?:\bdo|\{)\s*\|([^|\n]*)\|/g

/** The names of a parameter list (`a, b = 1, *c, d:, e: 2, &f`). */
function parameterNames(list: string): string[] {
  return [...list.replace(/=[^,]*/g, '').matchAll(/(?:^|[,(])\s*[*&]{0,2}([a-z_]\w*)/g)].map((m) => m[1] as string)
}

/** A method called on `self` without parentheses: `current_user`, `halt 403`, `authenticate_user!`. */
class ImplicitCall implements CallFact {
  readonly receiver = ''
  readonly simpleReceiver = ''
  readonly open: number
  readonly #line: string
  readonly #assigned: string | undefined

  constructor(
    readonly name: string,
    readonly row: number,
    readonly offset: number,
    line: string,
    assigned: string | undefined,
  ) {
    this.open = offset + name.length
    this.#line = line
    this.#assigned = assigned
  }

  args(): readonly Arg[] {
    return []
  }

  text(): string {
    return this.#line.trim().replace(/\s+/g, ' ').slice(0, 200)
  }

  assignedTo(): string | undefined {
    return this.#assigned
  }

  end(): number {
    return this.open
  }
}

/** A span of the file and the names local to it. */
interface Scope {
  readonly start: number
  readonly end: number
  readonly locals: ReadonlySet<string>
}

/** The names local to `text[start, end)` (assignments, block parameters, rescued and `for` variables), plus `more`. */
function localsOf(masked: string, start: number, end: number, more: readonly string[] = []): Set<string> {
  const body = masked.slice(start, end)
  const out = new Set(more)
  for (const pattern of [ASSIGNED, RESCUED]) for (const match of body.matchAll(pattern)) out.add(match[1] as string)
  // `a, b = pair`: every name before the `=`.
  for (const match of body.matchAll(/(?<![\w@$:.])([a-z_]\w*(?:\s*,\s*\*?[a-z_]\w*)+)\s*=(?![=~>])/g)) for (const name of (match[1] as string).split(/\s*,\s*\*?/)) out.add(name)
  for (const match of body.matchAll(FOR_VARIABLE)) for (const name of (match[1] as string).split(/\s*,\s*/)) out.add(name)
  for (const match of body.matchAll(BLOCK_PARAMETERS)) for (const name of parameterNames((match[1] as string).replace(/[()]/g, ','))) out.add(name)
  return out
}

/**
 * Ruby's calls without parentheses on `self`, which the `name(` scan does not see: a name that is
 * no local variable of its method (nor of the class body or file outside methods), no keyword, and
 * not a receiver's method, hash key or symbol: `current_user` of `current_user.favorite(article)`,
 * `halt 403`, `redirect_to root_path`, `authenticate_user!`. Ruby itself reads a name so: a local
 * when an assignment to it came before in its scope, else a method call. Kernel's and Module's
 * language methods (`attr_reader`, `private`, `raise`, `puts`) are left out. `methods` are the
 * spans of the file's method definitions (each its own scope of locals).
 */
export function rubyImplicitCalls(text: string, masked: string, lines: LineIndex, methods: readonly (readonly [number, number])[], definitionNames: ReadonlySet<number>): CallFact[] {
  const scopes: Scope[] = methods.map(([start, end]) => {
    const head = DEF_LINE.exec(masked.slice(start, Math.min(end, start + 500)))
    return { start, end, locals: localsOf(masked, start, end, head ? parameterNames(head[1] ?? head[2] ?? '') : []) }
  })
  scopes.sort((a, b) => a.start - b.start)
  const outside = localsOf(masked, 0, masked.length)
  const scopeAt = (offset: number): ReadonlySet<string> => {
    // The last method starting at or before the name, else an enclosing one (a method defined in another's block).
    let low = 0
    let high = scopes.length
    while (low < high) {
      const mid = (low + high) >> 1
      if ((scopes[mid] as Scope).start <= offset) low = mid + 1
      else high = mid
    }
    for (let i = low - 1; i >= 0 && i >= low - 4; i--) if (offset < (scopes[i] as Scope).end) return (scopes[i] as Scope).locals
    return outside
  }
  const out: CallFact[] = []
  for (const match of masked.matchAll(NAME)) {
    const name = match[1] as string
    const offset = match.index
    if (KEYWORDS.has(name) || LANGUAGE_METHODS.has(name) || definitionNames.has(offset)) continue
    const after = masked.slice(offset + name.length, offset + name.length + 3)
    // A hash key or keyword argument (`name: x`, not `a ? b :c`), an assignment, or a call with a parenthesised argument the scan reads.
    if (/^:(?!:)/.test(after) || /^\s*(?:[-+*/%|&^]|\|\||&&)?=(?![=~>])/.test(after) || /^ +\(/.test(after)) continue
    const before = masked.slice(Math.max(0, offset - 12), offset)
    // A definition's, alias's or `&.`'s name; a `::` constant path's.
    if (/\b(?:def|alias|undef)\s+(?:self\.)?$|&\.\s*$|\.\s*$/.test(before)) continue
    if (scopeAt(offset).has(name)) continue
    const lineStart = masked.lastIndexOf('\n', offset) + 1
    const lineEnd = masked.indexOf('\n', offset)
    const line = text.slice(lineStart, lineEnd < 0 ? undefined : lineEnd)
    const assigned = /^\s*([a-z_]\w*)\s*=\s*$/.exec(masked.slice(lineStart, offset))?.[1]
    out.push(new ImplicitCall(name, rowAt(lines, offset), offset, line, assigned))
  }
  return out
}
