import { describe, expect, it } from 'vitest'
import { createLayeredChunker } from '../../src/index.js'

const chunker = createLayeredChunker()

describe('a file of long lines that is no bundle', () => {
  it('keeps the layers of a module with one long data line (a 2,000-character string), chunked as text windows', async () => {
    const content = ['from util import helper', '', `LOGO = "${'A'.repeat(2000)}"`, '', 'def main():', '    return helper()', ''].join('\n')
    const { chunks, layers } = await chunker.chunkWithLayers({ path: 'app.py', content, format: 'code' })
    expect(chunks[0]?.metadata['fallback']).toBe('minified')
    expect(layers.symbols.map((s) => `${s.qname} ${s.kind} ${s.startLine}`)).toEqual(['LOGO variable 3', 'main function 5'])
    expect(layers.edges.map((e) => `${e.kind} ${e.target} ${e.startLine}`)).toEqual(['imports util 1', 'calls helper 6'])
  })

  it("keeps a generated barrel's re-exports on a 3,000-character line (the FastAPI template's frontend/src/client/index.ts)", async () => {
    const names = Array.from({ length: 250 }, (_, i) => `GeneratedModel${i}`)
    const content = ["export * from './sdk.gen'", `export type { ${names.join(', ')} } from './types.gen'`, ''].join('\n')
    expect(content.split('\n')[1]!.length).toBeGreaterThan(3000)
    const { layers } = await chunker.chunkWithLayers({ path: 'src/client/index.ts', content, format: 'code' })
    expect(layers.edges.filter((e) => e.kind === 'imports').map((e) => `${e.target} ${e.names?.length}`)).toEqual(['./sdk.gen 1', './types.gen 250'])
  })

  it("reads no layers of a bundle (a line of a minified bundle's length)", async () => {
    const unit = 'var a=function(b,c){return b+c*2},d=[1,2,3].map(function(e){return e*e});'
    const content = `${unit.repeat(200)}\n`
    const { chunks, layers } = await chunker.chunkWithLayers({ path: 'dist/app.min.js', content, format: 'code' })
    expect(chunks[0]?.metadata['fallback']).toBe('minified')
    expect(layers.symbols).toEqual([])
    expect(layers.edges).toEqual([])
  })
})
