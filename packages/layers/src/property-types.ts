import type { FileLayers, PropertyRead } from '@rag/core'
import { isBuiltin } from './builtins.js'
import type { Resolved } from './resolved.js'
import type { SymbolIndex } from './symbol-index.js'

/**
 * Languages whose properties are symbols with their declared types (`readonly rag: RagService`,
 * Go's struct fields `Request *http.Request`), and Python, whose classes' records list their
 * attributes' types (`python-attributes.ts`).
 */
const PROPERTY_LANGUAGES = new Set(['typescript', 'tsx', 'python', 'go'])
/** `this.#init.vectors`, `signals.neighbours`: a chain of properties read of a name. */
const PROPERTY_CHAIN = /^[A-Za-z_$][\w$]*(?:\.#?[A-Za-z_$][\w$]*)+$/

/**
 * A receiver that reads properties (`this.#init.vectors.clear()`), as the property read it is
 * (`typeof this.#init.vectors`), in a language whose properties are typed; `undefined` for any
 * other receiver.
 */
export function chainRead(receiver: string, language: string): string | undefined {
  return PROPERTY_LANGUAGES.has(language) && PROPERTY_CHAIN.test(receiver) ? `typeof ${receiver}` : undefined
}

const TYPE = '((?:[A-Za-z_$][\\w$]*\\.)*[A-Z][\\w$]*)'
/** Generic arguments, two levels deep: `<T>`, `<string, Set<Item>>`. */
const GENERIC = '(?:\\s*<(?:[^<>()\\n]|<[^<>()\\n]*>)*>)?'
/** Not one type of a union (`Subscriber<T> | Observer<T>`: either's members), but `| undefined` and `| null` may follow; nor part of a longer type. */
const NOT_UNION = '(?![<\\[\\w$.]|\\s*\\|(?!\\s*(?:undefined|null)\\b))'
/** After a property's name: `?: Output`, `: readonly CallFact[]`, `: Observer<T>[]`, `: Array<Row>`, `: ReadonlyArray<Row>`. */
const ANNOTATION = new RegExp(`^\\??\\s*:\\s*(?:readonly\\s+)?(?:((?:Readonly)?Array)\\s*<\\s*${TYPE}|${TYPE}${GENERIC}(\\s*\\[\\s*\\])?${NOT_UNION})`)
/** After an unannotated property's name: `= new Items()`, `= new Map<string, Row>()` (the class it is built with). */
const CONSTRUCTED = new RegExp(`^\\s*=\\s*new\\s+${TYPE}${GENERIC}\\s*\\(`)

/** A Go field's type after its name: `*http.Request`, `Params`, `HandlersChain`, `*Tree[T]`; `[]*Item` with `elements` (groups: element marker, type). */
const GO_FIELD_TYPE = /^\s+(\[\])?\*?((?:[a-z_]\w*\.)?[A-Za-z_]\w*)(?:\[[^\]\n]*\])?\s*$/

/**
 * The class a property's signature declares it with (`readonly #init: ServiceInit` gives
 * `ServiceInit`, an unannotated `items = new Items()` gives `Items`, Go's field `Request
 * *http.Request` gives `http.Request`), or with `elements` the class of its array's elements
 * (`calls: readonly CallFact[]` gives `CallFact`, Go's `items []*Item` gives `Item`); `undefined`
 * when the declaration says neither.
 */
export function propertyTypeIn(signature: string, name: string, elements: boolean, language = 'typescript'): string | undefined {
  if (language === 'go') {
    const found = signature.startsWith(name) ? GO_FIELD_TYPE.exec(signature.slice(name.length)) : null
    const type = found?.[2]
    return found === null || type === undefined || (found[1] !== undefined) !== elements || isBuiltin('go', type) ? undefined : type
  }
  for (let at = signature.indexOf(name); at >= 0; at = signature.indexOf(name, at + 1)) {
    const before = at > 0 ? (signature[at - 1] as string) : ' '
    if (/[\w$#.]/.test(before)) continue
    const after = signature.slice(at + name.length)
    const found = ANNOTATION.exec(after)
    if (!found) {
      const constructed = CONSTRUCTED.exec(after)
      if (constructed === null) continue
      return elements || !endsAfterCall(after, constructed[0].length - 1) ? undefined : constructed[1]
    }
    const array = found[1] !== undefined || found[4] !== undefined
    if (array !== elements) return undefined
    return found[2] ?? found[3]
  }
  return undefined
}

/** Whether the call whose `(` is at `open` ends the declaration (`new Date()`, not `new Date().getTime()`). */
function endsAfterCall(text: string, open: number): boolean {
  let depth = 0
  for (let at = open; at < text.length; at++) {
    const c = text[at]
    if (c === '(') depth++
    else if (c === ')' && --depth === 0) return /^\s*(?:;|$)/.test(text.slice(at + 1))
  }
  return false
}

/** How {@link memberOfProperty} resolves the first property read, and a member of a class as a file names it. */
export interface PropertyLookups {
  first(property: string): Resolved | undefined
  member(type: string, name: string, home: FileLayers): Resolved | undefined
}

/**
 * The member `name` of what a property holds (`const { output } = context` then `output.emit()`;
 * `for (const call of facts.calls)` then `call.args()`): the first property as the file resolves
 * it on its value (a member of the value's declared type, or of the enclosing class for `this`) or
 * on its type, then at each step the class the property's signature declares, read as the
 * property's file names it. `external` when a step is (a package's value's property), `undefined`
 * when a step is no resolved, typed property.
 */
export function memberOfProperty(read: PropertyRead, name: string, index: SymbolIndex, lookups: PropertyLookups): Resolved | undefined {
  const rest = read.properties.slice(1)
  let found = lookups.first(read.properties[0] as string)
  for (let i = 0; i <= rest.length; i++) {
    // `app.log.error()` of `const app = Fastify()`: a package's value's properties are the package's.
    if (found?.resolution === 'external') return found
    const property = found?.resolution === 'resolved' && found.targetSymbolId ? index.symbol(found.targetSymbolId) : undefined
    const type = property?.kind === 'property' ? propertyTypeIn(property.signature, property.name, i === rest.length && read.elements, property.language) : undefined
    const home = property === undefined ? undefined : index.file(property.path)
    if (type === undefined || home === undefined) return undefined
    found = lookups.member(type, i < rest.length ? (rest[i] as string) : name, home)
  }
  return found
}
