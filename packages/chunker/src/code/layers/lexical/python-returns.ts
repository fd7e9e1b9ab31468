import type { SymbolFact } from '../facts.js'

/** A `return` or `yield` keyword (a whole word: not `returned`, `yield_`). */
const KEYWORD = /\b(?:return|yield)\b/g
/**
 * What follows the keyword when it gives a new instance of a class: `CliRunner(`, `models.User(`
 * (group 1 the class; its module path in lowercase, so `self.Build(` of a method is none).
 */
const NEW_INSTANCE = /^[ \t]*((?:(?!self\.|cls\.)[a-z_]\w*\.)*_*[A-Z]\w*)[ \t]*\(/
/** What may follow the call's closing parenthesis when the statement ends with it. */
const STATEMENT_END = /^[ \t]*(?:[;\r\n]|$)/

/** The offset just past the parenthesis closing the one at `open` in the masked text, or -1. */
function pastClosing(masked: string, open: number): number {
  let depth = 0
  for (let at = open; at < masked.length; at++) {
    const c = masked.charCodeAt(at)
    if (c === 40 || c === 91 || c === 123) depth++
    else if ((c === 41 || c === 93 || c === 125) && --depth === 0) return at + 1
  }
  return -1
}

/** A name the statement gives alone: `return app` (group 1). */
const NAME_ALONE = /^[ \t]*([A-Za-z_]\w*)[ \t]*(?:[;\r\n]|$)/
/** A class as the receiver type finder writes one (not a call's value, a property read). */
const CLASS_NAME = /^(?:[a-z_]\w*\.)*_*[A-Z]\w*$/

/** The type the file's declarations give a name at an offset (`receiverTypeFinder`), if any. */
export type TypeAt = (name: string, offset: number) => string | undefined

/**
 * The class a `return` or `yield` at `after` (just past the keyword) gives an instance of: a new
 * one, when the statement is that call alone (`return Parser(fp)`, not `return Parser(fp).parse()`),
 * or a name the function declared with a class (`app = Flask(__name__)` ... `return app`).
 */
function instanceAt(masked: string, after: number, typeAt: TypeAt | undefined): string | undefined {
  const head = masked.slice(after, after + 200)
  const name = typeAt === undefined ? null : NAME_ALONE.exec(head)
  if (name !== null) {
    const type = typeAt!(name[1] as string, after)
    return type !== undefined && CLASS_NAME.test(type) ? type : undefined
  }
  const found = NEW_INSTANCE.exec(head)
  if (found === null) return undefined
  const end = pastClosing(masked, after + found[0].length - 1)
  return end > 0 && STATEMENT_END.test(masked.slice(end, end + 80)) ? found[1] : undefined
}
/** A pytest fixture's decorator: `@pytest.fixture`, `@pytest.fixture(scope="module")`, `@fixture`. */
const FIXTURE = /(?:^|\.)fixture$/

/** The first index of `offsets` (ascending) at or after `from`. */
function firstFrom(offsets: readonly number[], from: number): number {
  let low = 0
  let high = offsets.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((offsets[middle] as number) < from) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * For each Python function or method of a file without a return annotation: the class each of
 * its `return` statements gives an instance of, when they all give one of the same class
 * (`return CliRunner()`, or `return app` of `app = Flask(__name__)` as `typeAt` types it), as
 * written (see `SymbolRecord.returns`). A generator's `yield` makes
 * it give a generator, no instance, except for a pytest fixture, whose `yield` gives what it
 * provides (`yield Client(app)`). A bare `return`, another value, or a nested function returning
 * something else: nothing is inferred. Reads the masked text (strings and comments blanked), all of
 * it in one pass.
 *
 * @example
 * pythonReturns(facts.symbols, 'def runner(request):\n    return CliRunner()\n')
 * // Map { <runner> => 'CliRunner' }
 */
export function pythonReturns(symbols: readonly SymbolFact[], masked: string, typeAt?: TypeAt): Map<SymbolFact, string> {
  const returns = new Map<SymbolFact, string>()
  const candidates = symbols.filter((s) => (s.kind === 'function' || s.kind === 'method') && !s.signature.includes('->'))
  if (candidates.length === 0) return returns
  const offsets: number[] = []
  KEYWORD.lastIndex = 0
  for (let found = KEYWORD.exec(masked); found !== null; found = KEYWORD.exec(masked)) offsets.push(found.index)
  for (const symbol of candidates) {
    const fixture = symbol.decorators.some((d) => FIXTURE.test(d.name))
    let type: string | undefined
    let at = firstFrom(offsets, symbol.start)
    for (; at < offsets.length && (offsets[at] as number) < symbol.end; at++) {
      const offset = offsets[at] as number
      const yields = masked.startsWith('yield', offset)
      const after = offset + (yields ? 5 : 6)
      const given = yields && !fixture ? undefined : instanceAt(masked, after, typeAt)
      if (given === undefined || (type !== undefined && given !== type)) break
      type = given
    }
    if (type !== undefined && !(at < offsets.length && (offsets[at] as number) < symbol.end)) returns.set(symbol, type)
  }
  return returns
}
