import { describe, expect, it } from 'vitest'
import { propertyRead, propertyReadText, type PropertyRead } from './property-reads.js'

describe('property reads', () => {
  it("reads TypeScript's notation of a value's and a type's property, chains and elements, and writes it back", () => {
    const reads: Record<string, PropertyRead> = {
      'typeof context.output': { kind: 'value', of: 'context', properties: ['output'], elements: false },
      'typeof this.#init.facts.calls[number]': { kind: 'value', of: 'this', properties: ['#init', 'facts', 'calls'], elements: true },
      "RouteContext['runs']": { kind: 'type', of: 'RouteContext', properties: ['runs'], elements: false },
      "models.Init['store']['rows'][number]": { kind: 'type', of: 'models.Init', properties: ['store', 'rows'], elements: true },
      "Parameters<Parameters<typeof withIndex>[1]>[0]['rag']": { kind: 'type', of: 'Parameters<Parameters<typeof withIndex>[1]>[0]', properties: ['rag'], elements: false },
      "Parameters<LayerFamily['declaration']>[3]['facts']['calls'][number]": { kind: 'type', of: "Parameters<LayerFamily['declaration']>[3]", properties: ['facts', 'calls'], elements: true },
    }
    for (const [text, read] of Object.entries(reads)) {
      expect(propertyRead(text)).toEqual(read)
      expect(propertyReadText(read)).toBe(text)
    }
    for (const other of ['Output', 'models.User', 'openIndex()', 'self.get_params()[]', 'typeof context', "T['a-b']"]) expect(propertyRead(other)).toBeUndefined()
  })
})
