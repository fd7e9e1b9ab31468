import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { callsNamed } from './support/calls-named.js'
import { layersOfText } from './support/index-files.js'

describe("TypeScript's merged declarations: a type and a value of one name", () => {
  it('links a call to the value and a heritage clause to the type, through imports, namespaces and in the file', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/errors.ts': [
          'export interface EmptyError extends Error {}',
          'export interface EmptyErrorCtor {',
          '  new (): EmptyError',
          '}',
          'export const EmptyError: EmptyErrorCtor = createErrorClass()',
          'function createErrorClass(): any {',
          '  return class {}',
          '}',
        ].join('\n'),
        'src/core.ts': ['export interface $constructor<T> {', '  init(): T', '}', 'export function $constructor(name: string): void {}'].join('\n'),
        'src/use.ts': [
          "import { EmptyError } from './errors.js'",
          "import * as core from './core.js'",
          'export function fail() {',
          '  throw new EmptyError()',
          '}',
          "export const ZodXor = core.$constructor('ZodXor')",
          'export type Ok = { ok: true }',
          'export const Ok = () => ({ ok: true })',
          'export function check() {',
          '  return Ok()',
          '}',
          'export class Mine implements EmptyError {}',
        ].join('\n'),
      }),
    )
    expect(callsNamed(graph, 'src/use.ts', ['EmptyError', '$constructor', 'Ok'])).toEqual([
      'EmptyError -> resolved src/errors.ts#EmptyError~2',
      'core.$constructor -> resolved src/core.ts#$constructor~2',
      'Ok -> resolved src/use.ts#Ok~2',
    ])
    const implemented = graph.edgesOf('src/use.ts').filter((edge) => edge.kind === 'implements')
    expect(implemented.map((edge) => `${edge.target} -> ${edge.resolution} ${edge.targetSymbolId}`)).toEqual(['EmptyError -> resolved src/errors.ts#EmptyError'])
  })

  it('links `this.now()` (own or inherited) to the instance member and `Scheduler.now()` to the static one when a class declares both', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/scheduler.ts': [
          'export class Scheduler {',
          '  public static now: () => number = Date.now',
          '  public now: () => number',
          '  constructor(now: () => number = Scheduler.now) {',
          '    this.now = now',
          '  }',
          '  stamp(): number {',
          '    return this.now() + Scheduler.now()',
          '  }',
          '}',
          'export class TestScheduler extends Scheduler {',
          '  flush(): number {',
          '    return this.now()',
          '  }',
          '}',
        ].join('\n'),
      }),
    )
    expect(callsNamed(graph, 'src/scheduler.ts', ['now'])).toEqual([
      'this.now -> resolved src/scheduler.ts#Scheduler.now~2',
      'Scheduler.now -> resolved src/scheduler.ts#Scheduler.now',
      // Inherited: the instance's too.
      'this.now -> resolved src/scheduler.ts#Scheduler.now~2',
    ])
  })
})
