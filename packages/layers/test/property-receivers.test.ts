import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { callsNamed as callsOf } from './support/calls-named.js'
import { layersOfText } from './support/index-files.js'

/** Types whose properties hold classes; `Bus` has the same method names, so no call resolves by name alone. */
const FACTS = (): string =>
  [
    "import { Output } from './output.js'",
    "import { Bus } from './bus.js'",
    'export interface CallFact {',
    '  args(): string[]',
    '}',
    'export interface FileFacts {',
    '  readonly calls: readonly CallFact[]',
    '}',
    "import type { Deps } from './deps.js'",
    'export interface Context {',
    '  readonly facts: FileFacts',
    '  output?: Output',
    '  readonly deps: Deps',
    '}',
  ].join('\n')

/** A type that `use.ts` reaches through `Context` without importing its file. */
const DEPS = (sink: string): string => `import type { Output } from './output.js'\nimport type { Bus } from './bus.js'\nexport interface Deps {\n  sink: ${sink}\n}\n`

const FILES = {
  'src/output.ts': 'export class Output {\n  emit(): void {}\n}\n',
  'src/bus.ts': 'export class Bus {\n  emit(): void {}\n  args(): void {}\n}\n',
  'src/facts.ts': FACTS(),
  'src/deps.ts': DEPS('Output'),
  'src/use.ts': [
    "import type { Context, FileFacts } from './facts.js'",
    'export function destructured(context: Context) {',
    '  const { output } = context',
    '  output.emit()',
    '}',
    'export function loop(facts: FileFacts) {',
    '  for (const call of facts.calls) call.args()',
    '}',
    'export function chain(context: Context) {',
    '  const { facts } = context',
    '  for (const call of facts.calls) call.args()',
    '}',
    'export function parameter({ output }: Context) {',
    '  output.emit()',
    '}',
    'export function renamed(context: Context) {',
    '  const { deps } = context',
    '  const out = deps.sink',
    '  out.emit()',
    '}',
    'export class Service {',
    '  readonly #context: Context',
    '  constructor(context: Context) {',
    '    this.#context = context',
    '  }',
    '  run() {',
    '    const { output } = this.#context',
    '    output.emit()',
    '  }',
    '}',
  ].join('\n'),
}

