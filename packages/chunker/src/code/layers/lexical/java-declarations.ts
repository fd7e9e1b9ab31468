import type { TypedDeclaration } from './typed-declarations.js'

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

/** `var name = new Type(` (Java 10's inferred local): group 1 the name, group 2 the type. */
const INFERRED = new RegExp(`\\bvar\\s+${NAME}\\s*=\\s*new\\s+${TYPE}\\s*[(<]`, 'gd')

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
  return inferred ? out.sort((a, b) => a.offset - b.offset) : out
}
