import { describe, expect, it } from 'vitest'
import { fitToBudget, largestFitting, truncationNote } from './budget.js'
import { renderContextPrompt } from './build-context-prompt.js'
import { createFencedLayout } from './fenced-format.js'
import { createPlainLayout } from './plain-format.js'
import { hit } from './testing/hits.js'

const chars = (text: string): number => text.length
const lines = (from: number, to: number): string =>
  Array.from({ length: to - from + 1 }, (_, i) => `line ${from + i}`).join('\n')

describe('truncationNote', () => {
  it('says what was cut and omitted, and the budget', () => {
    expect(truncationNote(undefined, 1, 800)).toBe('1 result omitted to fit the 800-token budget')
    expect(truncationNote(undefined, 2, 800)).toBe('2 results omitted to fit the 800-token budget')
    expect(truncationNote({ keptLines: 12, totalLines: 40 }, 0, 50)).toBe('last result cut to 12 of 40 lines to fit the 50-token budget')
    expect(truncationNote({ keptLines: 1, totalLines: 2 }, 3, 9)).toBe(
      'last result cut to 1 of 2 lines and 3 results omitted to fit the 9-token budget',
    )
  })
})

describe('largestFitting', () => {
  it('finds the largest k that fits with few evaluations', () => {
    for (const max of [0, 1, 2, 7, 100, 1000]) {
      for (const answer of [0, 1, 3, 50, 999, 1000]) {
        if (answer > max) continue
        let calls = 0
        const found = largestFitting(max, (k) => {
          calls++
          return k <= answer
        })
        expect(found).toBe(answer)
        expect(calls).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(max + 2)) + 2)
      }
    }
  })

  it('returns only values it saw fit, even for a predicate that is not monotone', () => {
    const fits = (k: number): boolean => k === 1 || k === 5
    const found = largestFitting(10, fits)
    expect(fits(found) || found === 0).toBe(true)
  })
})

