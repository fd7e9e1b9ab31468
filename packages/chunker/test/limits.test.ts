import { describe, expect, it } from 'vitest'
import { createNormalizedDocumentChunker } from '../src/index.js'
import { readFixture } from '../src/testing/corpus.js'
import { expectExactCover, expectWindowCover } from '../src/testing/invariants.js'

const chunker = createNormalizedDocumentChunker()

function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now()
  return run().then((result) => ({ result, ms: performance.now() - started }))
}

describe('hostile input', () => {
  it('windows a 16 MiB minified file within the size limit, fast', async () => {
    const unit = 'var a=function(b,c){return b+c*2},d=[1,2,3].map(function(e){return e*e});'
    const content = unit.repeat(Math.ceil((16 * 1024 * 1024) / unit.length)).slice(0, 16 * 1024 * 1024)
    const { result: chunks, ms } = await timed(() => chunker.chunk({ path: 'dist/bundle.min.js', content, format: 'code' }))
    expect(ms).toBeLessThan(10_000)
    expect(chunks.length).toBeGreaterThan(8000)
    expect(chunks.every((c) => c.content.length <= 2000)).toBe(true)
    expect(chunks[0]?.metadata['fallback']).toBe('too-large')
    expectWindowCover(content, chunks, 2000)
  })

  it('windows deeply nested code on one line as minified', async () => {
    const content = `const y = ${'('.repeat(20_000)}1${')'.repeat(20_000)}\n`
    const chunks = await chunker.chunk({ path: 'parens.ts', content, format: 'code' })
    expect(chunks[0]?.metadata['fallback']).toBe('minified')
    expectWindowCover(content, chunks, 2000)
  })

  it('windows a file of one 100,000-character line as minified', async () => {
    const content = `export const DATA = [${Array.from({ length: 20_000 }, (_, i) => i % 1000).join(',')}]`.padEnd(100_000, ' ')
    expect(content.length).toBe(100_000)
    const chunks = await chunker.chunk({ path: 'src/data.ts', content, format: 'code' })
    expect(chunks.every((c) => c.content.length <= 2000)).toBe(true)
    expect(chunks.every((c) => c.metadata.startLine === 1 && c.metadata.endLine === 1)).toBe(true)
    expect(chunks[0]?.metadata['fallback']).toBe('minified')
    expectWindowCover(content, chunks, 2000)
  })

  it('cuts one overlong line inside an otherwise normal source file, without overlap', async () => {
    const source = readFixture('typescript.ts')
    const content = `${source}${source}export const BLOB = '${'x'.repeat(4000)}'\n${source}${source}`
    const chunks = await chunker.chunk({ path: 'src/blob.ts', content, format: 'code' })
    expect(chunks.some((c) => c.metadata['fallback'])).toBe(false)
    expectExactCover(content, chunks, 2000)
  })

  it('chunks deeply nested code within the limits', async () => {
    const depth = 3000
    const nested = `${'[\n'.repeat(depth)}1${']\n'.repeat(depth)}`
    const blocks = `function deep(a) {\n${Array.from({ length: depth }, (_, i) => `${' '.repeat(i % 80)}if (a > ${i}) {\n`).join('')}return a\n${'}\n'.repeat(depth)}}\n`
    for (const [path, content] of [
      ['nested.js', `const x = ${nested}`],
      ['blocks.js', blocks],
      ['blocks.py', `def deep(a):\n${Array.from({ length: 400 }, (_, i) => `${'  '.repeat(i + 1)}if a > ${i}:\n`).join('')}${'  '.repeat(401)}return a\n`],
    ] as const) {
      const { result: chunks, ms } = await timed(() => chunker.chunk({ path, content, format: 'code' }))
      expect(ms).toBeLessThan(10_000)
      expect(chunks.some((c) => c.metadata['fallback'])).toBe(false)
      expectExactCover(content, chunks, 2000)
    }
  })

  it('chunks invalid syntax without throwing, covering every line', async () => {
    const broken = [
      ['broken.ts', readFixture('typescript.ts').replace(/\}/g, '').replace(/class /, 'class {{{ ')],
      ['broken.py', readFixture('python.py').replace(/:\n/g, '\n').replace(/def /, 'def (((')],
      ['broken.java', readFixture('java.java').slice(0, 700)],
      ['garbage.rs', '}}}} fn fn fn (((( impl <<<< ;;;; \n'.repeat(200)],
      ['binaryish.c', Array.from({ length: 3000 }, (_, i) => String.fromCharCode(i % 256)).join('')],
    ] as const
    for (const [path, content] of broken) {
      const chunks = await chunker.chunk({ path, content, format: 'code' })
      expectExactCover(content, chunks, 2000)
    }
  })

  it('returns no chunks for an empty file and one chunk for a blank one', async () => {
    expect(await chunker.chunk({ path: 'empty.ts', content: '', format: 'code' })).toEqual([])
    const blank = await chunker.chunk({ path: 'blank.md', content: '\n\n  \n', format: 'markdown' })
    expect(blank.map((c) => c.content)).toEqual(['\n\n  \n'])
    const spaces = await chunker.chunk({ path: 'blank.py', content: '\n\n', format: 'code' })
    expect(spaces.map((c) => c.content)).toEqual(['\n\n'])
  })

  it('keeps CRLF line endings and a missing final newline', async () => {
    const content = readFixture('go.go').replace(/\n/g, '\r\n').trimEnd()
    const chunks = await chunker.chunk({ path: 'cache.go', content, format: 'code' })
    expectExactCover(content, chunks, 2000)
    expect(chunks.at(-1)?.content.endsWith('\n')).toBe(false)
  })
})
