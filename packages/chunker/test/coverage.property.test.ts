import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createNormalizedDocumentChunker, languageForPath } from '../src/index.js'
import { repositoryCorpus } from '../src/testing/corpus.js'
import { expectExactCover, expectWindowCover } from '../src/testing/invariants.js'

const corpus = repositoryCorpus()
const formatOf = (path: string): string => {
  const language = languageForPath(path)
  return language === 'markdown' ? 'markdown' : language ? 'code' : 'text'
}

describe('chunk coverage over real files', () => {
  it('reads a corpus of repository sources, markdown and fixtures', () => {
    expect(corpus.length).toBeGreaterThan(40)
    expect(corpus.some((file) => file.path.endsWith('.md'))).toBe(true)
  })

  it('covers every line exactly once, in order, with correct line numbers, at any size', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...corpus),
        fc.integer({ min: 64, max: 4000 }),
        fc.integer({ min: 0, max: 100 }),
        async (file, maxChars, minPercent) => {
          const minChars = Math.floor((maxChars * minPercent) / 400)
          const chunker = createNormalizedDocumentChunker({ maxChars, minChars })
          const chunks = await chunker.chunk({ path: file.path, content: file.content, format: formatOf(file.path) })
          expectExactCover(file.content, chunks, maxChars)
          for (const chunk of chunks) expect(chunk.metadata['fallback']).toBeUndefined()
        },
      ),
      { numRuns: 150 },
    )
  })

  it('covers every file with default options', async () => {
    const chunker = createNormalizedDocumentChunker()
    for (const file of corpus) {
      const chunks = await chunker.chunk({ path: file.path, content: file.content, format: formatOf(file.path) })
      expectExactCover(file.content, chunks, 2000)
    }
  })

  it('windows any real file so that dropping each overlap restores it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...corpus), fc.integer({ min: 32, max: 3000 }), async (file, maxChars) => {
        const chunker = createNormalizedDocumentChunker({ maxChars })
        const chunks = await chunker.chunk({ path: file.path, content: file.content, format: 'text', language: 'text' })
        expectWindowCover(file.content, chunks, maxChars)
      }),
      { numRuns: 100 },
    )
  })
})

const markdownBlock = fc.oneof(
  fc.constantFrom('# Title\n', '## Part\n', '### Deep\n', 'Setext\n======\n', 'Under\n---\n', '#NoSpace\n', '\n', '\n\n'),
  fc.constantFrom('```ts\nconst a = 1\n# not a heading\n```\n', '~~~\ncode\n~~~\n', '```\nunclosed fence\n'),
  fc.constantFrom('| a | b |\n|---|---|\n| 1 | 2 |\n', '- item\n- item\n', '> quote\n', '---\n', 'text\r\n'),
  fc.string({ minLength: 1, maxLength: 300 }).map((s) => `${s.replace(/\n/g, ' ')}\n`),
  fc.constantFrom('---\nid: x\ntags: [a, b]\n---\n'),
)

describe('markdown coverage', () => {
  it('covers any generated markdown exactly once with sections no larger than the limit', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(markdownBlock, { maxLength: 60 }), fc.integer({ min: 40, max: 800 }), async (blocks, maxChars) => {
        const content = blocks.join('')
        const chunker = createNormalizedDocumentChunker({ maxChars })
        const chunks = await chunker.chunk({ path: 'doc.md', content, format: 'markdown' })
        expectExactCover(content, chunks, maxChars)
        for (const chunk of chunks) expect(['section', 'frontmatter']).toContain(chunk.metadata.kind)
      }),
      { numRuns: 200 },
    )
  })
})
