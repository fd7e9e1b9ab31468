import { describe, expect, it } from 'vitest'
import { estimateTokens, type FileLocation, type LocatedFile, type QueryPlan } from '@rag/session'
import { renderFiles } from './render-files.js'

const plan: QueryPlan = {
  query: 'Fix retryRequest',
  intent: 'locate',
  anchors: [],
  terms: [],
  searchText: 'Fix retryRequest',
  negated: [],
  priors: { demote: ['test'], boost: [] },
  layers: ['chunks'],
  limits: { chunks: 300, files: 50 },
  reasons: ['intent locate: a change verb', 'anchors: identifier retryRequest'],
}

const file = (rank: number, path: string, prior = 1): LocatedFile => ({
  file: path,
  rank,
  score: (2 / rank) * prior,
  evidence: 2 / rank,
  prior,
  categories: prior === 1 ? [] : ['test'],
  contributions: [
    { signal: 'first-hit', value: 1 / rank },
    { signal: 'definitions', value: 1 / rank },
  ],
  chunks: [
    { id: `${path}#a`, rank: rank - 1, score: 0.1, startLine: 10, endLine: 20 },
    { id: `${path}#b`, rank: rank + 5, score: 0.05, startLine: 1, endLine: 4 },
  ],
})

const location = (files: LocatedFile[]): FileLocation => ({ query: 'Fix retryRequest', plan, depth: 300, files })

describe('renderFiles', () => {
  it('renders the plan\'s reasons, then one line per file with ranges, score and the signals', () => {
    const { text, files, omitted } = renderFiles(location([file(1, 'src/retry.ts'), file(2, 'test/retry.test.ts', 0.25)]), 1000)
    expect(text).toBe(
      [
        'Files for "Fix retryRequest" (intent locate: a change verb; anchors: identifier retryRequest):',
        '1. src/retry.ts  L10-20, L1-4  score 2.0000  [first-hit 1.00, definitions 1.00]',
        '2. test/retry.test.ts  L10-20, L1-4  score 0.2500  [first-hit 0.50, definitions 0.50; prior x0.25 (test)]',
      ].join('\n'),
    )
    expect(files.map((f) => [f.file, f.rank, f.ranges])).toEqual([
      ['src/retry.ts', 1, ['L10-20', 'L1-4']],
      ['test/retry.test.ts', 2, ['L10-20', 'L1-4']],
    ])
    expect(omitted).toBe(0)
  })

  it('keeps within the budget and counts the files left out', () => {
    const many = Array.from({ length: 40 }, (_, i) => file(i + 1, `src/module-${i}/implementation-file-${i}.ts`))
    for (const budget of [120, 250, 400]) {
      const { text, files, omitted } = renderFiles(location(many), budget)
      expect(estimateTokens(text)).toBeLessThanOrEqual(budget)
      expect(files.length + omitted).toBe(40)
      expect(files.length).toBeGreaterThan(0)
      expect(text).toMatch(new RegExp(`\\[${omitted} files omitted to fit the ${budget}-token budget\\]$`))
    }
  })

  it('says so when not even the first file fits, and when there is nothing', () => {
    expect(renderFiles(location([file(1, 'src/retry.ts')]), 20)).toEqual({
      text: '1 file for "Fix retryRequest", but not even the first fits max_tokens=20; raise max_tokens.',
      files: [],
      omitted: 1,
    })
    expect(renderFiles(location([]), 1000)).toEqual({ text: 'No files for "Fix retryRequest".', files: [], omitted: 0 })
  })
})
