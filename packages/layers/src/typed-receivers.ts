import type { SymbolRecord } from '@rag/core'
import { IMPLICIT_SELF } from './call-reach.js'
import type { SymbolIndex } from './symbol-index.js'

/** `this.articleService` / `this.#init` / `self.repo` / PHP's `$this->users`: a field of the enclosing class. */
const FIELD = /^(?:this|self)\.(#?[A-Za-z_$][\w$]*)$|^\$this->([A-Za-z_]\w*)$/
/** A bare name: a parameter of an enclosing function, or a field reached without `this` (Java, Kotlin, C#). */
const NAME = /^[A-Za-z_$][\w$]*$/

/** Kinds whose signature declares parameters. */
const CALLABLE = new Set(['function', 'method'])
/** Kinds whose members' types are read from their constructor, their own signature (Kotlin's primary constructor) and their properties. */
const CLASS_LIKE = new Set(['class', 'struct', 'record', 'object'])

/**
 * A class name with dots (`Outer.Inner`, `pg.Pool` of a module), read where an annotation's `:`
 * left off, inside TypeScript's utility types that keep its members (`Pick<KnowledgeBase, 'list'>`,
 * `Partial<Options>`, `Readonly<Config>`, not `Readonly<Item>[]`); not an array's (`items: Item[]`, `observers:
 * Observer<T>[]`), nor one of a union's types (`Subscriber<T> | Observer<T>`; `| undefined`,
 * `| null`, `| None` may follow).
 */
const ANNOTATED_TYPE =
  /\??\s*:\s*(?:(?:Pick|Omit|Partial|Readonly|Required|NonNullable)\s*<\s*(?=[\w$.]+(?:\s*<(?:[^<>()\n]|<[^<>()\n]*>)*>)?(?:\s*,[^<>()\n]*)?\s*>(?!\s*(?:\[|\|(?!\s*(?:undefined|null|None)\b)))))?((?:[a-z_$][\w$]*\.)*[A-Z][\w$]*(?:\.[A-Z][\w$]*)*)(?![\w$.]|(?:\s*<(?:[^<>()\n]|<[^<>()\n]*>)*>)?\s*(?:\[|\|(?!\s*(?:undefined|null|None)\b)))/y
const WORD = /[\w$]/
const SPACE = /\s/

const isWord = (signature: string, at: number): boolean => at >= 0 && at < signature.length && WORD.test(signature[at] as string)

/** `name: Type` at `at` (TypeScript, Kotlin, Python, Swift): the name not after a word character or a dot. */
function annotatedAt(signature: string, at: number, name: string): string | undefined {
  if (at > 0 && (isWord(signature, at - 1) || signature[at - 1] === '.')) return undefined
  ANNOTATED_TYPE.lastIndex = at + name.length
  return ANNOTATED_TYPE.exec(signature)?.[1]
}

/**
 * `Type name` ending at `at` (Java, C#, PHP), read backwards: spaces, then `[]`, then C#'s
 * nullable `?`, then `<...>` without brackets or parentheses inside, then a capitalised word
 * (after PHP's nullable `?`) that starts the text or follows a space, `(`, `,` or `<`.
 */
function typedAt(signature: string, at: number, name: string): string | undefined {
  if (isWord(signature, at + name.length)) return undefined
  let p = at
  while (p > 0 && SPACE.test(signature[p - 1] as string)) p--
  if (p === at) return undefined
  if (signature.startsWith('[]', p - 2)) p -= 2
  // C#'s nullable `Logger? logger`.
  if (signature[p - 1] === '?') p--
  if (signature[p - 1] === '>') {
    let open = p - 2
    while (open >= 0 && !'<>()'.includes(signature[open] as string)) open--
    if (open < 0 || signature[open] !== '<') return undefined
    p = open
  }
  let start = p
  while (start > 0 && isWord(signature, start - 1)) start--
  const first = signature.charCodeAt(start)
  if (start === p || first < 65 || first > 90) return undefined
  // PHP's nullable `?Logger $logger`.
  const before = start > 0 && signature[start - 1] === '?' ? start - 1 : start
  if (before > 0 && !SPACE.test(signature[before - 1] as string) && !'(,<'.includes(signature[before - 1] as string)) return undefined
  return signature.slice(start, p)
}

/** Every offset of `name` in `signature`, in order. */
function* occurrences(signature: string, name: string): Generator<number> {
  for (let at = signature.indexOf(name); at >= 0; at = signature.indexOf(name, at + 1)) yield at
}

/**
 * The type a signature declares `name` with: `name: Type` (TypeScript, Kotlin, Python, Swift;
 * `private readonly name: Type` too) or `Type name` (Java, C#). Only a capitalised (class) name,
 * without its generic arguments (`Repository<User>` is `Repository`). Read at the name's
 * occurrences only: resolution asks this of every call on a named receiver.
 */
function typeIn(signature: string, name: string): string | undefined {
  if (name === '') return undefined
  for (const at of occurrences(signature, name)) {
    const type = annotatedAt(signature, at, name)
    if (type) return type
  }
  for (const at of occurrences(signature, name)) {
    const type = typedAt(signature, at, name)
    if (type) return type
  }
  return undefined
}

/**
 * The declared type of a call's receiver (`this.articleService.findAll()` in a NestJS controller
 * whose constructor takes `private readonly articleService: ArticleService`; Spring's `owners.findById()`
 * on a field `private final OwnerRepository owners`; Ktor's `profileController.get()` on a
 * parameter `profileController: ProfileController`), read from the signatures around the call:
 * the enclosing functions' parameters, then each enclosing class's constructor, own signature and
 * property of that name. `undefined` when none declares it with a class type.
 */
export function declaredTypeOf(receiver: string, sourceSymbolId: string, index: SymbolIndex): string | undefined {
  const found = FIELD.exec(receiver)
  // PHP declares the field `$users` (a promoted constructor parameter, a typed property).
  const field = found?.[1] ?? (found?.[2] !== undefined ? `$${found[2]}` : undefined)
  const name = field ?? (NAME.test(receiver) ? receiver : undefined)
  if (name === undefined) return undefined
  for (let symbol: SymbolRecord | undefined = index.symbol(sourceSymbolId); symbol; symbol = symbol.parentId ? index.symbol(symbol.parentId) : undefined) {
    if (field === undefined && CALLABLE.has(symbol.kind)) {
      const type = typeIn(symbol.signature, name)
      if (type) return type
    }
    // A bare name reaches the class's members only where `this` is implicit (Java, Kotlin, C#): a
    // TypeScript or Python method's `postings` is no field `postings`.
    if (!CLASS_LIKE.has(symbol.kind) || (field === undefined && !IMPLICIT_SELF.has(symbol.language))) continue
    // The constructor (TypeScript's `constructor`, Python's `__init__`, PHP's `__construct`, C#'s named after the class), the class itself, the property.
    const constructors = ['constructor', '__init__', '__construct', symbol.name].map((member) => index.byQname(symbol.path, `${symbol.qname}.${member}`))
    // A property is named as it is read (PHP's `$this->mailer` is the property `mailer`, declared `$mailer`).
    const property = index.byQname(symbol.path, `${symbol.qname}.${name.startsWith('$') ? name.slice(1) : name}`)
    for (const declaring of [...constructors, symbol, property]) {
      const type = declaring ? typeIn(declaring.signature, name) : undefined
      if (type) return type
    }
  }
  return undefined
}

/** A parameter's function type in a signature, after the name: `: (documents: Doc[]) => Promise<KnowledgeBase>` gives `KnowledgeBase`. */
const FUNCTION_TYPE = /^\s*\??\s*:\s*\((?:[^()]|\([^()]*\))*\)\s*=>\s*(?:Promise\s*<\s*)?((?:[A-Za-z_$][\w$]*\.)*[A-Z][\w$]*)(?!\s*\[)/

/**
 * The class a function-typed parameter of an enclosing function returns (`create: () =>
 * Promise<KnowledgeBase>`, then `const kb = await create()`): what a call of the parameter gives.
 */
export function parameterReturnOf(callee: string, sourceSymbolId: string, index: SymbolIndex): string | undefined {
  if (!NAME.test(callee)) return undefined
  for (let symbol: SymbolRecord | undefined = index.symbol(sourceSymbolId); symbol; symbol = symbol.parentId ? index.symbol(symbol.parentId) : undefined) {
    if (!CALLABLE.has(symbol.kind)) continue
    const { signature } = symbol
    for (let at = signature.indexOf(callee); at >= 0; at = signature.indexOf(callee, at + 1)) {
      if (at > 0 && (isWord(signature, at - 1) || signature[at - 1] === '.')) continue
      const type = FUNCTION_TYPE.exec(signature.slice(at + callee.length))?.[1]
      if (type) return type
    }
  }
  return undefined
}

/** Kinds of a value whose declaration may name its class. */
const VALUE_KINDS = new Set(['variable', 'constant'])
/** `= Flask(`, `= new Logger(`, `= argparse.ArgumentParser(`: the class a value is made by. */
const MADE_BY = /=\s*(?:new\s+)?(?:[a-z_$][\w$]*\.)*(_*[A-Z][\w$]*)\s*[(<]/

/**
 * The class a variable or constant is declared with: annotated (`current_app: Flask = ...`,
 * `export const db: Database = open()`) or made by a constructor (`cli = FlaskGroup(...)`,
 * `export const logger = new Logger()`); `undefined` for any other symbol.
 */
export function valueTypeOf(symbol: SymbolRecord): string | undefined {
  if (!VALUE_KINDS.has(symbol.kind)) return undefined
  return typeIn(symbol.signature, symbol.name) ?? MADE_BY.exec(symbol.signature)?.[1]
}
