import { jvmCallChains } from './jvm-call-chains.js'
import type { TypedDeclaration } from './typed-declarations.js'
import { statementEnd } from './statement-end.js'

/** A class as Java code writes it: `StringBuilder`, `Map.Entry`; a lower-case package before it (`java.util.List`) is left out. */
const TYPE = '([A-Z][\\w$]*(?:\\.[A-Z][\\w$]*)*)'
/** Type arguments, three levels deep: `<String>`, `<String, List<Item>>`, `<?>`. */
const ARGUMENTS = '(?:\\s*<(?:[^<>;(){}=]|<(?:[^<>;(){}=]|<[^<>;(){}=]*>)*>)*>)?'
/** A declared name, lower case as Java names variables (so `Foo Bar` of something else is no declaration). */
const NAME = '([a-z_$][\\w$]*)'

/**
 * A Java (or C#) declaration that gives a name a class type, in masked code: a local variable, a
 * field, a parameter (of a method, a lambda, a `catch`), an enhanced `for`'s (or `foreach`'s)
 * variable, a pattern (`instanceof Foo foo`, C#'s `case Foo foo:`), a resource (`try (Reader in =
 * ...)`, `using (Reader r = ...)`), C#'s `out Foo foo`: `Type name`, C#'s nullable `Type? name`
 * too, followed by `=`, `;`, `:`, `,`, `)` or `in`. Group 1: the type; group 2: `[]` when it is an
 * array (then the type is its elements'); group 3: the name. Method declarations (`Foo bar(`) and
 * `extends`/`implements` clauses are not matched.
 */
const TYPED = new RegExp(`(?<![\\w$.@]|\\|\\s*)${TYPE}${ARGUMENTS}\\??((?:\\s*\\[\\s*\\])*)\\s+${NAME}\\s*(?=[=;:,)]|in\\b)`, 'gd')

/** `var name = new Type(` (Java 10's and C#'s inferred local), C#'s `new Type {` (an object initializer): group 1 the name, group 2 the type. */
const INFERRED = new RegExp(`\\bvar\\s+${NAME}\\s*=\\s*new\\s+${TYPE}\\s*[(<{]`, 'gd')

/** `var name = ` (Java 10's and C#'s inferred local), maybe `await`ed (C#): group 1 the name, group 2 the `await`. */
const VAR = new RegExp(`\\bvar\\s+${NAME}\\s*=(?!=)\\s*(await\\s+)?`, 'gd')

/**
 * The declarations with the `var`s whose whole value is a chain of calls added, in order: the name
 * holds what the last call returns (`var basket = await _repository.GetAsync(id);` types `basket`
 * as `await _repository.GetAsync()`, `var b = new B().with(x);` as `B::new().with()`; see
 * `jvm-call-chains.ts`), with `await ` before it when the value is awaited (C#). A name's type is
 * its last declaration's before the value.
 */
function withChainValues(masked: string, declarations: readonly TypedDeclaration[]): TypedDeclaration[] {
  const out = [...declarations]
  const typeOf = (name: string, offset: number): string | undefined => {
    let last: TypedDeclaration | undefined
    for (const declaration of out) if (declaration.name === name && declaration.offset < offset && (last === undefined || declaration.offset > last.offset)) last = declaration
    return last === undefined || (last.from ?? last.offset) > offset ? undefined : last.type || undefined
  }
  const chains = jvmCallChains(masked, typeOf)
  VAR.lastIndex = 0
  for (let match = VAR.exec(masked); match; match = VAR.exec(masked)) {
    const offset = match.indices![1]![0]
    const value = match.index + match[0].length
    const end = statementEnd(masked, value)
    let last = end - 1
    while (last > 0 && /\s/.test(masked[last]!)) last--
    const read = end < 0 ? undefined : chains.endingAt(last)
    if (read === undefined || read.start !== value) continue
    // (`var b = new B().with(x);` is no `B`, as `INFERRED` read it.)
    const inferred = out.findIndex((declaration) => declaration.offset === offset)
    if (inferred >= 0) out.splice(inferred, 1)
    // (A plain `new B(...)` is a `B`.)
    const made = /^([\w$.]+)::new\(\)$/.exec(read.chain)?.[1]
    out.push({ name: match[1] as string, type: made ?? (match[2] === undefined ? read.chain : `await ${read.chain}`), offset, from: end })
  }
  return out.sort((a, b) => a.offset - b.offset)
}

/**
 * Java's declarations of names with a class type, read from masked code, in order: what the
 * receiver of `buffer.append(x)` is (`StringBuilder buffer = ...`), so that a call on a local
 * resolves to its type's method, or to the runtime's, instead of to every method of that name in
 * the repository. Fields are found too; the finder of `declared-receivers.ts` reads them only for
 * `this.name` (a bare field name is typed by the class's signature during resolution).
 *
 * @example
 * javaTypedDeclarations('StringBuilder buf = new StringBuilder();\nfor (Item item : items) {}')
 * // [{ name: 'buf', type: 'StringBuilder', offset: 14 }, { name: 'item', type: 'Item', offset: 51 }]
 */
export function javaTypedDeclarations(masked: string): TypedDeclaration[] {
  const out: TypedDeclaration[] = []
  TYPED.lastIndex = 0
  for (let match = TYPED.exec(masked); match; match = TYPED.exec(masked)) {
    const type = match[1] as string
    const name = match[3] as string
    const offset = match.indices![3]![0]
    out.push(match[2] ? { name, type: '', element: type, offset } : { name, type, offset })
  }
  INFERRED.lastIndex = 0
  let inferred = false
  for (let match = INFERRED.exec(masked); match; match = INFERRED.exec(masked)) {
    out.push({ name: match[1] as string, type: match[2] as string, offset: match.indices![1]![0] })
    inferred = true
  }
  const sorted = inferred ? out.sort((a, b) => a.offset - b.offset) : out
  return masked.includes('var ') ? withChainValues(masked, sorted) : sorted
}