describe("receivers typed by the property they were read from (TypeScript's interfaces and class fields)", () => {
  it('follows destructured values and parameters, loops over array properties and chains of them to the declared class', async () => {
    const graph = new LayerGraph(await layersOfText(FILES))
    expect(graph.symbols({ name: 'calls' }).map((symbol) => `${symbol.kind} ${symbol.qname}: ${symbol.signature}`)).toEqual(['property FileFacts.calls: readonly calls: readonly CallFact[]'])
    expect(callsOf(graph, 'src/use.ts', ['emit', 'args'])).toEqual([
      'output.emit -> resolved src/output.ts#Output.emit',
      'call.args -> resolved src/facts.ts#CallFact.args',
      'call.args -> resolved src/facts.ts#CallFact.args',
      'output.emit -> resolved src/output.ts#Output.emit',
      'out.emit -> resolved src/output.ts#Output.emit',
      'output.emit -> resolved src/output.ts#Output.emit',
    ])
  })

  it('reads the class an unannotated property is built with (`items = new Items()`), not what a call on it returns', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/items.ts': 'export class Items {\n  clear(): void {}\n  size(): number { return 0 }\n}\n',
        'src/other.ts': 'export class Other {\n  clear(): void {}\n  size(): number { return 0 }\n}\n',
        'src/store.ts': [
          "import { Items } from './items.js'",
          'export class Store {',
          '  readonly items = new Items()',
          '  stamp = new Items().size()',
          '  reset(): void {',
          '    this.items.clear()',
          '    this.stamp.size()',
          '  }',
          '}',
        ].join('\n'),
        'src/use.ts': ["import type { Store } from './store.js'", 'export function reset(store: Store) {', '  store.items.clear()', '  store.stamp.size()', '}'].join('\n'),
      }),
    )
    // (`new Items().size()` itself is a call on a new `Items`.)
    expect(callsOf(graph, 'src/store.ts', ['clear', 'size'])).toEqual([
      '?.size -> resolved src/items.ts#Items.size',
      'this.items.clear -> resolved src/items.ts#Items.clear',
      'this.stamp.size -> by-name ',
    ])
    expect(callsOf(graph, 'src/use.ts', ['clear', 'size'])).toEqual(['store.items.clear -> resolved src/items.ts#Items.clear', 'store.stamp.size -> by-name '])
  })

  it('links a call of a function-typed member (`pending.reject(error)`) to that member, and leaves the runtime its `send`', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'src/waiting.ts': 'export interface Waiting {\n  reject(error: unknown): void\n  send(value: string): void\n}\n',
        'src/pool.ts': [
          'interface Pending {',
          '  readonly resolve: (value: string) => void',
          '  readonly reject?: (error: unknown) => void',
          '}',
          'export class Pool {',
          '  private readonly onIdle: () => void = () => {}',
          '  settle(pending: Pending, socket: WebSocket) {',
          "    pending.resolve('done')",
          '    pending.reject?.(new Error())',
          '    this.onIdle()',
          "    socket.send('x')",
          '  }',
          '}',
        ].join('\n'),
      }),
    )
    const members = ['resolve', 'reject', 'onIdle'].flatMap((name) => graph.symbols({ name, pathPrefix: 'src/pool.ts' }))
    expect(members.map((symbol) => `${symbol.kind} ${symbol.qname}`)).toEqual(['method Pending.resolve', 'method Pending.reject', 'method Pool.onIdle'])
    expect(callsOf(graph, 'src/pool.ts', ['resolve', 'reject', 'onIdle', 'send'])).toEqual([
      'pending.resolve -> resolved src/pool.ts#Pending.resolve',
      'pending.reject -> resolved src/pool.ts#Pending.reject',
      'this.onIdle -> resolved src/pool.ts#Pool.onIdle',
      // `WebSocket` is the runtime's class: its `send` is the runtime's.
      'socket.send -> external ',
    ])
  })

  it("re-resolves the readers when a property's declared type changes", async () => {
    const graph = new LayerGraph(await layersOfText(FILES))
    const delta = graph.apply({ upsert: await layersOfText({ 'src/deps.ts': DEPS('Bus') }) })
    // `use.ts` imports no name of `deps.ts`: it is re-resolved for reading the property `sink`.
    expect(delta.resolvedFiles).toContain('src/use.ts')
    expect(callsOf(graph, 'src/use.ts', ['emit']).filter((call) => call.startsWith('out.'))).toEqual(['out.emit -> resolved src/bus.ts#Bus.emit'])
  })

  it("leaves a package's values to the package (a field annotated with its class, what its function returns) and the runtime's to the runtime", async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'package.json': '{"name":"app","dependencies":{"pg":"8","fastify":"5"}}',
        'src/lock.ts': 'export class LockTarget {\n  connect(): void {}\n  listen(): void {}\n  copy(): void {}\n}\n',
        'src/db.ts': [
          "import pg from 'pg'",
          "import Fastify from 'fastify'",
          'export class Database {',
          '  readonly #pool: pg.Pool',
          '  constructor(pool: pg.Pool) {',
          '    this.#pool = pool',
          '  }',
          '  open() {',
          '    this.#pool.connect()',
          '    const app = Fastify()',
          '    app.listen()',
          '  }',
          '  grow(buffer: Buffer) {',
          '    buffer.copy()',
          '  }',
          '}',
        ].join('\n'),
      }),
    )
    expect(callsOf(graph, 'src/db.ts', ['connect', 'listen', 'copy'])).toEqual(['this.#pool.connect -> external ', 'app.listen -> external ', 'buffer.copy -> external '])
  })

  it('follows chains of properties read of a name, a parameter, `this`, what a call returns, and names destructured from a property', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        ...FILES,
        'package.json': '{"name":"app","dependencies":{"fastify":"5"}}',
        'src/index.ts': [
          "import type { Output } from './output.js'",
          "import type { Context } from './facts.js'",
          'export interface OpenIndex {',
          '  readonly out: Output',
          '}',
          'export async function openIndex(): Promise<OpenIndex> {',
          '  return undefined as unknown as OpenIndex',
          '}',
          'export interface Init {',
          '  readonly context: Context',
          '}',
        ].join('\n'),
        'src/chains.ts': [
          "import Fastify from 'fastify'",
          "import type { Context } from './facts.js'",
          "import { openIndex, type Init } from './index.js'",
          'export async function returned() {',
          '  const index = await openIndex()',
          '  index.out.emit()',
          '}',
          'export function parameter(context: Context) {',
          '  context.deps.sink.emit()',
          '  const { calls } = context.facts',
          '  for (const call of calls) call.args()',
          '}',
          'export class Service {',
          '  readonly #init: Init',
          '  constructor(init: Init) {',
          '    this.#init = init',
          '  }',
          '  run() {',
          '    this.#init.context.output.emit()',
          '  }',
          '}',
          'export function server() {',
          '  const app = Fastify()',
          '  app.log.emit()',
          '}',
        ].join('\n'),
      }),
    )
    expect(callsOf(graph, 'src/chains.ts', ['emit', 'args'])).toEqual([
      'index.out.emit -> resolved src/output.ts#Output.emit',
      'context.deps.sink.emit -> resolved src/output.ts#Output.emit',
      'call.args -> resolved src/facts.ts#CallFact.args',
      'this.#init.context.output.emit -> resolved src/output.ts#Output.emit',
      // A package's value's properties are the package's.
      'app.log.emit -> external ',
    ])
  })

  it('reads no class from part of a name: `t.Optional[...]` is no `t.Optiona`, `Item[]` no `Ite`', async () => {
    const graph = new LayerGraph(
      await layersOfText({
        'pkg/__init__.py': '',
        'pkg/symbols.py': [
          'import typing as t',
          '',
          'class Symbols:',
          '    def __init__(self, parent: t.Optional["Symbols"] = None):',
          '        self.parent = parent',
          '',
          '    def find_ref(self, name):',
          '        return self.parent.find_ref(name)',
        ].join('\n'),
      }),
    )
    expect(callsOf(graph, 'pkg/symbols.py', ['find_ref'])).not.toContain('self.parent.find_ref -> external ')
  })
})
