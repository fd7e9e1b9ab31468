import type { Chunk } from '@rag/core'
import { describe, expect, it } from 'vitest'
import { createNormalizedDocumentChunker, type ChunkerOptions } from '../src/index.js'
import { readFixture } from '../src/testing/corpus.js'

async function chunk(path: string, content: string, options: ChunkerOptions = {}): Promise<Chunk[]> {
  const format = path.endsWith('.md') ? 'markdown' : 'code'
  return createNormalizedDocumentChunker(options).chunk({ path, content, format })
}

/** Ids of the chunks that do not hold `marker` (text of the edited symbol, in both versions). */
async function untouchedIds(path: string, before: string, after: string, marker: string, options?: ChunkerOptions) {
  const old = await chunk(path, before, options)
  const edited = await chunk(path, after, options)
  const unchanged = (chunks: Chunk[]) => chunks.filter((c) => !c.content.includes(marker)).map((c) => c.id)
  return { before: unchanged(old), after: unchanged(edited), edited }
}

/** A module of many mid-sized functions, larger than one chunk at the default sizes. */
function bigModule(edit = ''): string {
  const parts = ["import { join } from 'node:path'\n"]
  for (let i = 0; i < 40; i++) {
    const body = Array.from({ length: 6 + (i % 7) }, (_, j) => `  const v${j} = join('${i}', '${j}')\n`).join('')
    parts.push(`\n/** Function number ${i}. */\nexport function f${i}(a: string): string {\n${body}${i === 20 ? edit : ''}  return a\n}\n`)
  }
  return parts.join('')
}

describe('chunk ids', () => {
  it('stay the same for untouched symbols when one method changes (small chunks, no merging)', async () => {
    const before = readFixture('typescript.ts')
    const after = before.replace("const text = await readFile(`${this.root}/${path}`, 'utf8')", "const text = await readFile(`${this.root}/${path}`, 'utf8') // EDITED")
    expect(after).not.toBe(before)
    const { before: a, after: b, edited } = await untouchedIds('src/store.ts', before, after, 'async read(path', {
      maxChars: 600,
      minChars: 0,
    })
    expect(b).toEqual(a)
    expect(edited.find((c) => c.content.includes('EDITED'))?.metadata.qname).toBe('FileStore.read')
  })

  it('stay the same for untouched symbols at the default sizes, with merging', async () => {
    const before = bigModule()
    const after = bigModule("  const EDITED = 'a longer body for function twenty'\n  void EDITED\n")
    const { before: a, after: b } = await untouchedIds('src/big.ts', before, after, 'f20(', {})
    expect(a.length).toBeGreaterThan(10)
    expect(b).toEqual(a)
  })

  it('stay the same when lines are inserted above a symbol', async () => {
    const before = readFixture('python.py')
    const after = before.replace('DEFAULT_QUANTITY = 1\n', 'DEFAULT_QUANTITY = 1\nMAXIMUM = 99\nMINIMUM = 0\n')
    const old = await chunk('inventory.py', before, { maxChars: 600, minChars: 0 })
    const edited = await chunk('inventory.py', after, { maxChars: 600, minChars: 0 })
    const ids = (chunks: Chunk[]) => new Map(chunks.filter((c) => c.metadata.qname).map((c) => [c.metadata.qname, c.id]))
    expect(ids(edited)).toEqual(ids(old))
    const moved = edited.find((c) => c.metadata.qname === 'Inventory.add')
    const original = old.find((c) => c.metadata.qname === 'Inventory.add')
    expect(moved?.metadata.startLine).toBe((original?.metadata.startLine as number) + 2)
  })

  it('stay the same for untouched markdown sections', async () => {
    const before = readFixture('markdown.md')
    const after = before.replace('Uses embeddings.', 'Uses embeddings from a local model. EDITED')
    const { before: a, after: b } = await untouchedIds('docs/guide.md', before, after, 'Uses embeddings')
    expect(b).toEqual(a)
  })

  it('are deterministic and carry the path, the qualified name and a content hash', async () => {
    const content = readFixture('java.java')
    const first = await chunk('src/OrderBook.java', content, { maxChars: 600, minChars: 0 })
    const second = await chunk('src/OrderBook.java', content, { maxChars: 600, minChars: 0 })
    expect(second.map((c) => c.id)).toEqual(first.map((c) => c.id))
    expect(first.map((c) => c.id)).toContain(first.find((c) => c.metadata.qname === 'OrderBook.find')?.id)
    expect(first.find((c) => c.metadata.qname === 'OrderBook.find')?.id).toMatch(/^src\/OrderBook\.java#OrderBook\.find@[0-9a-f]{12}$/)
  })

  it('number repeated identical chunks in file order', async () => {
    const content = 'function a() {}\nfunction a() {}\n'
    const chunks = await chunk('dup.js', content, { maxChars: 100, minChars: 0 })
    expect(chunks.map((c) => c.id)).toEqual([expect.stringMatching(/^dup\.js#a@\w+$/), expect.stringMatching(/^dup\.js#a@\w+~2$/)])
  })
})
