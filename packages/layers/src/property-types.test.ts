import { describe, expect, it } from 'vitest'
import { propertyRead, propertyTypeIn } from './property-types.js'

describe('property reads', () => {
  it("reads TypeScript's notation of a value's and a type's property, chains and elements", () => {
    expect(propertyRead('typeof context.output')).toEqual({ kind: 'value', of: 'context', properties: ['output'], elements: false })
    expect(propertyRead('typeof this.#init.facts.calls[number]')).toEqual({ kind: 'value', of: 'this', properties: ['#init', 'facts', 'calls'], elements: true })
    expect(propertyRead("RouteContext['runs']")).toEqual({ kind: 'type', of: 'RouteContext', properties: ['runs'], elements: false })
    expect(propertyRead("models.Init['store']['rows'][number]")).toEqual({ kind: 'type', of: 'models.Init', properties: ['store', 'rows'], elements: true })
    for (const other of ['Output', 'models.User', 'openIndex()', 'self.get_params()[]']) expect(propertyRead(other)).toBeUndefined()
  })

  it("reads the class a property's annotation names, or its array's elements' class", () => {
    expect(propertyTypeIn('readonly #init: ServiceInit', '#init', false)).toBe('ServiceInit')
    expect(propertyTypeIn('output?: Output | undefined', 'output', false)).toBe('Output')
    expect(propertyTypeIn('readonly calls: readonly CallFact[]', 'calls', true)).toBe('CallFact')
    expect(propertyTypeIn('rows: Array<Row>', 'rows', true)).toBe('Row')
    expect(propertyTypeIn('store: Repository<User>', 'store', false)).toBe('Repository')
    // An array is no element, and an element read of a non-array says nothing.
    expect(propertyTypeIn('observers: Observer<T>[] = []', 'observers', false)).toBeUndefined()
    expect(propertyTypeIn('observers: Observer<T>[] = []', 'observers', true)).toBe('Observer')
    expect(propertyTypeIn('readonly calls: readonly CallFact[]', 'calls', false)).toBeUndefined()
    expect(propertyTypeIn('output?: Output', 'output', true)).toBeUndefined()
    expect(propertyTypeIn('name: string', 'name', false)).toBeUndefined()
  })
})
