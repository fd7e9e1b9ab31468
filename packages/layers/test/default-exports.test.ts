import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { callsNamed } from './support/calls-named.js'
import { layersOfText } from './support/index-files.js'

describe('JavaScript and TypeScript default exports', () => {
  it('records what a module exports by default and links default imports, heritage and inherited calls to it', async () => {
    const layers = await layersOfText({
      'src/core.ts': 'export default class Ajv {\n  run(): void {}\n}\n',
      'src/ajv.ts': "import AjvCore from './core'\nexport class Ajv2019 extends AjvCore {\n  go() {\n    super.run()\n    this.run()\n  }\n}\nexport default Ajv2019\n",
      'src/handler.js': 'export default async function handler(req) {\n  return req\n}\n',
      'src/config.ts': 'export default { port: 1 }\n',
      'src/index.ts': "export { default as Ajv } from './ajv'\n",
      // Same names elsewhere: no call resolves by name alone.
      'src/other.ts': 'export class Other {\n  run(): void {}\n}\nexport function handler() {}\n',
      'src/use.ts': [
        "import Ajv2019 from './ajv'",
        "import handle from './handler.js'",
        "import { Ajv } from './index'",
        'export function start() {',
        '  new Ajv2019().run()',
        '  handle({})',
        '  return new Ajv()',
        '}',
      ].join('\n'),
    })
    expect(Object.fromEntries(layers.map((file) => [file.path, file.defaultExport]))).toEqual({
      'src/core.ts': 'Ajv',
      'src/ajv.ts': 'Ajv2019',
      'src/handler.js': 'handler',
      'src/config.ts': undefined,
      'src/index.ts': undefined,
      'src/other.ts': undefined,
      'src/use.ts': undefined,
    })
    const graph = new LayerGraph(layers)
    expect(graph.edgesOf('src/ajv.ts').filter((edge) => edge.kind === 'extends').map((edge) => `${edge.target} -> ${edge.targetSymbolId}`)).toEqual(['AjvCore -> src/core.ts#Ajv'])
    expect(callsNamed(graph, 'src/ajv.ts', ['run'])).toEqual(['super.run -> resolved src/core.ts#Ajv.run', 'this.run -> resolved src/core.ts#Ajv.run'])
    expect(callsNamed(graph, 'src/use.ts', ['Ajv2019', 'run', 'handle', 'Ajv'])).toEqual([
      'Ajv2019 -> resolved src/ajv.ts#Ajv2019',
      '?.run -> resolved src/core.ts#Ajv.run',
      'handle -> resolved src/handler.js#handler',
      'Ajv -> resolved src/ajv.ts#Ajv2019',
    ])
  })
})
