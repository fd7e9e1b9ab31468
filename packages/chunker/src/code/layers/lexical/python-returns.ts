import type { SymbolFact } from '../facts.js'
import { followsClosing } from './brackets.js'

/** A `return` or `yield` keyword (a whole word: not `returned`, `yield_`). */
const KEYWORD = /\b(?:return|yield)\b/g
/**
 * What follows the keyword when it gives a new instance of a class: `CliRunner(`, `models.User(`
 * (group 1 the class; its module path in lowercase, so `self.Build(` of a method is none).
 */
const NEW_INSTANCE = /^[ \t]*((?:(?!self\.|cls\.)[a-z_]\w*\.)*_*[A-Z]\w*)[ \t]*\(/
/** What may follow the call's closing parenthesis when the statement ends with it. */
const STATEMENT_END = /^[ \t]*(?:[;\r\n#]|$)/

/** A name the statement gives alone: `return app` (group 1). */
const NAME_ALONE = /^[ \t]*([A-Za-z_]\w*)[ \t]*(?:[;\r\n]|$)/
/** A class as the receiver type finder writes one (not a call's value, a property read). */
const CLASS_NAME = /^(?:[a-z_]\w*\.)*_*[A-Z]\w*$/
/** A fixture's call of a method on a name (`return app.test_client()`; group 1 `app.test_client`). */
const METHOD_CALL = /^[ \t]*([a-z_]\w*\.[A-Za-z_]\w*)[ \t]*\(/

/** The type the file's declarations give a name at an offset (`receiverTypeFinder`), if any. */
export type TypeAt = (name: string, offset: number) => string | undefined

/**
 * The class a `return` or `yield` at `after` (just past the keyword) gives an instance of: a new
 * one, when the statement is that call alone (`return Parser(fp)`, not `return Parser(fp).parse()`),
 * or a name the function declared with a class (`app = Flask(__name__)` ... `return app`).
 */
function instanceAt(masked: string, after: number, typeAt: TypeAt | undefined, fixture: boolean): string | undefined {
  const head = masked.slice(after, after + 200)
  const name = NAME_ALONE.exec(head)
  if (name !== null) {
    const type = typeAt?.(name[1] as string, after)
    return type !== undefined && CLASS_NAME.test(type) ? type : undefined
  }
  const found = NEW_INSTANCE.exec(head)
  if (found !== null) return followsClosing(masked, after + found[0].length - 1, STATEMENT_END) ? found[1] : undefined
  // A fixture giving what a method of another fixture returns (`return app.test_client()`), as a call.
  const method = fixture ? METHOD_CALL.exec(head) : null
  return method !== null && followsClosing(masked, after + method[0].length - 1, STATEMENT_END) ? `${method[1]}()` : undefined
}

/** A pytest fixture's decorator: `@pytest.fixture`, `@pytest.fixture(scope="module")`, `@fixture`. */
const FIXTURE = /(?:^|\.)fixture$/

/**
 * For each Python function or method of a file without a return annotation: the class each of
 * its `return` statements gives an instance of, when they all give one of the same class
 * (`return CliRunner()`, or `return app` of `app = Flask(__name__)` as `typeAt` types it), as
 * written (see `SymbolRecord.returns`). A generator's `yield` makes it give a generator, no
 * instance, except for a pytest fixture, whose `yield` gives what it provides (`yield Client(app)`),
 * and which may give what a method called on a name returns, written as that call (`return
 * app.test_client()` gives `app.test_client()`).
 * A bare `return`, another value, or a nested function returning something else: nothing is
 * inferred. Reads the masked text (strings and comments blanked).
 *
 * @example
 * pythonReturns(facts.symbols, 'def runner(request):\n    return CliRunner()\n')
 * // Map { <runner> => 'CliRunner' }
 */
export function pythonReturns(symbols: readonly SymbolFact[], masked: string, typeAt?: TypeAt): Map<SymbolFact, string> {
  const returns = new Map<SymbolFact, string>()
  const candidates = symbols.filter((s) => (s.kind === 'function' || s.kind === 'method') && !s.signature.includes('->'))
  for (const symbol of candidates) {
    const fixture = symbol.decorators.some((d) => FIXTURE.test(d.name))
    let type: string | undefined
    let inferred = true
    KEYWORD.lastIndex = symbol.start
    for (let found = KEYWORD.exec(masked); found !== null && found.index < symbol.end; found = KEYWORD.exec(masked)) {
      const yields = found[0] === 'yield'
      const given = yields && !fixture ? undefined : instanceAt(masked, found.index + found[0].length, typeAt, fixture)
      if (given === undefined || (type !== undefined && given !== type)) {
        inferred = false
        break
      }
      type = given
    }
    if (inferred && type !== undefined) returns.set(symbol, type)
  }
  return returns
}
