import type { Arg } from '../args.js'
import type { CallFact } from '../facts.js'
import { rowAt, type LineIndex } from '../../../lines.js'

/**
 * A method called without parentheses on a constant or on `self`: `Article.all`, `User.count`,
 * `Foo::Bar.settings`, `self.current_user`, `&.` included. The receiver is a constant path or
 * `self` (never a local or a call: their type is unknown, and core methods such as `.each` or
 * `.size` would resolve by name to the project's namesakes). Not before `(` (the `name(` scan reads
 * those), `=` (a setter: `response.status = 200`), `::` or a name character.
 */
const MEMBER = /(?<![\w@$:.])((?:[A-Z]\w*(?:::[A-Z]\w*)*)|self)[ \t]*(&?\.)[ \t]*([a-z_]\w*[!?]?)(?![\w!?(]|[ \t]*\(|[ \t]*(?:[-+*/%|&^]|\|\||&&)?=(?![=~>])|::)/g

/** `def self.name`: a definition, no call. */
const DEFINITION = /\bdef\s+$/

/** A method called on a constant or `self` without parentheses (see {@link rubyMemberCalls}). */
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
 * Ruby's calls without parentheses on a constant or on `self` (`Article.all`, `User.count`,
 * `Sinatra::Base.settings`, `self.current_user`), which the `name(` scan does not see; each with its
 * receiver as written (`Foo::Bar`), so resolution reads it as a class method call on a known class.
 */
export function rubyMemberCalls(text: string, masked: string, lines: LineIndex): CallFact[] {
  const out: CallFact[] = []
  for (const match of masked.matchAll(MEMBER)) {
    const offset = match.index
    if (DEFINITION.test(masked.slice(Math.max(0, offset - 8), offset))) continue
    const receiver = match[1] as string
    const name = match[3] as string
    const nameAt = offset + match[0].length - name.length
    const lineStart = masked.lastIndexOf('\n', offset) + 1
    const lineEnd = masked.indexOf('\n', offset)
    out.push(new MemberCall(name, receiver, rowAt(lines, nameAt), offset, nameAt, text.slice(lineStart, lineEnd < 0 ? undefined : lineEnd)))
  }
  return out
}
