import { describe, expect, it } from 'vitest'
import { createLayeredChunker } from '../index.js'

const chunker = createLayeredChunker()

/** The `defines` of each chunk of a file that has them. */
async function definesOf(path: string, content: string): Promise<string[]> {
  const { chunks } = await chunker.chunkWithLayers({ path, content, format: 'code' })
  return chunks.map((chunk) => chunk.metadata['defines']).filter((d): d is string => typeof d === 'string')
}

const filler = (n: number, comment: string): string => Array.from({ length: n }, (_, i) => `${comment} filler line ${i} so the gap stays a chunk of its own`).join('\n')

describe('defines of module-level code', () => {
  it('names what Python, TypeScript and Go module-level statements assign, not what functions hold', async () => {
    const python = `from werkzeug.local import LocalProxy\n\n${filler(8, '#')}\ncurrent_app = LocalProxy(_cv_app, "app")\ng: "_AppCtxGlobals" = LocalProxy(_cv_app, "g")\nx, y = 1, 2\n\n\ndef helper():\n    local = 1\n${filler(30, '    #')}\n    return local\n`
    expect(await definesOf('globals.py', python)).toEqual(['current_app, g'])
    const typescript = `import { load } from './load'\n\n${filler(8, '//')}\nexport const config = load()\nlet counter = 0, other = 1\n\nexport function run(): void {\n  const inner = 1\n${filler(30, '  //')}\n}\n`
    expect((await definesOf('config.ts', typescript)).join('|')).toContain('config, counter, other')
    const go = `package store\n\nimport "errors"\n\n${filler(8, '//')}\nvar ErrNotFound = errors.New("not found")\n\nconst (\n\tMaxItems = 10\n\tminItems = 1\n)\n\nfunc Get() error {\n${filler(30, '\t//')}\n\treturn ErrNotFound\n}\n`
    expect((await definesOf('store.go', go)).join('|')).toContain('ErrNotFound')
    expect((await definesOf('store.go', go)).join('|')).toContain('MaxItems, minItems')
  })
})
