import { describe, expect, it } from 'vitest'
import { contextualParameters } from './contextual-parameters.js'

describe('contextualParameters', () => {
  it("types an annotated constant's object methods' plain parameters by the type's method, by position", () => {
    const code = [
      'export const family: LayerFamily = {',
      '  syntax: SYNTAX,',
      '  words: new Set([1, 2]),',
      '  declaration(node, type, scope, api) {',
      '    if (type === "x") { api.define({ node }, scope) }',
      '    return true',
      '  },',
      '  async details(node: SyntaxNode, { a }, limit = 3, api) {},',
      '  module: (path) => path,',
      '  callImport: function (name, receiver) { return name },',
      '}',
      'const plain = { run(task) {} }',
      'const table: Record<string, Rule> = { a(x) {} }',
    ].join('\n')
    const shown = contextualParameters(code).map(({ name, type, offset }) => `${name}: ${type} @${code.slice(offset, offset + name.length) === name}`)
    expect(shown).toEqual([
      "node: Parameters<LayerFamily['declaration']>[0] @true",
      "type: Parameters<LayerFamily['declaration']>[1] @true",
      "scope: Parameters<LayerFamily['declaration']>[2] @true",
      "api: Parameters<LayerFamily['declaration']>[3] @true",
      // Annotated, destructured and defaulted parameters are read elsewhere or not at all; the position still counts.
      "api: Parameters<LayerFamily['details']>[3] @true",
      "path: Parameters<LayerFamily['module']>[0] @true",
      "name: Parameters<LayerFamily['callImport']>[0] @true",
      "receiver: Parameters<LayerFamily['callImport']>[1] @true",
      "x: Parameters<Record['a']>[0] @true",
    ])
  })
})
