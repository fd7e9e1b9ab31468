import type { SymbolFact } from '../facts.js'
import { parameterAnnotation } from './python-declarations.js'

/**
 * A name the code declares with a class type (`const index = new InvertedIndex()`, `readonly #db:
 * Database`), or as the value of a call (`const index = await openIndex(root)`).
 */
export interface TypedDeclaration {
  readonly name: string
  /**
   * The type as written, without generic arguments (`InvertedIndex`, `Database.Database`), or the
   * callee as written followed by `()` for what it returns (`openIndex()`, `this.build()`), or by
   * `()[]` for the elements of what it returns (`for p in self.get_params(ctx)`); `''` when one of
   * the fields below types the name instead.
   */
  readonly type: string
  /** For a container (`items: Item[]`, `self.types: Sequence[ParamType]`): the type of its elements. */
  readonly element?: string
  /** For an attribute a parameter is kept in (`self.app = app`): the parameter, typed by its annotation in the method's signature. */
  readonly parameter?: string
  /** For a loop variable (`for ty in self.types`): the name or attribute it iterates, typed by that one's `element`. */
  readonly iterates?: string
  readonly offset: number
}

const TYPE = '([A-Z][\\w$]*(?:\\.[A-Z][\\w$]*)*)'
/** A type that is not an array's: `Item` but not `Item[]`. */
const NOT_ARRAY = '(?![\\w$]|\\s*\\[)'
/** A callee as written: a name, dotted names, `this.` ones. */
const CALLEE = '((?:this\\.)?#?[A-Za-z_$][\\w$]*(?:\\.#?[A-Za-z_$][\\w$]*)*)'
/**
 * A `const`/`let`/`var` declaration, a class field at the start of a line (after its modifiers),
 * or a parameter (after `(` or `,`: also of an arrow function or an object literal's method, which
 * are no symbols whose signature resolution could read), whose name is annotated with a
 * capitalised type, initialised with `new Type(`, or initialised with a call's value (the
 * annotation wins: `x: Base = new Derived()` is a `Base`).
 */
const DECLARATION = new RegExp(
  `(?:\\b(?:const|let|var)\\s+|^[ \\t]*(?:(?:public|private|protected|readonly|static|declare|override|accessor)\\s+)*|[(,][ \\t]*(?:(?:public|private|protected|readonly)\\s+)*)(#?[A-Za-z_$][\\w$]*)\\s*[?!]?` +
    `(?:\\s*:\\s*(?:${TYPE}${NOT_ARRAY}|(?:readonly\\s+)?${TYPE}\\s*\\[\\s*\\])|\\s*=\\s*(?:await\\s+)?(?:new\\s+${TYPE}|${CALLEE}\\s*\\())` +
    // A loop over a call's value: `for (const call of scanCalls(text))`.
    `|\\bfor\\s*\\(\\s*(?:const|let|var)\\s+([A-Za-z_$][\\w$]*)\\s+of\\s+(?:await\\s+)?${CALLEE}\\s*\\(`,
  'gmd',
)

/** TypeScript's and JavaScript's declarations of names with a class type, read from masked code, in order. */
export function typedDeclarations(masked: string): TypedDeclaration[] {
  const out: TypedDeclaration[] = []
  DECLARATION.lastIndex = 0
  for (let match = DECLARATION.exec(masked); match; match = DECLARATION.exec(masked)) {
    if (match[6] !== undefined) {
      out.push({ name: match[6], type: `${match[7]}()[]`, offset: match.indices![6]![0] })
      continue
    }
    const name = match[1] as string
    const offset = match.indices![1]![0]
    const type = match[2] ?? match[4] ?? (match[5] === undefined ? undefined : `${match[5]}()`)
    if (type !== undefined) out.push({ name, type, offset })
    else if (match[3] !== undefined) out.push({ name, type: '', element: match[3], offset })
  }
  return out
}

const CLASS_KINDS = new Set(['class', 'object'])

/** The innermost class around a symbol, itself included. */
function classOf(symbol: SymbolFact | undefined): SymbolFact | undefined {
  let around = symbol
  while (around !== undefined && !CLASS_KINDS.has(around.kind)) around = around.parent
  return around
}

/** A class and the base classes the file defines for it, nearest first, a few levels deep. */
function classAndBases(cls: SymbolFact | undefined, basesOf: (cls: SymbolFact) => readonly SymbolFact[]): SymbolFact[] {
  const out: SymbolFact[] = cls ? [cls] : []
  for (let i = 0; i < out.length && out.length < 8; i++) for (const base of basesOf(out[i] as SymbolFact)) if (!out.includes(base)) out.push(base)
  return out
}

