import { InvalidArgumentError, RagError, type SearchResult } from '@rag/core'
import { describe, expect, it } from 'vitest'
import { buildContextPrompt, renderContextPrompt } from './build-context-prompt.js'
import { estimateTokens } from './token-count.js'
import { hit } from './testing/hits.js'

const results = [hit('a', 'alpha', { file: 'a.ts' }), hit('b', 'beta', { file: 'b.ts' })]
const malformed = (document: unknown): SearchResult[] => [results[0]!, { document, score: 1 } as unknown as SearchResult]

describe('buildContextPrompt', () => {
  it('returns the query unchanged when there are no results', () => {
    expect(buildContextPrompt('How does auth work?', [])).toBe('How does auth work?')
    expect(buildContextPrompt('  spaced\n', [], { format: 'plain', maxTokens: 1 })).toBe('  spaced\n')
  })

  it('returns what renderContextPrompt renders', () => {
    for (const options of [undefined, { format: 'plain' as const }, { maxTokens: 60 }, { preset: 'tnsai' as const }]) {
      expect(buildContextPrompt('q', results, options)).toBe(renderContextPrompt('q', results, options).prompt)
    }
  })

  it.each([
    ['an empty query', ''],
    ['a whitespace query', ' \n\t'],
    ['a non-string query', 42],
    ['an undefined query', undefined],
  ])('throws InvalidArgumentError for %s', (_, query) => {
    expect(() => buildContextPrompt(query as string, results)).toThrow(InvalidArgumentError)
    expect(() => buildContextPrompt(query as string, [])).toThrow(/^query must be a non-empty string; received/)
  })

  it('throws InvalidArgumentError when results is not an array', () => {
    expect(() => buildContextPrompt('q', undefined as unknown as SearchResult[])).toThrow(
      'results must be an array of search results; received undefined.',
    )
    expect(() => buildContextPrompt('q', null as unknown as SearchResult[])).toThrow('received null.')
  })

  it('throws for invalid options even when there are no results', () => {
    expect(() => buildContextPrompt('q', [], { tagPrefix: '1x' })).toThrow(InvalidArgumentError)
  })

  it.each([
    ['a null hit', null],
    ['a hit without a document', undefined],
    ['an empty id', { id: '', content: 'x', metadata: {} }],
    ['a numeric id', { id: 7, content: 'x', metadata: {} }],
    ['non-string content', { id: 'x', content: 42, metadata: {} }],
    ['missing metadata', { id: 'x', content: 'x' }],
    ['a nested metadata value', { id: 'x', content: 'x', metadata: { deep: { a: 1 } } }],
    ['a NaN metadata value', { id: 'x', content: 'x', metadata: { startLine: Number.NaN } }],
  ])('returns the query unchanged for %s', (_, document) => {
    const bad = document === null ? [results[0]!, null as unknown as SearchResult] : malformed(document)
    for (const format of ['fenced', 'plain'] as const) {
      expect(buildContextPrompt('q', bad, { format })).toBe('q')
      expect(buildContextPrompt('q', bad, { format, maxTokens: 1000 })).toBe('q')
    }
  })
})

describe('renderContextPrompt', () => {
  it('reports every hit as included when there is no budget', () => {
    const render = renderContextPrompt('q', results)
    expect(render).toEqual({
      prompt: buildContextPrompt('q', results),
      status: 'complete',
      included: [
        { index: 0, id: 'a' },
        { index: 1, id: 'b' },
      ],
      truncated: undefined,
      omitted: [],
      tokens: estimateTokens(render.prompt),
      error: undefined,
    })
  })

  it('reports no-results with the token count of the query', () => {
    expect(renderContextPrompt('four', [])).toEqual({
      prompt: 'four',
      status: 'no-results',
      included: [],
      truncated: undefined,
      omitted: [],
      tokens: 2,
      error: undefined,
    })
  })

  it('reports a malformed hit as failed, naming it', () => {
    const render = renderContextPrompt('q', malformed({ id: 'x', content: 42, metadata: {} }))
    expect(render).toMatchObject({ prompt: 'q', status: 'failed', included: [], omitted: [], truncated: undefined })
    expect(render.error).toBeInstanceOf(InvalidArgumentError)
    expect(render.error?.message).toBe('results[1].document "x": content must be a string; received 42.')
  })

  it('falls back to the query when the counter throws under a budget, keeping the cause', () => {
    const cause = new Error('disallowed special token')
    const render = renderContextPrompt('q', [hit('a', '<|endoftext|>')], {
      maxTokens: 100,
      countTokens: (text) => {
        if (text.includes('endoftext')) throw cause
        return text.length
      },
    })
    expect(render).toMatchObject({ prompt: 'q', status: 'failed', tokens: 1 })
    expect(render.error).toBeInstanceOf(RagError)
    expect(render.error?.code).toBe('INTERNAL')
    expect(render.error?.cause).toBe(cause)
  })

  it('falls back to the query when the counter returns a bad count under a budget', () => {
    const render = renderContextPrompt('q', results, { maxTokens: 100, countTokens: () => Number.NaN })
    expect(render).toMatchObject({ prompt: 'q', status: 'failed', tokens: undefined })
    expect(render.error?.message).toBe('countTokens must return a finite number of at least 0; received NaN.')
  })

  it('does not let a failing counter spoil an unbounded render', () => {
    const render = renderContextPrompt('q', results, {
      countTokens: () => {
        throw new Error('no tokenizer')
      },
    })
    expect(render).toMatchObject({ prompt: buildContextPrompt('q', results), status: 'complete', tokens: undefined, error: undefined })
  })

  it('wraps an unexpected error while reading a hit', () => {
    const trap = {
      get document(): never {
        throw new TypeError('revoked proxy')
      },
      score: 1,
    } as unknown as SearchResult
    const render = renderContextPrompt('q', [trap])
    expect(render).toMatchObject({ prompt: 'q', status: 'failed' })
    expect(render.error?.code).toBe('INTERNAL')
    expect(render.error?.message).toBe('Rendering the context prompt failed: revoked proxy')
  })

  it('renders a hit with empty content', () => {
    expect(renderContextPrompt('q', [hit('a', '')], { format: 'plain' }).prompt).toBe(
      '[Relevant code context]\n--- document: a ---\n\n\n[User question]\nq',
    )
    expect(renderContextPrompt('q', [hit('a', '')]).prompt).toContain('<content></content>')
  })

  it('does not modify the results', () => {
    const input = [hit('a', 'x<y\n'.repeat(50), { file: 'a.ts', startLine: 1, endLine: 50 }), hit('b', 'z')]
    const snapshot = structuredClone(input)
    renderContextPrompt('q', input, { maxTokens: 80 })
    renderContextPrompt('q', input, { format: 'plain' })
    expect(input).toEqual(snapshot)
  })
})
