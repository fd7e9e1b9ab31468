import { describe, expect, it } from 'vitest'
import { LayerGraph } from '../src/index.js'
import { layersOfText } from './support/index-files.js'

describe('JavaScript and TypeScript imports followed by a comment', () => {
  it('resolves an import or re-export whose line ends in a comment (hono: `from \'./context\' // dom-specific`)', async () => {
    const layers = await layersOfText({
      'lib/index.ts': 'export const top = 1\n',
      'lib/context.ts': "export const createContext = () => 'common'\n",
      'lib/dom/context.ts': "export const createContext = () => 'dom'\n",
      'lib/dom/index.ts': 'export const dom = 2\n',
      'lib/dom/render.ts': [
        "import { top } from '..' // the package root",
        "import { dom } from '.'",
        "import { createContext as common } from '../context'",
        "import { createContext } from './context' // import dom-specific versions",
        "import type { Ctx } from './types' /* a block */",
        'export const render = () => [top, dom, common(), createContext()]',
      ].join('\n'),
      'lib/dom/types.ts': 'export interface Ctx { id: string }\n',
      'lib/dom/reexp.ts': ["export { createContext } from './context' // x", "export * from '../context' /* block */", "import x from 'https://deno.land/x/mod.ts' // a URL"].join('\n'),
    })
    const graph = new LayerGraph(layers)
    const imports = (path: string): string[] => graph.edgesOf(path).filter((edge) => edge.kind === 'imports').map((edge) => `${edge.startLine} ${edge.target} -> ${edge.resolution} ${edge.targetPath ?? ''}`.trim())
    expect(imports('lib/dom/render.ts')).toEqual([
      '1 .. -> resolved lib/index.ts',
      '2 . -> resolved lib/dom/index.ts',
      '3 ../context -> resolved lib/context.ts',
      '4 ./context -> resolved lib/dom/context.ts',
      '5 ./types -> resolved lib/dom/types.ts',
    ])
    expect(imports('lib/dom/reexp.ts')).toEqual([
      '1 ./context -> resolved lib/dom/context.ts',
      '2 ../context -> resolved lib/context.ts',
      '3 https://deno.land/x/mod.ts -> external',
    ])
    const calls = graph.edgesOf('lib/dom/render.ts').filter((edge) => edge.kind === 'calls').map((edge) => `${edge.target} -> ${edge.resolution} ${edge.targetSymbolId ?? ''}`.trim())
    expect(calls).toContain('createContext -> resolved lib/dom/context.ts#createContext')
  })
})
