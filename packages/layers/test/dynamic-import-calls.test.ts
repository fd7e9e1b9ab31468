import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { callsNamed } from './support/calls-named.js'
import { layersOfText } from './support/index-files.js'

/** A module with functions and a class whose names nothing else in the project defines twice. */
const LIB = [
  'export function alpha() {}',
  'export function beta() {}',
  'export function gamma() {}',
  'export function delta() {}',
  'export class Store {',
  '  static open() { return new Store() }',
  '}',
].join('\n')

/** Same names elsewhere: a call resolved by name alone would have two candidates, not one. */
const OTHER = 'export function alpha() {}\nexport function beta() {}\nexport function gamma() {}\nexport function delta() {}\nexport class Store {\n  static open() {}\n}\n'

const NAMES = ['alpha', 'beta', 'gamma', 'delta', 'open']

describe('calls through a dynamic import (lazy loading)', () => {
  it('resolve through .then, Promise.all and an awaited import, as the names of a static import do', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/lib.ts': LIB,
        'src/other.ts': OTHER,
        'src/main.ts': [
          'export async function run() {',
          "  import('./lib.js').then(({ alpha: first }) => first())",
          "  const [count, { beta }] = await Promise.all([Promise.resolve(1), import('./lib.js')])",
          '  beta()',
          "  ;(await import('./lib.js')).gamma()",
          "  ;(await import('./lib.js')).Store.open()",
          "  import('./lib.js').then((lib) => lib.delta())",
          '}',
        ].join('\n'),
      }),
    )
    expect(callsNamed(graph, 'src/main.ts', [...NAMES, 'first'])).toEqual([
      'first -> resolved src/lib.ts#alpha',
      'beta -> resolved src/lib.ts#beta',
      'gamma -> resolved src/lib.ts#gamma',
      'Store.open -> resolved src/lib.ts#Store.open',
      'lib.delta -> resolved src/lib.ts#delta',
    ])
  })

  it('resolve through a loader the file declares (an arrow, a cached import, a function), as commands loaded on demand are', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/lib.ts': LIB,
        'src/other.ts': OTHER,
        'src/all.ts': "export { alpha, beta } from './lib.js'\n",
        'src/main.ts': [
          "import type * as Lib from './lib.js'",
          "const commands = (): Promise<typeof import('./all.js')> => import('./all.js')",
          'let cached: Promise<typeof Lib> | undefined',
          "const loadLib = (): Promise<typeof Lib> => (cached ??= import('./lib.js'))",
          "async function store() { return import('./lib.js') }",
          'export async function run() {',
          '  ;(await commands()).alpha()',
          '  const [, { beta }] = await Promise.all([Promise.resolve(), commands()])',
          '  beta()',
          '  const { gamma } = await loadLib()',
          '  gamma()',
          '  loadLib().then(({ delta }) => delta())',
          '  ;(await store()).Store.open()',
          '}',
        ].join('\n'),
      }),
    )
    expect(callsNamed(graph, 'src/main.ts', NAMES)).toEqual([
      'alpha -> resolved src/lib.ts#alpha',
      'beta -> resolved src/lib.ts#beta',
      'gamma -> resolved src/lib.ts#gamma',
      'delta -> resolved src/lib.ts#delta',
      'Store.open -> resolved src/lib.ts#Store.open',
    ])
  })

  it('binds nothing where the value is not the module: another element of Promise.all, allSettled, a call on a call, an undeclared loader', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/lib.ts': LIB,
        'src/other.ts': OTHER,
        'src/main.ts': [
          'declare function load(): Promise<unknown>',
          'export async function run() {',
          "  const [{ alpha }] = await Promise.all([load(), import('./lib.js')])",
          '  alpha()',
          "  const [{ beta }] = await Promise.allSettled([import('./lib.js')])",
          '  beta()',
          "  ;(await import('./lib.js')).Store().gamma()",
          '  ;(await load()).delta()',
          '}',
        ].join('\n'),
      }),
    )
    expect(callsNamed(graph, 'src/main.ts', NAMES)).toEqual([
      'alpha -> unresolved ',
      'beta -> unresolved ',
      '?.gamma -> unresolved ',
      '?.delta -> unresolved ',
    ])
  })
})
