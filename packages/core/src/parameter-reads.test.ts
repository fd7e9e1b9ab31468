import { describe, expect, it } from 'vitest'
import { callbackParameterRead, callbackParameterReadText, parameterRead, parameterReadText } from './parameter-reads.js'

describe('parameter reads', () => {
  it("reads and writes TypeScript's notation of a method's parameter", () => {
    const read = { of: 'models.LayerFamily', method: 'declaration', index: 3 }
    expect(parameterReadText(read)).toBe("Parameters<models.LayerFamily['declaration']>[3]")
    expect(parameterRead(parameterReadText(read))).toEqual(read)
    for (const other of ['LayerFamily', "LayerFamily['declaration']", "Parameters<A['b']>", "Parameters<A<T>['b']>[0]", 'typeof a.b']) expect(parameterRead(other)).toBeUndefined()
  })

  it("reads and writes TypeScript's notation of a callback's parameter", () => {
    for (const read of [
      { callee: 'withIndex', argument: 1, index: 0 },
      { callee: 'this.#connection.write', argument: 1, index: 2 },
      { callee: 'Observable', argument: 0, index: 0, constructs: true },
    ]) {
      expect(callbackParameterRead(callbackParameterReadText(read))).toEqual(read)
    }
    expect(callbackParameterReadText({ callee: 'withIndex', argument: 1, index: 0 })).toBe('Parameters<Parameters<typeof withIndex>[1]>[0]')
    expect(callbackParameterReadText({ callee: 'Observable', argument: 0, index: 0, constructs: true })).toBe('Parameters<ConstructorParameters<typeof Observable>[0]>[0]')
    for (const other of ["Parameters<A['b']>[0]", 'Parameters<typeof f>[0]', 'Parameters<Parameters<typeof f()>[0]>[0]', 'Parameters<Parameters<typeof f>[0]>']) {
      expect(callbackParameterRead(other)).toBeUndefined()
    }
    expect(parameterRead('Parameters<Parameters<typeof f>[1]>[0]')).toBeUndefined()
  })
})
