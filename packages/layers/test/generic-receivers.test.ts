import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { callsNamed } from './support/calls-named.js'
import { layersOfText } from './support/index-files.js'

/** Two classes with a `commit` each, so that no call resolves by name alone. */
const STORES = {
  'src/store.ts': 'export interface LayerStore {\n  commit(): void\n}\n',
  'src/other.ts': 'export class Journal {\n  commit(): void {}\n}\n',
  'src/harness.ts': [
    'export interface Harness<S> {',
    '  create(): Promise<S>',
    '}',
    "import type { LayerStore } from './store.js'",
    'export class Pool<S extends LayerStore> {',
    '  take(): S {',
    '    return this.items[0]',
    '  }',
    '}',
  ].join('\n'),
}

describe('receivers typed by a type parameter (TypeScript generics)', () => {
  it("reach the members of the parameter's bound: of a parameter typed `S`, of what a generic member returns", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        ...STORES,
        'src/contract.ts': [
          "import type { LayerStore } from './store.js'",
          "import type { Harness, Pool } from './harness.js'",
          'export function describeContract<S extends LayerStore>(harness: Harness<S>, pool: Pool<S>) {',
          '  const check = async (store: S) => {',
          '    store.commit()',
          '  }',
          '  const run = async () => {',
          '    const kb = await harness.create()',
          '    kb.commit()',
          '    const taken = pool.take()',
          '    taken.commit()',
          '  }',
          '}',
          'export function unbounded<T>(harness: Harness<T>, other: T) {',
          '  other.commit()',
          '}',
          'export class Box<S extends LayerStore> {',
          '  hold(value: S) {',
          '    value.commit()',
          '  }',
          '  other<S>(value: S) {',
          '    value.commit()',
          '  }',
          '}',
        ].join('\n'),
      }),
    )
    expect(callsNamed(graph, 'src/contract.ts', ['commit'])).toEqual([
      'store.commit -> resolved src/store.ts#LayerStore.commit',
      'kb.commit -> resolved src/store.ts#LayerStore.commit',
      'taken.commit -> resolved src/store.ts#LayerStore.commit',
      // No bound: any `commit` by name.
      'other.commit -> by-name ',
      'value.commit -> resolved src/store.ts#LayerStore.commit',
      // A method's own `S` hides its class's.
      'value.commit -> by-name ',
    ])
  })
})
