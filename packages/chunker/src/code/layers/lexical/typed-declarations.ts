import { bracketedParts } from '../args.js'
import { closingBracket } from './brackets.js'
import { callbackParameters } from './callback-parameters.js'
import { contextualParameters } from './contextual-parameters.js'

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
  /** Where the name's scope ends, when that is before the end of the code around it (the `}` closing a Rust `let`'s block). */
  readonly until?: number
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
/** Another target of the same assignment before the value, CommonJS's `var app = module.exports = express()`. */
const CHAINED = '(?:[A-Za-z_$][\\w$]*(?:\\.[A-Za-z_$][\\w$]*)*\\s*=(?!=)\\s*)?'
/** A fallback after a copied value, `options.runner ?? SERIAL` (the copy is of the value before it), up to the end of the line. */
const FALLBACK = '(?:[ \\t]*\\?\\?[^;\\n]*)?'

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
    `(?:\\s*:\\s*(?:(?:Readonly)?Array\\s*<\\s*${TYPE}\\s*>|${MEMBERS_OF}?${TYPE}${NOT_ARRAY}|(?:readonly\\s+)?${TYPE}${GENERIC}?\\s*\\[\\s*\\])|\\s*=\\s*${CHAINED}(?:await\\s+)?(?:new\\s+${TYPE}|(?!async\\s*\\(|function\\b)${CALLEE}\\s*\\())` +
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
  'yd',
)
/** Where an {@link ELEMENT_CALLBACK} may end its array: the `.` of `.map(`. */
const ELEMENT_METHOD = new RegExp(`\\.(?:${ELEMENT_CALLBACKS})\\(`, 'g')

/** `[A-Za-z0-9_$.#]`: the characters of an array as {@link ELEMENT_CALLBACK} writes it. */
function isChainCode(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 36 || code === 46 || code === 35
}

/**
 * The {@link ELEMENT_CALLBACK}s of masked code, in order. The pattern, tried at every name of the
 * code, is tried only where it can match: an array starts after no character of its own kind, so
 * its match starts where the run of those characters before a `.map(` does.
 */
function* elementCallbacks(masked: string): Generator<RegExpExecArray> {
  let end = 0
  ELEMENT_METHOD.lastIndex = 0
  for (let method = ELEMENT_METHOD.exec(masked); method; method = ELEMENT_METHOD.exec(masked)) {
    let start = method.index
    while (start > 0 && isChainCode(masked.charCodeAt(start - 1))) start--
    if (start < end) continue
    ELEMENT_CALLBACK.lastIndex = start
    const match = ELEMENT_CALLBACK.exec(masked)
    if (match === null) continue
    end = match.index + match[0].length
    yield match
  }
}

/**
 * A `const`/`let`/`var` holding an array literal that starts with a `new` of a class (`let windows
 * = [new Subject<T>()]`): group 1 the name, 2 the class; {@link arrayOfNew} checks the rest.
 */
const ARRAY_OF_NEW = new RegExp(`\\b(?:const|let|var)\\s+([A-Za-z_$][\\w$]*)\\s*=\\s*\\[\\s*new\\s+${TYPE}`, 'gd')
/** One element of such a literal: `new Subject<T>()`, `new Item(a, b)`. */
const NEW_ELEMENT = new RegExp(`^new\\s+${TYPE}(?![\\w$.])${GENERIC}?\\s*\\(`)

/**
 * The element class of an array literal whose every element is a `new` of one class, and that is
 * the whole value (`[new A(), new A(x)]`, then a line's or statement's end); `undefined` otherwise
 * (`[new A(), new B()]`, `[new A()].concat(b)`).
 */
function arrayOfNew(masked: string, open: number, type: string): string | undefined {
  const close = closingBracket(masked, open)
  if (close < 0 || !/^[ \t]*(?:;|\r?\n|$)/.test(masked.slice(close + 1, close + 80))) return undefined
  const parts = bracketedParts(masked, open)
  return parts !== undefined && parts.length > 0 && parts.every((part) => NEW_ELEMENT.exec(part.trim())?.[1] === type) ? type : undefined
}

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

/**
 * A React ref that says what it holds: `const input = useRef<HTMLInputElement>(null)`, a class
 * field `editor = React.createRef<Editor>()`. Group 1 `const`, `let` or `var` (none: a field), 2
 * the name, 3 the type of its `current`.
 */
const TYPED_REF = new RegExp(
  `(?:\\b(const|let|var)\\s+|^[ \\t]*(?:(?:public|private|protected|readonly|static)\\s+)*)(#?[A-Za-z_$][\\w$]*)\\s*=\\s*(?:React\\.)?(?:useRef|createRef)\\s*<\\s*${TYPE}\\s*(?:\\|\\s*(?:null|undefined)\\s*)*>\\s*\\(`,
  'gmd',
)

/** What every {@link TYPED_REF} holds: the pattern is tried only on code that has one. */
const REF_CALL = /\b(?:useRef|createRef)\s*</

/**
 * The {@link TYPED_REF}s of masked code: each ref's `current` as a name of its own (`input.current`,
 * a field's `this.editor.current`) with the type the ref holds.
 */
function* typedRefs(masked: string): Generator<TypedDeclaration> {
  if (!REF_CALL.test(masked)) return
  TYPED_REF.lastIndex = 0
  for (let match = TYPED_REF.exec(masked); match; match = TYPED_REF.exec(masked)) {
    const owner = match[1] === undefined ? 'this.' : ''
    yield { name: `${owner}${match[2]}.current`, type: match[3] as string, offset: match.indices![2]![0] }
  }
}

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
 * of functions passed to a call), typed React refs' `current` ({@link TYPED_REF}) and local functions with
 * their return types ({@link LOCAL_FUNCTION}).
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
  for (const match of elementCallbacks(masked)) {
    const [array, name, offset] = [match[1] as string, (match[2] ?? match[3]) as string, (match.indices![2] ?? match.indices![3])![0]]
    elements.push(NAME.test(array) ? { name, type: '', iterates: array, offset } : { name, type: `typeof ${array}[number]`, offset })
  }
  elements.push(...contextualParameters(masked), ...callbackParameters(masked))
  ARRAY_OF_NEW.lastIndex = 0
  for (let match = ARRAY_OF_NEW.exec(masked); match; match = ARRAY_OF_NEW.exec(masked)) {
    const element = arrayOfNew(masked, masked.indexOf('[', match.indices![1]![1]), match[2] as string)
    if (element !== undefined && !UTILITY_TYPES.has(element)) elements.push({ name: match[1] as string, type: '', element, offset: match.indices![1]![0] })
  }
  elements.push(...typedRefs(masked))
  LOCAL_FUNCTION.lastIndex = 0
  for (let match = LOCAL_FUNCTION.exec(masked); match; match = LOCAL_FUNCTION.exec(masked)) {
    elements.push({ name: match[1] as string, type: '', returns: match[2] as string, offset: match.indices![1]![0] })
  }
  return elements.length === 0 ? out : [...out, ...elements].sort((a, b) => a.offset - b.offset)
}
