import type { SymbolRecord } from '@rag/core'
import type { SymbolIndex } from './symbol-index.js'

/** `this.articleService` / `self.repo`: a field of the enclosing class. */
const FIELD = /^(?:this|self)\.([A-Za-z_$][\w$]*)$/
/** A bare name: a parameter of an enclosing function, or a field reached without `this` (Java, Kotlin, C#). */
const NAME = /^[A-Za-z_$][\w$]*$/

/** Kinds whose signature declares parameters. */
const CALLABLE = new Set(['function', 'method'])
/** Kinds whose members' types are read from their constructor, their own signature (Kotlin's primary constructor) and their properties. */
const CLASS_LIKE = new Set(['class', 'struct', 'record', 'object'])

const escape = (name: string): string => name.replace(/\$/g, '\\$')

/** The two declaration patterns of a name (see {@link typeIn}), made once per name: resolution asks for the same receivers again and again. */
const patterns = new Map<string, readonly [annotated: RegExp, typed: RegExp]>()
/** Names whose patterns are kept; past it the cache starts over (a long-lived process sees new names with every change). */
const MAX_PATTERNS = 10_000

function patternsOf(name: string): readonly [RegExp, RegExp] {
  let found = patterns.get(name)
  if (found === undefined) {
    if (patterns.size >= MAX_PATTERNS) patterns.clear()
    const field = escape(name)
    found = [
      new RegExp(`(?:^|[^\\w$.])${field}\\??\\s*:\\s*([A-Z][\\w$]*(?:\\.[A-Z][\\w$]*)*)`),
      new RegExp(`(?:^|[\\s(,<])([A-Z][\\w$]*)(?:<[^<>()]*>)?(?:\\[\\])?\\s+${field}(?![\\w$])`),
    ]
    patterns.set(name, found)
  }
  return found
}

/**
 * The type a signature declares `name` with: `name: Type` (TypeScript, Kotlin, Python, Swift;
 * `private readonly name: Type` too) or `Type name` (Java, C#). Only a capitalised (class) name,
 * without its generic arguments (`Repository<User>` is `Repository`).
 */
function typeIn(signature: string, name: string): string | undefined {
  // Most signatures do not mention the name at all.
  if (!signature.includes(name)) return undefined
  const [annotated, typed] = patternsOf(name)
  return annotated.exec(signature)?.[1] ?? typed.exec(signature)?.[1]
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
  const field = FIELD.exec(receiver)?.[1]
  const name = field ?? (NAME.test(receiver) ? receiver : undefined)
  if (name === undefined) return undefined
  for (let symbol: SymbolRecord | undefined = index.symbol(sourceSymbolId); symbol; symbol = symbol.parentId ? index.symbol(symbol.parentId) : undefined) {
    if (field === undefined && CALLABLE.has(symbol.kind)) {
      const type = typeIn(symbol.signature, name)
      if (type) return type
    }
    if (!CLASS_LIKE.has(symbol.kind)) continue
    // The constructor (TypeScript's `constructor`, Python's `__init__`, C#'s named after the class), the class itself, the property.
    const constructors = ['constructor', '__init__', symbol.name].map((member) => index.byQname(symbol.path, `${symbol.qname}.${member}`))
    for (const declaring of [...constructors, symbol, index.byQname(symbol.path, `${symbol.qname}.${name}`)]) {
      const type = declaring ? typeIn(declaring.signature, name) : undefined
      if (type) return type
    }
  }
  return undefined
}
