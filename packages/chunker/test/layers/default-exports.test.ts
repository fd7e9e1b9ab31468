import { describe, expect, it } from 'vitest'
import { createLayeredChunker } from '../../src/index.js'
import { symbolsOf } from './symbols-of.js'

describe('anonymous default exports (red team: fastify/demo plugins)', () => {
  it('defines an anonymous default export as the symbol `default`, as TypeScript names it, with its members', async () => {
    expect(await symbolsOf('routes/api/index.ts', 'export default async function (app: any) {\n  app.log.info("x")\n}\n')).toEqual(['default function 1'])
    expect(await symbolsOf('svc.ts', 'export default class {\n  run() {\n    return 1\n  }\n}\n')).toEqual(['default class 1', 'default.run method 2'])
    expect(await symbolsOf('register.js', 'export default (app) => {\n  app.get("/", h)\n}\n')).toEqual(['default function 1'])
    // A named one keeps its name; a default export of a value or a name defines nothing more.
    expect(await symbolsOf('named.ts', 'export default function plugin(app: any) {}\n')).toEqual(['plugin function 1'])
    expect(await symbolsOf('value.ts', 'const config = { a: 1 }\nexport default config\nexport default makeThing()\n')).toEqual(['config constant 1'])
  })

  it('makes `default` the default export that importers bind', async () => {
    const { layers } = await createLayeredChunker().chunkWithLayers({ path: 'plugin.ts', content: 'export default async function (app: any) {}\n', format: 'code' })
    expect(layers.defaultExport).toBe('default')
  })
})
