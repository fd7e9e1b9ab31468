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

describe('receivers typed by their context: the parameters of a function given to a call', () => {
  it("reach the members of the class the callee's signature annotates the callback's parameter with, by position", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/service.ts': 'export class Service {\n  symbols(): void {}\n  close(): void {}\n}\nexport class Tx {\n  run(): void {}\n  complete(): void {}\n}\n',
        'src/observable.ts': [
          "import type { Tx } from './service.js'",
          'export class Observable<T> {',
          '  constructor(subscribe?: (this: Observable<T>, subscriber: Tx) => void) {}',
          '}',
        ].join('\n'),
        // Same method names elsewhere: no call resolves by name alone.
        'src/other.ts': 'export class Other {\n  symbols(): void {}\n  close(): void {}\n  run(): void {}\n  complete(): void {}\n}\n',
        'src/open.ts': [
          "import type { Service, Tx } from './service.js'",
          'export interface Opened {',
          '  readonly rag: Service',
          '}',
          'export async function withIndex(root: string, work: (index: Opened, service: Service) => Promise<number>): Promise<number> {',
          '  return 0',
          '}',
          'export class Connection {',
          '  write(label: string, work: (tx: Tx) => void, options?: { done: (service: Service) => void }): void {}',
          '}',
        ].join('\n'),
        'src/command.ts': [
          "import { withIndex, type Connection } from './open.js'",
          'export async function symbolsCommand(root: string) {',
          '  return withIndex(root, async (index, service) => {',
          '    index.rag.symbols()',
          '    service.close()',
          '    return 0',
          '  })',
          '}',
          'export class Writer {',
          '  readonly #connection: Connection',
          '  save(): void {',
          "    this.#connection.write('save', function (tx) { tx.run() })",
          '  }',
          '}',
          "import { Observable } from './observable.js'",
          'export const EMPTY = new Observable<never>((subscriber) => subscriber.complete())',
        ].join('\n'),
      }),
    )
    expect(callsNamed(graph, 'src/command.ts', ['symbols', 'close', 'run', 'complete'])).toEqual([
      'index.rag.symbols -> resolved src/service.ts#Service.symbols',
      'service.close -> resolved src/service.ts#Service.close',
      'tx.run -> resolved src/service.ts#Tx.run',
      // A constructor's callback, past its `this` parameter.
      'subscriber.complete -> resolved src/service.ts#Tx.complete',
    ])
  })
})
