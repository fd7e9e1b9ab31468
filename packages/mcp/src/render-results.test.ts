import type { SearchResult } from '@rag/core'
import { describe, expect, it } from 'vitest'
import { estimateTokens } from '@rag/session'
import { renderResults } from './render-results.js'

const hit = (file: string, lines: number, score: number): SearchResult => ({
  document: {
    id: `${file}#0`,
    content: Array.from({ length: lines }, (_, i) => `const line${i} = ${i} // ${file}`).join('\n'),
    metadata: { file, startLine: 1, endLine: lines, language: 'typescript' },
  },
  score,
})

describe('renderResults', () => {
  it('renders path:start-end, score, language and a fenced snippet per hit', () => {
    const { text, hits, omitted } = renderResults('q', [hit('a.ts', 2, 0.5)], 1000)
    expect(text).toBe('1 result for "q":\n\n1. a.ts:1-2  score 0.5000  typescript\n```typescript\nconst line0 = 0 // a.ts\nconst line1 = 1 // a.ts\n```')
    expect(hits).toEqual([expect.objectContaining({ file: 'a.ts', startLine: 1, endLine: 2, cut: false })])
    expect(omitted).toBe(0)
  })

  it('stays within max_tokens: cuts on a line boundary and counts what it left out', () => {
    const results = Array.from({ length: 10 }, (_, i) => hit(`f${i}.ts`, 50, 1 / (i + 1)))
    for (const budget of [60, 200, 500, 1500]) {
      const { text, omitted, hits } = renderResults('q', results, budget)
      expect(estimateTokens(text)).toBeLessThanOrEqual(budget)
      expect(omitted + hits.length).toBe(10)
      if (omitted > 0 && hits.length > 0) expect(text).toMatch(new RegExp(`omitted to fit the ${budget}-token budget\\]$`))
      if (hits.length === 0) expect(text).toContain(`not even the first fits max_tokens=${budget}`)
    }
  })

  it('says so when there are no results', () => {
    expect(renderResults('nothing', [], 100).text).toBe('No results for "nothing".')
  })

  it('quotes a long query back cut short, so that its messages stay within max_tokens', () => {
    const query = 'user '.repeat(200).trim()
    for (const [results, budget] of [[[], 50], [[hit('a.ts', 50, 0.5)], 50]] as const) {
      const { text } = renderResults(query, [...results], budget)
      expect(estimateTokens(text)).toBeLessThanOrEqual(budget)
      expect(text).toContain(`"${query.slice(0, 60)}…"`)
    }
  })
})
