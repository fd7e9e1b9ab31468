import { describe, expect, it } from 'vitest'
import { createNormalizedDocumentChunker } from '../normalized-document-chunker.js'

async function sections(content: string, maxChars = 2000) {
  const chunks = await createNormalizedDocumentChunker({ maxChars }).chunk({ path: 'docs/a.md', content, format: 'markdown' })
  expect(chunks.map((c) => c.content).join('')).toBe(content)
  return chunks
}

describe('markdown sections', () => {
  it('gives each heading section its heading trail, title, level and parent', async () => {
    const chunks = await sections('# Guide\n\nIntro.\n\n## Install\n\nRun it.\n\n### Linux\n\napt.\n\n## Use\n\nCall it.\n')
    expect(chunks.map((c) => [c.metadata.sectionPath, c.metadata.symbol, c.metadata['headingLevel'], c.metadata.parent])).toEqual([
      ['Guide', 'Guide', 1, ''],
      ['Guide > Install', 'Install', 2, 'Guide'],
      ['Guide > Install > Linux', 'Linux', 3, 'Guide > Install'],
      ['Guide > Use', 'Use', 2, 'Guide'],
    ])
    expect(chunks.every((c) => c.metadata.kind === 'section')).toBe(true)
    expect(chunks[1]?.metadata.signature).toBe('## Install')
  })

  it('ignores headings inside fenced code blocks', async () => {
    const chunks = await sections('# A\n\n```sh\n# not a heading\n```\n\n~~~\n## nor this\n~~~\n')
    expect(chunks).toHaveLength(1)
  })

  it('starts the next section with a heading that has nothing under it', async () => {
    const chunks = await sections('# Title\n\n## First\n\ntext\n')
    expect(chunks).toHaveLength(1)
    expect(chunks[0]?.metadata.sectionPath).toBe('Title > First')
  })

  it('puts frontmatter into every chunk and keeps provenance keys from being overwritten', async () => {
    const content = '---\nid: guide-1\ntype: guide\ntags: [a, b]\nkind: special\n---\n# One\n\ntext one\n\n# Two\n\ntext two\n'
    const chunks = await sections(content)
    for (const chunk of chunks) {
      expect(chunk.metadata).toMatchObject({ id: 'guide-1', type: 'guide', tags: 'a, b', 'frontmatter.kind': 'special', kind: 'section' })
    }
    expect(chunks[0]?.content.startsWith('---\nid: guide-1')).toBe(true)
  })

  it('cuts a large section between blocks, keeping code blocks and tables whole with their introduction', async () => {
    const paragraph = (n: number) => `Paragraph ${n} ${'words '.repeat(20)}\n\n`
    const code = 'Example:\n```ts\n' + 'const value = compute()\n'.repeat(6) + '```\n\n'
    const table = 'Limits:\n| name | value |\n|---|---|\n' + '| limit | 100 |\n'.repeat(6) + '\n'
    const content = `# Big\n\n${paragraph(1)}${code}${paragraph(2)}${table}${paragraph(3)}`
    const chunks = await sections(content, 300)
    expect(chunks.length).toBeGreaterThan(2)
    expect(chunks.every((c) => c.content.length <= 300)).toBe(true)
    expect(chunks.some((c) => c.content.includes(code.trimEnd()))).toBe(true)
    expect(chunks.some((c) => c.content.includes(table.trimEnd()))).toBe(true)
    expect(chunks[0]?.content.startsWith('# Big\n\nParagraph 1')).toBe(true)
    expect(chunks.every((c) => c.metadata.sectionPath === 'Big')).toBe(true)
  })

  it('reads setext headings', async () => {
    const chunks = await sections('Title\n=====\n\ntext\n\nPart\n----\n\nmore\n')
    expect(chunks.map((c) => c.metadata.sectionPath)).toEqual(['Title', 'Title > Part'])
  })

  it('cuts a document without headings into blocks rather than windows', async () => {
    const content = Array.from({ length: 30 }, (_, i) => `Paragraph ${i} with some words in it.\n\n`).join('')
    const chunks = await sections(content, 200)
    expect(chunks.every((c) => c.metadata.kind === 'section' && c.metadata['overlap'] === undefined)).toBe(true)
    expect(chunks.every((c) => c.content.startsWith('Paragraph'))).toBe(true)
  })
})
