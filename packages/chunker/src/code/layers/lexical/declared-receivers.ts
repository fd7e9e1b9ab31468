import { callbackParameterRead, parameterRead, propertyRead, propertyReadText, type PropertyRead } from '@rag/core'
import type { SymbolFact } from '../facts.js'
import { parameterAnnotation } from './python-declarations.js'
import type { TypedDeclaration } from './typed-declarations.js'

/** A name and the properties read of it: `index.rag`, `context.facts.calls`. */
const PROPERTY_CHAIN = /^([A-Za-z_$][\w$]*)(?:\.#?[A-Za-z_$][\w$]*)+$/
/** A React ref's value as a receiver writes it: `input.current`, a field's `this.editor.current` (see `typedRefs`). */
const REF_CURRENT = /^(?:this\.)?#?[A-Za-z_$][\w$]*\.current$/
/** Python's attribute and the properties read of it: `self.stream.current` (groups: `self.stream`, `.current`). */
const SELF_ATTRIBUTE_CHAIN = /^(self\.[A-Za-z_]\w*)((?:\.[A-Za-z_]\w*)+)$/
/** A call of a plain name, as a receiver type writes it: `filled()`. */
const LOCAL_CALL = /^([A-Za-z_$][\w$]*)\(\)$/
/** What a call returns, as a receiver type writes it: `openIndex()`, `this.build()`. */
const RETURNED = /^(?:this\.)?#?[A-Za-z_$][\w$]*(?:\.#?[A-Za-z_$][\w$]*)*\(\)$/

const CLASS_KINDS = new Set(['class', 'object'])
/** A class as a declaration names it: `FileFacts`, `models.User`. */
const CLASS_TYPE = /^(?:[A-Za-z_$][\w$]*\.)*[A-Z][\w$]*$/

/** The innermost class around a symbol, itself included. */
function classOf(symbol: SymbolFact | undefined): SymbolFact | undefined {
  let around = symbol
  while (around !== undefined && !CLASS_KINDS.has(around.kind)) around = around.parent
  return around
}

/** Kinds of the symbols a class body's annotated fields are (`left: Expr` in Python, `#db: Database`). */
const FIELD_KINDS = new Set(['property', 'field'])
/** Kinds of the symbols a module's own variables are (`const app = express()`, Python's `app = Flask(__name__)`). */
const VARIABLE_KINDS = new Set(['constant', 'variable'])

/**
 * The symbol a declaration is in: the one around it, except that a field the class body declares
 * is a symbol of its own (`BinExpr.left` of `left: Expr`), whose declarations (of the field, or in
 * its value: a ref's `this.editor.current`) belong to its class,
 * and so is a variable of a module or a function (`const app = express()`), whose declaration
 * belongs to the code around it (where `app.use()` reads it).
 */
function scopeOf(declaration: TypedDeclaration, enclosing: (offset: number) => SymbolFact | undefined): SymbolFact | undefined {
  const scope = enclosing(declaration.offset)
  if (scope === undefined) return scope
  // A field's declaration (`#index = new X()`, a ref `editor = React.createRef<Editor>()` declaring `this.editor.current`) is the class's.
  if (FIELD_KINDS.has(scope.kind) && CLASS_KINDS.has(scope.parent?.kind ?? '')) return scope.parent
  if (scope.name !== declaration.name) return scope
  return VARIABLE_KINDS.has(scope.kind) ? scope.parent : scope
}

/** A declaration with the symbol it is in and the class around that. */
interface Scoped extends TypedDeclaration {
  readonly scope: SymbolFact | undefined
  readonly owner: SymbolFact | undefined
}

/**
 * `declaration` with its scope: every field written out, so all of a file's scoped declarations
 * share one shape (a spread of declarations of a dozen shapes cost more than the rest of the finder).
 */
function withScope(declaration: TypedDeclaration, scope: SymbolFact | undefined): Scoped {
  const { name, type, element, parameter, iterates, copies, returns, offset, from, until } = declaration
  return { name, type, element, parameter, iterates, copies, returns, offset, from, until, scope, owner: classOf(scope) }
}

/** Whether `scope` is the top of the file (`undefined`), `around` or a symbol around that. */
function isAround(scope: SymbolFact | undefined, around: SymbolFact | undefined): boolean {
  if (scope === undefined) return true
  for (let symbol = around; symbol !== undefined; symbol = symbol.parent) if (symbol === scope) return true
  return false
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
 * variable, the element type of what it iterates. With `readsProperties` (TypeScript, Python), a
 * chain `index.rag` whose first name is declared here is that name's type's property
 * (`openIndex()['rag']`, `Context['facts']`), in the notation of `@rag/core`'s `propertyRead`; so
 * is Python's `self.stream.current` of an attribute typed here (`TokenStream['current']`).
 * `undeclaredValue` types a copy of a name no declaration of the file types (`b := Form` in Go,
 * where `Form` is a package-level variable of another file: `typeof Form`, which resolution reads).
 */
export function receiverTypeFinder(
  declarations: readonly TypedDeclaration[],
  enclosing: (offset: number) => SymbolFact | undefined,
  basesOf: (cls: SymbolFact) => readonly SymbolFact[] = () => [],
  readsProperties = false,
  undeclaredValue: (name: string) => string | undefined = () => undefined,
): (receiver: string, offset: number) => string | undefined {
  if (declarations.length === 0) return () => undefined
  const scoped = declarations.map((declaration) => withScope(declaration, scopeOf(declaration, enclosing)))
  // The declarations of each name, in order (`self.x` attributes under their whole name).
  const byName = new Map<string, Scoped[]>()
  for (const declaration of scoped) {
    const named = byName.get(declaration.name)
    if (named) named.push(declaration)
    else byName.set(declaration.name, [declaration])
  }
  // The declarations of a field (`self.x` under `x` and under `self.x`), in order; the same for every call on it.
  const fields = new Map<string, Scoped[]>()
  const fieldCandidates = (name: string, receiver: string): Scoped[] => {
    let candidates = fields.get(receiver)
    if (candidates === undefined) fields.set(receiver, (candidates = [...(byName.get(name) ?? []), ...(byName.get(receiver) ?? [])].sort((a, b) => a.offset - b.offset)))
    return candidates
  }
  const declarationOf = (receiver: string, offset: number): Scoped | undefined => {
    if (REF_CURRENT.test(receiver)) return refCurrent(receiver, offset)
    const field = /^(?:this|self)\.(#?[A-Za-z_$][\w$]*)$/.exec(receiver)?.[1]
    const name = field ?? (/^[A-Za-z_$][\w$]*$/.test(receiver) ? receiver : undefined)
    if (name === undefined) return undefined
    const around = enclosing(offset)
    if (field !== undefined) {
      // A field of the class body (`#index = new X()`), or an attribute a method sets (Python's
      // `self.x = X()`), of the enclosing class or of a base class the file defines.
      // The first that says a type or an element type: `self.dict = dict` of an unannotated parameter says neither.
      const candidates = fieldCandidates(name, receiver)
      if (candidates.length === 0) return undefined
      for (const owner of classAndBases(classOf(around), basesOf)) {
        const found = candidates.find(
          (declaration) =>
            ((declaration.scope === owner && declaration.name === name) || (declaration.name === receiver && declaration.owner === owner)) &&
            (declaration.element !== undefined || typeOf(declaration) !== undefined || (declaration.parameter !== undefined && elementOf(declaration, 0) !== undefined)),
        )
        if (found) return found
      }
      return undefined
    }
    const named = byName.get(name)
    if (named === undefined) return undefined
    // The declarations up to the first one after the call; of those, the last that holds there.
    let end = 0
    while (end < named.length && (named[end] as Scoped).offset <= offset) end++
    for (let i = end - 1; i >= 0; i--) {
      const declaration = named[i] as Scoped
      // (`x = x.check(y)`: the call in the value reads the `x` declared before.)
      if (declaration.from !== undefined && declaration.from > offset) continue
      // (A Rust `let` in a block is gone after the block: `if x { let m: Command = ... }`.)
      if (declaration.until !== undefined && declaration.until < offset) continue
      // A field is no bare name: `store.x()` in a method is a local's, a parameter's or the module's `store`.
      if (isAround(declaration.scope, around) && !(declaration.scope && CLASS_KINDS.has(declaration.scope.kind))) return declaration
    }
    return undefined
  }
  /**
   * A typed React ref's `current` (`input.current` of `const input = useRef<HTMLInputElement>()`,
   * `this.editor.current` of a field `editor = createRef<Editor>()`): the ref's declaration around
   * the call, a local one before it.
   */
  const refCurrent = (receiver: string, offset: number): Scoped | undefined => {
    const around = enclosing(offset)
    const field = receiver.startsWith('this.')
    let found: Scoped | undefined
    for (const declaration of byName.get(receiver) ?? []) {
      if ((field || declaration.offset <= offset) && isAround(declaration.scope, around)) found = declaration
    }
    return found
  }
  /**
   * `this.x` that no declaration of the file types: `typeof this.x`, for resolution to read the
   * field's declaration; another name, as `undeclaredValue` says (Go: a package-level variable).
   */
  const inherited = (value: string): string | undefined => (/^this\.#?[A-Za-z_$][\w$]*$/.test(value) ? `typeof ${value}` : undeclaredValue(value))
  // What each declaration types its name with, worked out once (`undefined`: not yet; `null`:
  // nothing, also while it is worked out, so a cycle ends).
  const typed = new Map<Scoped, string | null>()
  function typeOf(declaration: Scoped): string | undefined {
    if (declaration.type !== '') return declaration.type
    let type = typed.get(declaration)
    if (type === undefined) {
      typed.set(declaration, null)
      typed.set(declaration, (type = untypedTypeOf(declaration) ?? null))
    }
    return type ?? undefined
  }
  // Before the declaration's own line: `for x in x` iterates an earlier `x`, `const a = a` copies an outer one.
  const earlier = (name: string, declaration: Scoped): Scoped | undefined => declarationOf(name, declaration.offset - 1)
  function untypedTypeOf(declaration: Scoped): string | undefined {
    if (declaration.parameter !== undefined) {
      // The signature, else the parameter's own declaration (a signature is cut at 300 characters).
      const kept = parameterAnnotation(declaration.scope?.signature ?? '', declaration.parameter).type
      const parameter = kept === undefined ? earlier(declaration.parameter, declaration) : undefined
      return kept ?? (parameter && typeOf(parameter))
    }
    if (declaration.copies !== undefined) {
      const copied = earlier(declaration.copies, declaration)
      // A field this file does not declare with a type (a constructor's parameter, a base class's): resolution reads it.
      return copied ? typeOf(copied) : inherited(declaration.copies)
    }
    if (declaration.iterates === undefined) return undefined
    const iterated = earlier(declaration.iterates, declaration)
    if (iterated !== undefined) return elementOf(iterated, 0)
    const field = inherited(declaration.iterates)
    // A parameter of the function around the loop: `def run(items: list[Item])`.
    return field ? `${field}[number]` : parameterAnnotation(declaration.scope?.signature ?? '', declaration.iterates).element
  }
  /** The type of the elements of a declaration's name: its `element`, a copied name's, or those of a call's value (`f()[]`) or of a property (`typeof facts.calls[number]`). */
  function elementOf(declaration: Scoped, depth: number): string | undefined {
    if (declaration.element !== undefined) return declaration.element
    // `self.loaders = loaders` of `loaders: t.Sequence[BaseLoader]`.
    if (declaration.parameter !== undefined) {
      const kept = parameterAnnotation(declaration.scope?.signature ?? '', declaration.parameter).element
      const parameter = kept === undefined && depth < 8 ? earlier(declaration.parameter, declaration) : undefined
      return kept ?? (parameter && elementOf(parameter, depth + 1))
    }
    if (declaration.copies !== undefined) {
      const copied = depth < 8 ? earlier(declaration.copies, declaration) : undefined
      if (copied === undefined) {
        const field = inherited(declaration.copies)
        return field && `${field}[number]`
      }
      return elementOf(copied, depth + 1)
    }
    const type = declaration.iterates === undefined ? typeOf(declaration) : undefined
    if (type?.endsWith('()')) return `${type}[]`
    const read = type === undefined ? undefined : propertyRead(type)
    return read && !read.elements ? propertyReadText({ ...read, elements: true }) : undefined
  }
  /**
   * A property read of a name the file types itself, as resolution can read it: `typeof
   * facts.calls` of `const { facts } = context` is `typeof context.facts.calls`; of `facts:
   * FileFacts`, `FileFacts['calls']`.
   */
  function expanded(type: string, at: number, depth = 0): string {
    const read = propertyRead(type)
    if (read?.kind !== 'value' || read.of === 'this' || depth > 4) return type
    const declaration = declarationOf(read.of, at - 1)
    const base = declaration && typeOf(declaration)
    if (declaration === undefined || base === undefined) return type
    const held = propertyRead(base)
    const through = (of: PropertyRead): string => propertyReadText({ ...of, properties: [...of.properties, ...read.properties], elements: read.elements })
    // `const { facts } = context`: `facts.calls` is `context.facts.calls`, itself maybe read from a name the file types.
    if (held?.kind === 'value' && !held.elements) return expanded(through(held), declaration.offset, depth + 1)
    // `{ facts }: Context` gives `Context['facts']['calls']`; `facts: FileFacts`, `FileFacts['calls']`.
    if (held?.kind === 'type' && !held.elements) return through(held)
    // `FileFacts['calls']` of `facts: FileFacts`; `openIndex()['rag']` of `const index = await openIndex()`;
    // `Parameters<Parameters<typeof withIndex>[1]>[0]['rag']` of a callback's `index`.
    const readable = CLASS_TYPE.test(base) || RETURNED.test(base) || parameterRead(base) !== undefined || callbackParameterRead(base) !== undefined
    return readable ? through({ kind: 'type', of: base, properties: [], elements: false }) : type
  }
  /** What a call of a local function returns (`filled()` of `const filled = async (): Promise<Subject> =>`), by its annotation. */
  // (Without a local function that says what it returns, a call's value is not looked up per call.)
  const returnsLocally = scoped.some((declaration) => declaration.returns !== undefined)
  const returnedLocally = (type: string, at: number): string | undefined => {
    if (!returnsLocally) return undefined
    const callee = LOCAL_CALL.exec(type)?.[1]
    return callee === undefined ? undefined : declarationOf(callee, at)?.returns
  }
  return (receiver, offset) => {
    const declaration = declarationOf(receiver, offset)
    if (declaration !== undefined) {
      const type = typeOf(declaration)
      return type && expanded(returnedLocally(type, declaration.offset) ?? type, declaration.offset)
    }
    // Python's `self.stream.current.test()`: the property of the type of the attribute.
    const attribute = readsProperties ? SELF_ATTRIBUTE_CHAIN.exec(receiver) : null
    if (attribute !== null) {
      const held = declarationOf(attribute[1] as string, offset)
      const base = held && typeOf(held)
      const properties = (attribute[2] as string).slice(1).split('.')
      return base !== undefined && (CLASS_TYPE.test(base) || RETURNED.test(base)) ? propertyReadText({ kind: 'type', of: base, properties, elements: false }) : undefined
    }
    // `index.rag.clear()` of a name declared here: the property of its type, when that says more
    // than the chain as written (which resolution reads itself, from the signatures around it).
    const head = readsProperties ? PROPERTY_CHAIN.exec(receiver)?.[1] : undefined
    if (head === undefined || head === 'this' || declarationOf(head, offset) === undefined) return undefined
    const written = `typeof ${receiver}`
    const type = expanded(written, offset + 1)
    return type === written ? undefined : type
  }
}