/**
 * The type a call's receiver is declared with in the code around it: for `this.x`, `this.#x` or
 * `self.x`, a field of the enclosing class (or of a base class the file defines, `basesOf`) or an
 * attribute one of its methods sets; for a plain name, the nearest declaration before the call in
 * the enclosing function, or in a function or class around it, or at the top of the file. An
 * attribute keeping a parameter (`self.app = app`) has the parameter's annotated type; a loop
 * variable, the element type of what it iterates.
 */
export function receiverTypeFinder(
  declarations: readonly TypedDeclaration[],
  enclosing: (offset: number) => SymbolFact | undefined,
  basesOf: (cls: SymbolFact) => readonly SymbolFact[] = () => [],
): (receiver: string, offset: number) => string | undefined {
  if (declarations.length === 0) return () => undefined
  const scoped = declarations.map((declaration) => {
    const scope = enclosing(declaration.offset)
    return { ...declaration, scope, owner: classOf(scope) }
  })
  type Scoped = (typeof scoped)[number]
  // The declarations of each name, in order (`self.x` attributes under their whole name).
  const byName = new Map<string, Scoped[]>()
  for (const declaration of scoped) {
    const named = byName.get(declaration.name)
    if (named) named.push(declaration)
    else byName.set(declaration.name, [declaration])
  }
  const declarationOf = (receiver: string, offset: number): Scoped | undefined => {
    const field = /^(?:this|self)\.(#?[A-Za-z_$][\w$]*)$/.exec(receiver)?.[1]
    const name = field ?? (/^[A-Za-z_$][\w$]*$/.test(receiver) ? receiver : undefined)
    if (name === undefined) return undefined
    const around = enclosing(offset)
    if (field !== undefined) {
      // A field of the class body (`#index = new X()`), or an attribute a method sets (Python's
      // `self.x = X()`), of the enclosing class or of a base class the file defines.
      // The first that says a type or an element type: `self.dict = dict` of an unannotated parameter says neither.
      const candidates = [...(byName.get(name) ?? []), ...(byName.get(receiver) ?? [])].sort((a, b) => a.offset - b.offset)
      if (candidates.length === 0) return undefined
      for (const owner of classAndBases(classOf(around), basesOf)) {
        const found = candidates.find(
          (declaration) =>
            ((declaration.scope === owner && declaration.name === name) || (declaration.name === receiver && declaration.owner === owner)) &&
            (declaration.element !== undefined || typeOf(declaration) !== undefined),
        )
        if (found) return found
      }
      return undefined
    }
    const named = byName.get(name)
    if (named === undefined) return undefined
    const scopes = new Set<SymbolFact | undefined>([undefined])
    for (let scope = around; scope !== undefined; scope = scope.parent) scopes.add(scope)
    let found: Scoped | undefined
    for (const declaration of named) {
      if (declaration.offset > offset) break
      // A field is no bare name: `store.x()` in a method is a local's, a parameter's or the module's `store`.
      if (scopes.has(declaration.scope) && !(declaration.scope && CLASS_KINDS.has(declaration.scope.kind))) found = declaration
    }
    return found
  }
  // What each declaration types its name with, worked out once (`undefined`: not yet; `null`: nothing).
  const typed = new Map<Scoped, string | null>()
  function typeOf(declaration: Scoped): string | undefined {
    if (declaration.type !== '') return declaration.type
    let type = typed.get(declaration)
    if (type === undefined) typed.set(declaration, (type = untypedTypeOf(declaration) ?? null))
    return type ?? undefined
  }
  function untypedTypeOf(declaration: Scoped): string | undefined {
    if (declaration.parameter !== undefined) return parameterAnnotation(declaration.scope?.signature ?? '', declaration.parameter).type
    if (declaration.iterates === undefined) return undefined
    // Before the loop's own line (`for x in x` iterates an earlier `x`).
    const iterated = declarationOf(declaration.iterates, declaration.offset - 1)
    if (iterated?.element !== undefined) return iterated.element
    // A parameter of the function around the loop: `def run(items: list[Item])`.
    return iterated === undefined ? parameterAnnotation(declaration.scope?.signature ?? '', declaration.iterates).element : undefined
  }
  return (receiver, offset) => {
    const declaration = declarationOf(receiver, offset)
    return declaration && typeOf(declaration)
  }
}
