import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createNormalizedDocumentChunker, languageForPath } from '../src/index.js'
import { FIXTURES, fixtureNames, readFixture } from '../src/testing/corpus.js'

/**
 * Small chunks and no merging, so the goldens show the symbol structure itself: class headers,
 * members, gaps. `UPDATE_GOLDEN=1 pnpm test` rewrites them; review the diff before committing.
 */
const chunker = createNormalizedDocumentChunker({ maxChars: 600, minChars: 0 })
const GOLDEN = join(FIXTURES, '..', 'golden')

async function boundaries(name: string): Promise<string> {
  const content = readFixture(name)
  const language = languageForPath(name)
  const chunks = await chunker.chunk({ path: name, content, format: language === 'markdown' ? 'markdown' : 'code' })
  expect(chunks.map((chunk) => chunk.content).join('')).toBe(content)
  const lines = chunks.map(({ metadata: m }) => {
    expect(m['fallback']).toBeUndefined()
    return `${m.startLine}-${m.endLine} ${m.kind} ${m.qname || '-'}${m.signature ? ` | ${m.signature}` : ''}`
  })
  return `${lines.join('\n')}\n`
}

describe('golden chunk boundaries', () => {
  for (const name of fixtureNames()) {
    it(`chunks ${name} as recorded in golden/${name}.txt`, async () => {
      const actual = await boundaries(name)
      const file = join(GOLDEN, `${name}.txt`)
      if (process.env['UPDATE_GOLDEN'] === '1') writeFileSync(file, actual)
      expect(existsSync(file), `golden/${name}.txt is missing: run with UPDATE_GOLDEN=1`).toBe(true)
      expect(actual).toBe(readFileSync(file, 'utf8'))
    })
  }

  it('has a fixture for every language with a grammar, and for markdown', () => {
    const languages = new Set(fixtureNames().map((name) => languageForPath(name)))
    for (const id of ['typescript', 'tsx', 'javascript', 'python', 'java', 'go', 'rust', 'c', 'cpp', 'csharp', 'ruby', 'php', 'bash', 'css', 'powershell', 'ini', 'kotlin', 'swift', 'dart', 'vue', 'svelte', 'astro', 'markdown']) {
      expect(languages).toContain(id)
    }
  })
})
