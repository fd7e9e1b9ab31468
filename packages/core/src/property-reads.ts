/**
 * A receiver type that reads a property, in TypeScript's own notation (how the layered chunker
 * writes `RawEdge.receiverType` and `@rag/layers` resolves it): `typeof context.output` (the
 * property `output` of the value `context`; `this` for the enclosing class), `RouteContext['runs']`
 * (the property `runs` of the type `RouteContext`, or of a parameter its context types:
 * `Parameters<Parameters<typeof withIndex>[1]>[0]['rag']`), a chain of them (`typeof context.facts.calls`,
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
/** What a type's properties are read of: a type's name, or a parameter read (`@rag/core`'s `parameterRead`, `callbackParameterRead`). */
const TYPE_OF = `(?:Parameters<(?:Constructor)?Parameters<typeof [^<>'\\[\\]]+>\\[\\d+\\]>\\[\\d+\\]|Parameters<[^<>'\\[\\]]+\\['${PROPERTY}'\\]>\\[\\d+\\]|[^'\\[]+)`
const TYPE_PROPERTY = new RegExp(`^(${TYPE_OF})((?:\\['${PROPERTY}'\\])+)(\\[number\\])?$`)

/**
 * The property read a receiver type stands for, or `undefined` for any other type.
 *
 * @example
 * propertyRead('typeof context.facts.calls[number]') // { kind: 'value', of: 'context', properties: ['facts', 'calls'], elements: true }
 */
export function propertyRead(receiverType: string): PropertyRead | undefined {
  const value = VALUE_PROPERTY.exec(receiverType)
  if (value) return { kind: 'value', of: value[1] as string, properties: (value[2] as string).slice(1).split('.'), elements: value[3] !== undefined }
  const type = TYPE_PROPERTY.exec(receiverType)
  if (type) return { kind: 'type', of: type[1] as string, properties: (type[2] as string).slice(2, -2).split("']['"), elements: type[3] !== undefined }
  return undefined
}

/**
 * A property read written in the notation {@link propertyRead} reads.
 *
 * @example
 * propertyReadText({ kind: 'type', of: 'FileFacts', properties: ['calls'], elements: true }) // "FileFacts['calls'][number]"
 */
export function propertyReadText(read: PropertyRead): string {
  const elements = read.elements ? '[number]' : ''
  if (read.kind === 'value') return `typeof ${read.of}.${read.properties.join('.')}${elements}`
  return `${read.of}${read.properties.map((property) => `['${property}']`).join('')}${elements}`
}
