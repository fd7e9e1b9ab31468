import { describe, expect, it } from 'vitest'
import { callbackParameters } from './callback-parameters.js'

describe('callbackParameters', () => {
  it("types a passed function's plain parameters by the callee's parameter at the argument's position", () => {
    const code = [
      'return withIndex(context, async (index, root) => {',
      '  index.rag.symbols()',
      '})',
      'this.#connection.write(label, function (tx, { layers }, rows) { tx.run() })',
      'withTempDir<Row>(dir => dir.path)',
      'run(a, [b, c], { d: 1 }, f(g, h), (late) => late)',
      'export const EMPTY = new Observable<never>((subscriber) => subscriber.complete())',
    ].join('\n')
    const shown = callbackParameters(code).map(({ name, type, offset }) => `${name}: ${type} @${code.slice(offset, offset + name.length) === name}`)
    expect(shown).toEqual([
      'index: Parameters<Parameters<typeof withIndex>[1]>[0] @true',
      'root: Parameters<Parameters<typeof withIndex>[1]>[1] @true',
      'tx: Parameters<Parameters<typeof this.#connection.write>[1]>[0] @true',
      // A destructured parameter is skipped; the position still counts.
      'rows: Parameters<Parameters<typeof this.#connection.write>[1]>[2] @true',
      'dir: Parameters<Parameters<typeof withTempDir>[0]>[0] @true',
      // Commas inside brackets and inner calls are no arguments of `run`.
      'late: Parameters<Parameters<typeof run>[4]>[0] @true',
      // A constructor's parameter.
      'subscriber: Parameters<ConstructorParameters<typeof Observable>[0]>[0] @true',
    ])
  })

  it("leaves array methods, promises, calls on a value and non-calls alone", () => {
    const code = [
      'items.map((item) => item.save())',
      'load().then((rows) => rows.length)',
      'new Promise((resolve, reject) => resolve())',
      'const pick = [(x) => x]',
      'const table = { a: (y) => y }',
      'if ((z) => z) {}',
      'value?.watch((event) => event)',
      'const direct = (plain) => plain',
    ].join('\n')
    expect(callbackParameters(code)).toEqual([])
  })
})
