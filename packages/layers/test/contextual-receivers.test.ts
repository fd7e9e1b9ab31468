import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { callsNamed } from './support/calls-named.js'
import { layersOfText } from './support/index-files.js'

describe("receivers typed by their context: an annotated constant's object methods", () => {
  it("reach the members of the class the type's method annotates the parameter with, by position", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/api.ts': 'export interface WalkApi {\n  define(): void\n}\n',
        // Same method name elsewhere: no call resolves by name alone.
        'src/other.ts': 'export class Registry {\n  define(): void {}\n}\n',
        'src/family.ts': [
          "import type { WalkApi } from './api.js'",
          'export interface LayerFamily {',
          '  declaration(node: string, api: WalkApi): boolean',
          '  details(api: WalkApi[]): void',
          '}',
        ].join('\n'),
        'src/typescript.ts': [
          "import type { LayerFamily } from './family.js'",
          'export const family: LayerFamily = {',
          '  declaration(node, walk) {',
          '    walk.define()',
          '    return true',
          '  },',
          '  details(apis) {',
          '    apis.define()',
          '  },',
          '}',
        ].join('\n'),
      }),
    )
    expect(callsNamed(graph, 'src/typescript.ts', ['define'])).toEqual([
      'walk.define -> resolved src/api.ts#WalkApi.define',
      // An array parameter is no `WalkApi`.
      'apis.define -> by-name ',
    ])
  })
})
