import type { Arg } from '../args.js'
import type { CallFact } from '../facts.js'
import { rowAt, type LineIndex } from '../../../lines.js'

/**
 * A method called without parentheses on a constant, on `self`, on an instance or class variable
 * or on a local (or a method called without arguments): `Article.all`, `Foo::Bar.settings`,
 * `self.current_user`, `@article.publish!`, `article.save`, `current_user.following_users`, `&.`
 * included. A call on a value of unknown type resolves by name, as `article.publish()` does (Ruby's
 * own methods, `.each` or `.size`, are the runtime's: see `runtime-methods.ts` of `@rag/layers`).
 * Not before `(` (the `name(` scan reads those), `=` (a setter: `response.status = 200`), `::` or a
 * name character; not after a keyword (`end.foo` is no receiver) nor on what another call returns.
 */
const MEMBER = /(?<![\w@$:.])((?:[A-Z]\w*(?:::[A-Z]\w*)*)|self|@@?[a-z_]\w*|[a-z_]\w*)[ \t]*(&?\.)[ \t]*([a-z_]\w*[!?]?)(?![\w!?(]|[ \t]*\(|[ \t]*(?:[-+*/%|&^]|\|\||&&)?=(?![=~>])|::)/g


/** `def self.name`: a definition, no call. */
const DEFINITION = /\bdef\s+$/

/** A method called on a constant, `self`, a variable or a local without parentheses (see {@link rubyMemberCalls}). */
class MemberCall implements CallFact {
  readonly open: number
  readonly #line: string

  constructor(
    readonly name: string,
    readonly receiver: string,
    readonly row: number,
    readonly offset: number,
    nameAt: number,
    line: string,
  ) {
    this.simpleReceiver = receiver
    this.open = nameAt + name.length
    this.#line = line
  }

  readonly simpleReceiver: string

  args(): readonly Arg[] {
    return []
  }

  text(): string {
    return this.#line.trim().replace(/\s+/g, ' ').slice(0, 200)
  }

  assignedTo(): string | undefined {
    return undefined
  }

  end(): number {
    return this.open
  }
}

/**
 * Ruby's calls without parentheses on a constant, on `self`, on a variable or on a local
 * (`Article.all`, `Sinatra::Base.settings`, `self.current_user`, `@article.publish!`), which the
 * `name(` scan does not see; each with its receiver as written (`Foo::Bar`, `@article`), so
 * resolution reads a constant's as a class method call on a known class, and the others by name.
 */
export function rubyMemberCalls(text: string, masked: string, lines: LineIndex, keywords: ReadonlySet<string>): CallFact[] {
  const out: CallFact[] = []
  for (const match of masked.matchAll(MEMBER)) {
    const offset = match.index
    if (DEFINITION.test(masked.slice(Math.max(0, offset - 8), offset))) continue
    const receiver = match[1] as string
    // A keyword is no receiver (`end.to_s` after a block), `self` aside.
    if (receiver !== 'self' && keywords.has(receiver)) continue
    const name = match[3] as string
    const nameAt = offset + match[0].length - name.length
    const lineStart = masked.lastIndexOf('\n', offset) + 1
    const lineEnd = masked.indexOf('\n', offset)
    out.push(new MemberCall(name, receiver, rowAt(lines, nameAt), offset, nameAt, text.slice(lineStart, lineEnd < 0 ? undefined : lineEnd)))
  }
  return out
}
