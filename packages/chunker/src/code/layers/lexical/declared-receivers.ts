import { callbackParameterRead, parameterRead, propertyRead, propertyReadText, type PropertyRead } from '@rag/core'
import type { SymbolFact } from '../facts.js'
import { closingBracket } from './brackets.js'
import { callbackParameters } from './callback-parameters.js'
import { contextualParameters } from './contextual-parameters.js'
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
  /** For a name that copies another (`const index = this.#index`): that name, whose type (and elements) it has. */
  readonly copies?: string
  /** For a local function (`const filled = async (...): Promise<Subject> => ...`): the class it returns; what a call of it gives. */
  readonly returns?: string
  readonly offset: number
  /**
   * Where the name takes the type, when a reassignment gives it after its own value (`x =
   * x.check(y)`: past the call, so `x.check` itself reads the declaration before); else at `offset`.
   */
  readonly from?: number
}

const TYPE = '([A-Z][\\w$]*(?:\\.[A-Z][\\w$]*)*)'
/** Generic arguments, two levels deep: `<T>`, `<string, Set<Item>>`. */
const GENERIC = '(?:\\s*<(?:[^<>()\\n]|<[^<>()\\n]*>)*>)'
/** A type that is not an array's nor one of a union's: `Item`, `Item | null`, but not `Item[]`, `Observer<T>[]` nor `A | B`. */
const NOT_ARRAY = `(?![\\w$]|${GENERIC}?\\s*(?:\\[|\\|(?!\\s*(?:undefined|null)\\b)))`
/** TypeScript's utility types that keep a type's members: `Pick<KnowledgeBase, 'list'>`, `Partial<Options>`, `Readonly<Config>`. */
const UTILITY_TYPES: ReadonlySet<string> = new Set(['Pick', 'Omit', 'Partial', 'Readonly', 'Required', 'NonNullable'])
/** A utility type before the type inside, only when it is itself no array's nor union's (`Readonly<Item>[]` is no `Item`). */
const MEMBERS_OF = `(?:(?:${[...UTILITY_TYPES].join('|')})\\s*<\\s*(?=[A-Z][\\w$]*(?:\\.[A-Z][\\w$]*)*${GENERIC}?(?:\\s*,[^<>()\\n]*)?\\s*>(?!\\s*(?:\\[|\\|(?!\\s*(?:undefined|null)\\b)))))`
/** A callee as written: a name, dotted names, `this.` ones. */
const CALLEE = '((?:this\\.)?#?[A-Za-z_$][\\w$]*(?:\\.#?[A-Za-z_$][\\w$]*)*)'
/** Array methods whose callback's first parameter is an element: `calls.find((call) => ...)`. */
const ELEMENT_CALLBACKS = 'map|flatMap|filter|forEach|some|every|find|findLast|findIndex|findLastIndex'
/** A value as a receiver writes it: a name, or a field of `this` (`this.#init`). */
const VALUE = '((?:this\\.)?#?[A-Za-z_$][\\w$]*)'
const NAME = /^(?:this\.)?#?[A-Za-z_$][\w$]*$/
/** Properties read after a value: `.facts.calls`. */
const PROPERTIES = '(?:\\.#?[A-Za-z_$][\\w$]*)*'
/** A fallback after a copied value, `options.runner ?? SERIAL` (the copy is of the value before it), up to the end of the line. */
const FALLBACK = '(?:[ \\t]*\\?\\?[^;\\n]*)?'
/** A name and the properties read of it: `index.rag`, `context.facts.calls`. */
const PROPERTY_CHAIN = /^([A-Za-z_$][\w$]*)(?:\.#?[A-Za-z_$][\w$]*)+$/
/** Python's attribute and the properties read of it: `self.stream.current` (groups: `self.stream`, `.current`). */
const SELF_ATTRIBUTE_CHAIN = /^(self\.[A-Za-z_]\w*)((?:\.[A-Za-z_]\w*)+)$/
/** A call of a plain name, as a receiver type writes it: `filled()`. */
const LOCAL_CALL = /^([A-Za-z_$][\w$]*)\(\)$/
/** What a call returns, as a receiver type writes it: `openIndex()`, `this.build()`. */
const RETURNED = /^(?:this\.)?#?[A-Za-z_$][\w$]*(?:\.#?[A-Za-z_$][\w$]*)*\(\)$/

/**
 * A `const`/`let`/`var` declaration, a class field at the start of a line (after its modifiers),
 * or a parameter (after `(` or `,`: also of an arrow function or an object literal's method, which
 * are no symbols whose signature resolution could read), whose name is annotated with a
 * capitalised type or an array of one (`Item[]`, `readonly Item[]`, `Array<Item>`), initialised
 * with `new Type(`, or initialised with a call's value (the annotation wins: `x: Base = new
 * Derived()` is a `Base`; an async arrow function's `async (` and a `function (` are no calls); a
 * `const`/`let`/`var` copying a value or its property (`const index = this.#index`, `const dirent
 * = entry.dirent`); a loop variable over a call's value or over a value or its property (`for
 * (const call of calls)`); names destructured from a value or its properties (`const { output } =
 * context`, `const { calls } = context.facts`) or in a parameter of a type (`{ runs }:
 * RouteContext`); the first parameter of an array method's callback (`calls.find((call) =>
 * ...)`), an element.
 * Groups: 1 the name; 3 its type; 2 or 4 its elements' type; 5 a `new` type; 6 a callee; 7 a loop
 * variable, 8 what it loops over, 9 `(` when that is called; 10 a copy, 11 what it copies; 12 the
 * names destructured from the value 13; 14 the names destructured from a parameter of type 15.
 */
const DECLARATION = new RegExp(
  `(?:\\b(?:const|let|var)\\s+|^[ \\t]*(?:(?:public|private|protected|readonly|static|declare|override|accessor)\\s+)*|[(,][ \\t]*(?:(?:public|private|protected|readonly)\\s+)*)(#?[A-Za-z_$][\\w$]*)\\s*[?!]?` +
    `(?:\\s*:\\s*(?:(?:Readonly)?Array\\s*<\\s*${TYPE}\\s*>|${MEMBERS_OF}?${TYPE}${NOT_ARRAY}|(?:readonly\\s+)?${TYPE}${GENERIC}?\\s*\\[\\s*\\])|\\s*=\\s*(?:await\\s+)?(?:new\\s+${TYPE}|(?!async\\s*\\(|function\\b)${CALLEE}\\s*\\())` +
    `|\\bfor\\s*\\(\\s*(?:const|let|var)\\s+([A-Za-z_$][\\w$]*)\\s+of\\s+(?:await\\s+)?${CALLEE}\\s*(?:(\\()|\\))` +
    `|\\b(?:const|let|var)\\s+([A-Za-z_$][\\w$]*)\\s*=\\s*(${VALUE.slice(1, -1)}${PROPERTIES})${FALLBACK}[ \\t]*(?=;|$)` +
    `|\\b(?:const|let|var)\\s*\\{([^{}]*)\\}\\s*=\\s*(${VALUE.slice(1, -1)}${PROPERTIES})${FALLBACK}[ \\t]*(?=;|$)` +
    `|[(,][ \\t]*\\{([^{}()]*)\\}\\s*:\\s*${TYPE}(?![\\w$.])`,
  'gmd',
)

/**
 * The first parameter of an array method's callback, an element (`calls.find((call) => ...)`):
 * group 1 the array, 2 or 3 the parameter. Apart from {@link DECLARATION}, whose match of `const
 * found = calls.find(` would hide it.
 */
const ELEMENT_CALLBACK = new RegExp(
  `(?<![\\w$.#])${CALLEE}\\.(?:${ELEMENT_CALLBACKS})\\(\\s*(?:async\\s+)?(?:\\(\\s*([A-Za-z_$][\\w$]*)\\s*[,)]|([A-Za-z_$][\\w$]*)\\s*=>)`,
  'gd',
)

/**
 * A function held by a `const`/`let` (an arrow function or a function expression, no symbol whose
 * signature resolution could read) with a return annotation of a class, a promise of one unwrapped:
 * group 1 the name, 2 the class.
 */
const LOCAL_FUNCTION = new RegExp(
  `\\b(?:const|let)\\s+([A-Za-z_$][\\w$]*)\\s*=\\s*(?:async\\s+)?(?:function\\b\\s*\\*?\\s*(?:[A-Za-z_$][\\w$]*)?\\s*)?(?:<[^()]*>\\s*)?\\((?:[^()]|\\([^()]*\\))*\\)\\s*:\\s*(?:Promise\\s*<\\s*)?${TYPE}${NOT_ARRAY}`,
  'gd',
)

/** One name a destructuring binds: `a`, `a = 1`, `b: c` (binding `c` to the property `b`); `...rest` and nested patterns bind none here. */
const BOUND = /^\s*(#?[A-Za-z_$][\w$]*)\s*(?::\s*([A-Za-z_$][\w$]*))?\s*(?:=[^]*)?$/

/** The names a destructuring pattern's text (inside its braces, at `start`) binds, each with the property it reads. */
function* destructured(pattern: string, start: number): Generator<{ name: string; property: string; offset: number }> {
  let at = 0
  for (const entry of pattern.split(',')) {
    const bound = BOUND.exec(entry)
    if (bound) {
      const name = bound[2] ?? (bound[1] as string)
      yield { name, property: bound[1] as string, offset: start + at + entry.lastIndexOf(name) }
    }
    at += entry.length + 1
  }
}

/** A call's continuation: a member, an element, a call of its value, a non-null or optional member. */
const CONTINUED = /^\s*(?:[.[(]|[!?]\s*\.)/

/**
 * Where the value ends when it ends with the call whose callee ends at `from` (`new Items()`,
 * `load(x)`, also `new Items` without arguments): the offset past the call; `undefined` when the
 * value goes on to use it (`new Date().getTime()`).
 */
function endOfCallValue(masked: string, from: number): number | undefined {
  // The callee's match ends past its `(`; a `new` type's before it, maybe before generic arguments.
  let open = masked[from - 1] === '(' ? from - 1 : from
  while (open < masked.length && masked[open] !== '(' && /[ \t<>\w$.,[\]|&]/.test(masked[open]!)) open++
  if (masked[open] !== '(') return CONTINUED.test(masked.slice(from, from + 20)) ? undefined : from
  const close = closingBracket(masked, open)
  return close >= 0 && !CONTINUED.test(masked.slice(close + 1, close + 21)) ? close + 1 : undefined
}

/**
 * TypeScript's and JavaScript's declarations of names with a class type, read from masked code, in
 * order: the {@link DECLARATION}s, array callbacks' elements, parameters typed by their context
 * (`contextual-parameters.ts`: of an annotated object literal's methods; `callback-parameters.ts`:
 * of functions passed to a call) and local functions with their return types ({@link LOCAL_FUNCTION}).
 */
export function typedDeclarations(masked: string): TypedDeclaration[] {
  const out: TypedDeclaration[] = []
  DECLARATION.lastIndex = 0
  for (let match = DECLARATION.exec(masked); match; match = DECLARATION.exec(masked)) {
    const at = match.indices!
    if (match[7] !== undefined) {
      const [name, iterated, offset] = [match[7], match[8] as string, at[7]![0]]
      if (match[9] !== undefined) out.push({ name, type: `${iterated}()[]`, offset })
      else out.push(NAME.test(iterated) ? { name, type: '', iterates: iterated, offset } : { name, type: `typeof ${iterated}[number]`, offset })
    } else if (match[10] !== undefined) {
      const [name, copied, offset] = [match[10], match[11] as string, at[10]![0]]
      out.push(NAME.test(copied) ? { name, type: '', copies: copied, offset } : { name, type: `typeof ${copied}`, offset })
    } else if (match[12] !== undefined) {
      for (const { name, property, offset } of destructured(match[12], at[12]![0])) out.push({ name, type: `typeof ${match[13]}.${property}`, offset })
    } else if (match[14] !== undefined) {
      for (const { name, property, offset } of destructured(match[14], at[14]![0])) out.push({ name, type: `${match[15]}['${property}']`, offset })
    } else {
      const name = match[1] as string
      const offset = at[1]![0]
      // `new Date().getTime()`, `load(x).rows`: the value is not what the call built or returned.
      const valueEnd = match[5] !== undefined || match[6] !== undefined ? endOfCallValue(masked, match.index + match[0].length) : offset
      if (valueEnd === undefined) continue
      const type = match[3] ?? match[5] ?? (match[6] === undefined ? undefined : `${match[6]}()`)
      const element = match[2] ?? match[4]
      // A utility type left whole (`Readonly<Item>[]`, `Partial<A | B>`) names no class of its own.
      // A reassignment's value reads the name as it was (`x = x.check(y)`); a `const`'s may only
      // in a function it makes, which runs after (`const sub = subscribe(() => sub.stop())`).
      const reassigns = valueEnd > offset && !/\b(?:const|let|var)\s+$/.test(masked.slice(match.index, offset))
      if (type !== undefined) {
        if (!UTILITY_TYPES.has(type)) out.push(reassigns ? { name, type, offset, from: valueEnd } : { name, type, offset })
      } else if (element !== undefined && !UTILITY_TYPES.has(element)) out.push({ name, type: '', element, offset })
    }
  }
  const elements: TypedDeclaration[] = []
  ELEMENT_CALLBACK.lastIndex = 0
  for (let match = ELEMENT_CALLBACK.exec(masked); match; match = ELEMENT_CALLBACK.exec(masked)) {
    const [array, name, offset] = [match[1] as string, (match[2] ?? match[3]) as string, (match.indices![2] ?? match.indices![3])![0]]
    elements.push(NAME.test(array) ? { name, type: '', iterates: array, offset } : { name, type: `typeof ${array}[number]`, offset })
  }
  elements.push(...contextualParameters(masked), ...callbackParameters(masked))
  LOCAL_FUNCTION.lastIndex = 0
  for (let match = LOCAL_FUNCTION.exec(masked); match; match = LOCAL_FUNCTION.exec(masked)) {
    elements.push({ name: match[1] as string, type: '', returns: match[2] as string, offset: match.indices![1]![0] })
  }
  return elements.length === 0 ? out : [...out, ...elements].sort((a, b) => a.offset - b.offset)
}

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

/**
 * The symbol a declaration is in: the one around it, except that a field the class body declares
 * is a symbol of its own (`BinExpr.left` of `left: Expr`), whose declaration belongs to its class.
 */
function scopeOf(declaration: TypedDeclaration, enclosing: (offset: number) => SymbolFact | undefined): SymbolFact | undefined {
  const scope = enclosing(declaration.offset)
  return scope !== undefined && FIELD_KINDS.has(scope.kind) && scope.name === declaration.name && CLASS_KINDS.has(scope.parent?.kind ?? '') ? scope.parent : scope
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
 */
export function receiverTypeFinder(
  declarations: readonly TypedDeclaration[],
  enclosing: (offset: number) => SymbolFact | undefined,
  basesOf: (cls: SymbolFact) => readonly SymbolFact[] = () => [],
  readsProperties = false,
): (receiver: string, offset: number) => string | undefined {
  if (declarations.length === 0) return () => undefined
  const scoped = declarations.map((declaration) => {
    const scope = scopeOf(declaration, enclosing)
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
            (declaration.element !== undefined || typeOf(declaration) !== undefined || (declaration.parameter !== undefined && elementOf(declaration, 0) !== undefined)),
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
      // (`x = x.check(y)`: the call in the value reads the `x` declared before.)
      if (declaration.from !== undefined && declaration.from > offset) continue
      // A field is no bare name: `store.x()` in a method is a local's, a parameter's or the module's `store`.
      if (scopes.has(declaration.scope) && !(declaration.scope && CLASS_KINDS.has(declaration.scope.kind))) found = declaration
    }
    return found
  }
  /** `this.x` that no declaration of the file types: `typeof this.x`, for resolution to read the field's declaration. */
  const inherited = (value: string): string | undefined => (/^this\.#?[A-Za-z_$][\w$]*$/.test(value) ? `typeof ${value}` : undefined)
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
  const returnedLocally = (type: string, at: number): string | undefined => {
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
