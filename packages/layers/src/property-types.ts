import type { FileLayers } from '@rag/core'
import type { Resolved } from './resolve-names.js'
import type { SymbolIndex } from './symbol-index.js'

/**
 * Receiver types that read a property (TypeScript's own notation, as the extraction writes them):
 * `typeof context.output` (the property `output` of the value `context`, which resolution types
 * from the signatures around the call; `this` for the enclosing class), `RouteContext['runs']`
 * (the property `runs` of the type `RouteContext`), a chain of them (`typeof context.facts.calls`,
 * `Init['store']['db']`), each with `[number]` after it for the elements of an array property
 * (`for (const call of facts.calls)`).
 */
export interface PropertyRead {
  /** `value`: `of` is a value as written (`context`, `this`); `type`: a type's name. */
  readonly kind: 'value' | 'type'
  readonly of: string
  /** The properties read, in order: `['facts', 'calls']` of `typeof context.facts.calls`. */
  readonly properties: readonly string[]
  /** The elements of the last property's array, not the property itself. */
  readonly elements: boolean
}

const PROPERTY = '#?[A-Za-z_$][\\w$]*'
const VALUE_PROPERTY = new RegExp(`^typeof ([A-Za-z_$][\\w$]*)((?:\\.${PROPERTY})+)(\\[number\\])?$`)
const TYPE_PROPERTY = new RegExp(`^([^'\\[]+)((?:\\['${PROPERTY}'\\])+)(\\[number\\])?$`)

/** The property read a receiver type stands for, or `undefined` for any other type. */
export function propertyRead(receiverType: string): PropertyRead | undefined {
  const value = VALUE_PROPERTY.exec(receiverType)
  if (value) return { kind: 'value', of: value[1] as string, properties: (value[2] as string).slice(1).split('.'), elements: value[3] !== undefined }
  const type = TYPE_PROPERTY.exec(receiverType)
  if (type) return { kind: 'type', of: type[1] as string, properties: (type[2] as string).slice(2, -2).split("']['"), elements: type[3] !== undefined }
  return undefined
}

const TYPE = '((?:[A-Za-z_$][\\w$]*\\.)*[A-Z][\\w$]*)'
/** After a property's name: `?: Output`, `: readonly CallFact[]`, `: Observer<T>[]`, `: Array<Row>`, `: ReadonlyArray<Row>`. */
/** Generic arguments, two levels deep: `<T>`, `<string, Set<Item>>`. */
const GENERIC = '(?:\\s*<(?:[^<>()\\n]|<[^<>()\\n]*>)*>)?'
const ANNOTATION = new RegExp(`^\\??\\s*:\\s*(?:readonly\\s+)?(?:((?:Readonly)?Array)\\s*<\\s*${TYPE}|${TYPE}${GENERIC}(\\s*\\[\\s*\\])?)`)

/**
 * The class a property's signature declares it with (`readonly #init: ServiceInit` gives
 * `ServiceInit`), or with `elements` the class of its array's elements (`calls: readonly
 * CallFact[]` gives `CallFact`); `undefined` when the annotation says neither.
 */
export function propertyTypeIn(signature: string, name: string, elements: boolean): string | undefined {
  for (let at = signature.indexOf(name); at >= 0; at = signature.indexOf(name, at + 1)) {
    const before = at > 0 ? (signature[at - 1] as string) : ' '
    if (/[\w$#.]/.test(before)) continue
    const found = ANNOTATION.exec(signature.slice(at + name.length))
    if (!found) continue
    const array = found[1] !== undefined || found[4] !== undefined
    if (array !== elements) return undefined
    return found[2] ?? found[3]
  }
  return undefined
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
 * property's file names it. `undefined` when a step is no resolved, typed property.
 */
export function memberOfProperty(read: PropertyRead, name: string, index: SymbolIndex, lookups: PropertyLookups): Resolved | undefined {
  const rest = read.properties.slice(1)
  let found = lookups.first(read.properties[0] as string)
  for (let i = 0; i <= rest.length; i++) {
    const property = found?.resolution === 'resolved' && found.targetSymbolId ? index.symbol(found.targetSymbolId) : undefined
    const type = property?.kind === 'property' ? propertyTypeIn(property.signature, property.name, i === rest.length && read.elements) : undefined
    const home = property === undefined ? undefined : index.file(property.path)
    if (type === undefined || home === undefined) return undefined
    found = lookups.member(type, i < rest.length ? (rest[i] as string) : name, home)
  }
  return found
}
