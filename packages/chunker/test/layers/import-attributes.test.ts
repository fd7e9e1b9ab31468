import { describe, expect, it } from 'vitest'
import { createLayeredChunker } from '../../src/index.js'

const chunker = createLayeredChunker()

describe('imports with import attributes', () => {
  it('reads `import x from "./data.json" with { type: "json" }` (and the older `assert { ... }`) as imports of the module', async () => {
    const content = [
      'import a from "./data.json";',
      'import b from "./data.json" with { type: "json" };',
      "import { c } from './util/helper.js' assert { type: 'x' } // legacy",
      "import * as d from './d.js' with { type: 'javascript' }",
      '',
      'export const all = [a, b, c, d]',
      '',
    ].join('\n')
    const { layers } = await chunker.chunkWithLayers({ path: 'src/j.ts', content, format: 'code' })
    const imports = layers.edges.filter((edge) => edge.kind === 'imports').map((edge) => `${edge.startLine} ${edge.target} ${(edge.names ?? []).map((n) => n.alias ?? n.name).join(',')}`)
    expect(imports).toEqual(['1 ./data.json a', '2 ./data.json b', '3 ./util/helper.js c', '4 ./d.js d'])
  })
})