describe('renderContextPrompt with maxTokens', () => {
  const results = [
    hit('a', 'alpha\nbeta', { file: 'a.ts' }),
    hit('b', lines(1, 10), { file: 'b.ts' }),
    hit('c', 'gamma', { file: 'c.ts' }),
  ]

  it('cuts the first hit that does not fit on a line boundary and marks it inside the fence (golden)', () => {
    const expected = (budget: number): string => `<rag-memory>
<evidence>
<document-id>a</document-id>
<provenance>
<entry><key>file</key><value>a.ts</value></entry>
</provenance>
<content>alpha
beta</content>
</evidence>
<evidence>
<document-id>b</document-id>
<provenance>
<entry><key>file</key><value>b.ts</value></entry>
</provenance>
<content>line 1
line 2
line 3</content>
</evidence>
<rag-truncated>last result cut to 3 of 10 lines and 1 result omitted to fit the ${budget}-token budget</rag-truncated>
</rag-memory>

<rag-user-message>
q
</rag-user-message>`
    expect(expected(509)).toHaveLength(509)
    // One more line ("\nline 4", 7 characters) does not fit in 509 + 6.
    for (const maxTokens of [509, 515]) {
      const render = renderContextPrompt('q', results, { maxTokens, countTokens: chars })
      expect(render.prompt).toBe(expected(maxTokens))
      expect(render).toMatchObject({
        status: 'truncated',
        included: [{ index: 0, id: 'a' }],
        truncated: { index: 1, id: 'b', keptLines: 3, totalLines: 10 },
        omitted: [{ index: 2, id: 'c' }],
        tokens: 509,
      })
    }
  })

  it('writes the marker as a line of its own in the plain format (golden)', () => {
    const expected = (budget: number): string => `[Relevant code context]
--- file: a.ts ---
alpha
beta

[... 2 results omitted to fit the ${budget}-token budget]

[User question]
q`
    expect(expected(125)).toHaveLength(125)
    const render = renderContextPrompt('q', results, { format: 'plain', maxTokens: 125, countTokens: chars })
    expect(render.prompt).toBe(expected(125))
    expect(render.tokens).toBe(125)
  })

  it('reports a cut last hit as truncated even when nothing is omitted', () => {
    const one = [hit('b', lines(1, 40))]
    const full = renderContextPrompt('q', one).prompt.length
    const render = renderContextPrompt('q', one, { maxTokens: full - 20, countTokens: chars })
    expect(render.status).toBe('truncated')
    expect(render.truncated).toMatchObject({ index: 0, keptLines: expect.any(Number), totalLines: 40 })
    expect(render.omitted).toEqual([])
    expect(render.prompt).toMatch(/<rag-truncated>last result cut to \d+ of 40 lines to fit the \d+-token budget<\/rag-truncated>\n<\/rag-memory>/)
  })

  it("names the lines a cut hit keeps in its header (startLine and endLine as sent), in both formats", () => {
    const one = [hit('b', lines(1, 40), { file: 'src/b.ts', startLine: 101, endLine: 140 })]
    for (const format of ['fenced', 'plain'] as const) {
      const full = renderContextPrompt('q', one, { format }).prompt.length
      const render = renderContextPrompt('q', one, { format, maxTokens: full - 60, countTokens: chars })
      const kept = render.truncated!.keptLines
      expect(kept).toBeGreaterThan(0)
      expect(kept).toBeLessThan(40)
      if (format === 'fenced') expect(render.prompt).toContain(`<entry><key>endLine</key><value>${100 + kept}</value></entry>`)
      else expect(render.prompt).toContain(`(lines 101-${100 + kept})`)
      expect(render.prompt).not.toContain('140')
    }
  })

  it('renders everything without a marker when everything fits', () => {
    const unbounded = renderContextPrompt('q', results).prompt
    const render = renderContextPrompt('q', results, { maxTokens: unbounded.length, countTokens: chars })
    expect(render.prompt).toBe(unbounded)
    expect(render.status).toBe('complete')
    expect(render.prompt).not.toContain('rag-truncated')
  })

  it('prefers all hits without a marker over fewer hits with one', () => {
    const tiny = [hit('a', 'x'), hit('b', 'y'), hit('c', 'z')]
    const all = renderContextPrompt('q', tiny, { format: 'plain' }).prompt
    const render = renderContextPrompt('q', tiny, { format: 'plain', maxTokens: all.length, countTokens: chars })
    expect(render.prompt).toBe(all)
  })

  it('drops a hit when no non-blank line of it fits', () => {
    const blankTop = [hit('a', 'x'), hit('b', `\n\n\n${'y'.repeat(200)}`)]
    const full = renderContextPrompt('q', [blankTop[0]!], { format: 'plain' }).prompt
    const render = renderContextPrompt('q', blankTop, { format: 'plain', maxTokens: full.length + 60, countTokens: chars })
    expect(render.status).toBe('truncated')
    expect(render.truncated).toBeUndefined()
    expect(render.omitted).toEqual([{ index: 1, id: 'b' }])
    expect(render.prompt).toContain('[... 1 result omitted to fit the')
  })

  it('drops a hit whose single line is too long instead of cutting it mid-line', () => {
    const render = renderContextPrompt('q', [hit('a', 'x'), hit('b', 'y'.repeat(500))], { maxTokens: 260, countTokens: chars })
    expect(render.included).toEqual([{ index: 0, id: 'a' }])
    expect(render.truncated).toBeUndefined()
  })

  it('returns the query when not even part of the first hit fits', () => {
    const render = renderContextPrompt('How?', results, { maxTokens: 40, countTokens: chars })
    expect(render).toMatchObject({ prompt: 'How?', status: 'over-budget', included: [], truncated: undefined, tokens: 4 })
    expect(render.omitted.map((r) => r.id)).toEqual(['a', 'b', 'c'])
  })

  it('returns the query even when the query alone is over the budget', () => {
    const query = 'q'.repeat(100)
    expect(renderContextPrompt(query, results, { maxTokens: 10, countTokens: chars })).toMatchObject({ prompt: query, status: 'over-budget' })
  })

  it('measures few candidates, each as a whole prompt, for many long hits', () => {
    const many = Array.from({ length: 64 }, (_, i) => hit(`h${i}`, lines(1, 1000), { file: `f${i}.ts` }))
    let calls = 0
    const measured: string[] = []
    const countTokens = (text: string): number => {
      calls++
      measured.push(text)
      return text.length
    }
    const render = renderContextPrompt('q', many, { maxTokens: 30_000, countTokens })
    expect(render.status).toBe('truncated')
    expect(render.included).toHaveLength(3)
    expect(render.truncated).toMatchObject({ index: 3 })
    // 1 (everything) + at most 2*log2(64) for whole hits + log2(1000) for lines + 1 (report), rounded up.
    expect(calls).toBeLessThanOrEqual(1 + 12 + 10 + 1)
    for (const text of measured) expect(text.startsWith('<rag-memory>\n') && text.endsWith('</rag-user-message>')).toBe(true)
  })

  it('keeps a long cut hit on a line boundary and the prompt within budget', () => {
    const layout = createFencedLayout('q', { tagPrefix: 'rag', provenanceKeys: undefined })
    const docs = [{ id: 'a', content: lines(1, 100), metadata: {} }]
    const fit = fitToBudget(layout, docs, 400, chars)
    expect(fit).toBeDefined()
    expect(fit!.tokens).toBeLessThanOrEqual(400)
    expect(fit!.prompt.length).toBe(fit!.tokens)
    expect(fit!.prompt).toMatch(/<content>line 1\n(?:line \d+\n)*line \d+<\/content>/)
    expect(fit!.cut).toMatchObject({ totalLines: 100 })
  })

  it('keeps a plain cut hit on a line boundary too', () => {
    const fit = fitToBudget(createPlainLayout('q'), [{ id: 'a', content: lines(1, 100), metadata: {} }], 150, chars)
    expect(fit!.prompt).toMatch(/^\[Relevant code context\]\n--- document: a ---\nline 1\n(?:line \d+\n)*\n\[\.\.\. last result cut to \d+ of 100 lines to fit the 150-token budget\]\n\n\[User question\]\nq$/)
  })
})
