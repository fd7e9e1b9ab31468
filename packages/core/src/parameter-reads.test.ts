import { describe, expect, it } from 'vitest'
import { parameterRead, parameterReadText } from './parameter-reads.js'

describe('parameter reads', () => {
  it("reads and writes TypeScript's notation of a method's parameter", () => {
    const read = { of: 'models.LayerFamily', method: 'declaration', index: 3 }
    expect(parameterReadText(read)).toBe("Parameters<models.LayerFamily['declaration']>[3]")
    expect(parameterRead(parameterReadText(read))).toEqual(read)
    for (const other of ['LayerFamily', "LayerFamily['declaration']", "Parameters<A['b']>", "Parameters<A<T>['b']>[0]", 'typeof a.b']) expect(parameterRead(other)).toBeUndefined()
  })
})
