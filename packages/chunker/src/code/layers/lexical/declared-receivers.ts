import type { SymbolFact } from '../facts.js'

/**
 * A name the code declares with a class type (`const index = new InvertedIndex()`, `readonly #db:
 * Database`), or as the value of a call (`const index = await openIndex(root)`).
 */
export interface TypedDeclaration {
  readonly name: string
  /**
   * The type as written, without generic arguments (`InvertedIndex`, `Database.Database`), or the
   * callee as written followed by `()` for what it returns (`openIndex()`, `this.build()`).
   */
  readonly type: string
  readonly offset: number
}

const TYPE = '([A-Z][\\w$]*(?:\\.[A-Z][\\w$]*)*)'
/** A callee as written: a name, dotted names, `this.` ones. */
const CALLEE = '((?:this\\.)?#?[A-Za-z_$][\\w$]*(?:\\.#?[A-Za-z_$][\\w$]*)*)'
/**
 * A `const`/`let`/`var` declaration, or a class field at the start of a line (after its
 * modifiers), whose name is annotated with a capitalised type, initialised with `new Type(`, or
 * initialised with a call's value (the annotation wins: `x: Base = new Derived()` is a `Base`).
 */
const DECLARATION = new RegExp(
  `(?:\\b(?:const|let|var)\\s+|^[ \\t]*(?:(?:public|private|protected|readonly|static|declare|override|accessor)\\s+)*)(#?[A-Za-z_$][\\w$]*)\\s*[?!]?` +
    `(?:\\s*:\\s*${TYPE}|\\s*=\\s*(?:await\\s+)?(?:new\\s+${TYPE}|${CALLEE}\\s*\\())`,
  'gmd',
)

/**
 * A Python assignment at the start of a line of a name or a `self.` attribute, annotated with a
 * capitalised type (`repo: Repo = ...`), made by calling a capitalised name (`self.session =
 * Session()`, `parser = argparse.ArgumentParser(...)`: its last part is the type), or the value of
 * another call (`cmd = self.get_command(ctx, name)`).
 */
const PYTHON_DECLARATION = new RegExp(
  `^[ \\t]*((?:self\\.)?[A-Za-z_]\\w*)(?:\\s*:\\s*${TYPE}\\s*(?:=|$)|\\s*=\\s*(?:(?:[a-z_]\\w*\\.)*${TYPE}|((?:self\\.)?[a-z_]\\w*(?:\\.[a-z_]\\w*)*))\\()`,
  'gmd',
)

function declarationsOf(pattern: RegExp, masked: string): TypedDeclaration[] {
  const out: TypedDeclaration[] = []
  pattern.lastIndex = 0
  for (let match = pattern.exec(masked); match; match = pattern.exec(masked)) {
    const type = match[2] ?? match[3] ?? (match[4] === undefined ? undefined : `${match[4]}()`)
    if (type !== undefined) out.push({ name: match[1] as string, type, offset: match.indices![1]![0] })
  }
  return out
}

/** TypeScript's and JavaScript's declarations of names with a class type, read from masked code, in order. */
export function typedDeclarations(masked: string): TypedDeclaration[] {
  return declarationsOf(DECLARATION, masked)
}

/** Python's declarations of names and `self.` attributes with a class type, read from masked code, in order. */
export function pythonTypedDeclarations(masked: string): TypedDeclaration[] {
  return declarationsOf(PYTHON_DECLARATION, masked)
}

const CLASS_KINDS = new Set(['class', 'object'])

/** The innermost class around a symbol, itself included. */
function classOf(symbol: SymbolFact | undefined): SymbolFact | undefined {
  let around = symbol
  while (around !== undefined && !CLASS_KINDS.has(around.kind)) around = around.parent
  return around
}

/**
 * The type a call's receiver is declared with in the code around it: for `this.x`, `this.#x` or
 * `self.x`, a field of the enclosing class or an attribute one of its methods sets; for a plain name, the nearest declaration before the call in the
 * enclosing function, or in a function or class around it, or at the top of the file.
 */
export function receiverTypeFinder(declarations: readonly TypedDeclaration[], enclosing: (offset: number) => SymbolFact | undefined): (receiver: string, offset: number) => string | undefined {
  if (declarations.length === 0) return () => undefined
  const scoped = declarations.map((declaration) => ({ ...declaration, scope: enclosing(declaration.offset) }))
  return (receiver, offset) => {
    const field = /^(?:this|self)\.(#?[A-Za-z_$][\w$]*)$/.exec(receiver)?.[1]
    const name = field ?? (/^[A-Za-z_$][\w$]*$/.test(receiver) ? receiver : undefined)
    if (name === undefined) return undefined
    const around = enclosing(offset)
    if (field !== undefined) {
      const owner = classOf(around)
      // A field of the class body (`#index = new X()`), or an attribute a method sets (Python's `self.x = X()`).
      return owner && scoped.find((declaration) => (declaration.scope === owner && declaration.name === name) || (declaration.name === receiver && classOf(declaration.scope) === owner))?.type
    }
    const scopes = new Set<SymbolFact | undefined>([undefined])
    for (let scope = around; scope !== undefined; scope = scope.parent) scopes.add(scope)
    let found: string | undefined
    for (const declaration of scoped) {
      if (declaration.offset > offset) break
      // A field is no bare name: `store.x()` in a method is a local's, a parameter's or the module's `store`.
      if (declaration.name === name && scopes.has(declaration.scope) && !(declaration.scope && CLASS_KINDS.has(declaration.scope.kind))) found = declaration.type
    }
    return found
  }
}
