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

  it("gives each piece of a gap cut for size the names assigned in it, not the whole gap's", async () => {
    // 300 comment lines, then the assignment: the gap is cut into pieces, and only the last holds it (red-team r7).
    const content = `${filler(300, '//')}\nexport const lycheeTarget = 42\n`
    const { chunks } = await chunker.chunkWithLayers({ path: 'target.ts', content, format: 'code' })
    expect(chunks.length).toBeGreaterThan(2)
    const defining = chunks.filter((chunk) => chunk.metadata['defines'] !== undefined)
    expect(defining).toHaveLength(1)
    expect(defining[0]!.metadata['defines']).toBe('lycheeTarget')
    expect(defining[0]!.content).toContain('export const lycheeTarget = 42')
  })

  it('keeps what a small gap assigns when it is merged into a larger neighbour', async () => {
    const body = Array.from({ length: 12 }, (_, i) => `  const step${i} = compute(${i}) // a step of the work that makes this function the larger part`).join('\n')
    const content = `export const retryLimit = 3\n\nexport function work(): number {\n${body}\n  return 0\n}\n`
    const { chunks } = await chunker.chunkWithLayers({ path: 'work.ts', content, format: 'code' })
    expect(chunks).toHaveLength(1)
    expect(chunks[0]!.metadata['symbol']).toBe('work')
    expect(chunks[0]!.metadata['defines']).toBe('retryLimit')
  })
})
