import type { SearchResult } from '@rag/core'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { renderContextPrompt } from './build-context-prompt.js'
import { provenanceOrder } from './fenced-format.js'
import { estimateTokens } from './token-count.js'
import { hostileHits, hostileText, occurrences, parseFence } from './testing/hits.js'

const prefixes = fc.constantFrom('rag', 'tnsai', 'acme-ctx', 'X_1')
// A query without markup, so that counting fence tags in the whole prompt is meaningful.
const query = hostileText(6).filter((q) => q.trim().length > 0 && !q.includes('<'))
const multiline = fc
  .array(
    fc.oneof({ weight: 6, arbitrary: fc.string({ minLength: 10, maxLength: 80 }) }, hostileText(3), fc.constant(''), fc.constant('   ')),
    { minLength: 1, maxLength: 60, size: 'medium' },
  )
  .map((lines) => lines.join('\n'))
const longHits = fc.array(
  fc.record({ id: hostileText(3).filter((id) => id.length > 0), content: multiline, file: hostileText(2) }).map(
    ({ id, content, file }): SearchResult => ({ document: { id, content, metadata: { file, startLine: 1, endLine: 30 } }, score: 1 }),
  ),
  { minLength: 1, maxLength: 8 },
)
// A budget relative to the unbounded prompt, so that cuts, omissions and over-budget all occur often.
const share = fc.double({ min: 0.05, max: 1.1, noNaN: true })
const budgetFor = (q: string, hits: SearchResult[], fraction: number, count: (text: string) => number): number =>
  Math.max(1, Math.floor(fraction * count(renderContextPrompt(q, hits).prompt)))

const counters = fc.constantFrom(
  estimateTokens,
  (text: string) => text.length,
  (text: string) => text.split(/\s+/).length,
  // Not monotone: the budget must hold anyway.
  (text: string) => text.length + (text.length % 7) * 5,
)

describe('fenced format, for arbitrary ids, metadata and content', () => {
  it('keeps every value inside its element: one memory fence, one evidence per hit, values round-trip', () => {
    fc.assert(
      fc.property(query, hostileHits(), prefixes, (q, hits, prefix) => {
        const { prompt, status } = renderContextPrompt(q, hits, { tagPrefix: prefix })
        if (hits.length === 0) {
          expect(prompt).toBe(q)
          return
        }
        expect(status).toBe('complete')
        expect(occurrences(prompt, `<${prefix}-memory>`)).toBe(1)
        expect(occurrences(prompt, `</${prefix}-memory>`)).toBe(1)
        expect(occurrences(prompt, `<${prefix}-user-message>`)).toBe(1)
        expect(occurrences(prompt, '<evidence>')).toBe(hits.length)
        expect(occurrences(prompt, '</evidence>')).toBe(hits.length)
        const parsed = parseFence(prompt, prefix)
        expect(parsed).toBeDefined()
        expect(parsed!.query).toBe(q)
        expect(parsed!.marker).toBeUndefined()
        expect(parsed!.evidence).toHaveLength(hits.length)
        parsed!.evidence.forEach((evidence, i) => {
          const { id, content, metadata } = hits[i]!.document
          expect(evidence.id).toBe(id)
          expect(evidence.content).toBe(content)
          const keys = provenanceOrder(metadata, undefined)
          expect(evidence.provenance).toEqual(keys.map((key) => [key, String(metadata[key])]))
        })
      }),
      { numRuns: 300 },
    )
  })
})

describe('token budget, for arbitrary hits, budgets and counters', () => {
  it('never exceeds maxTokens, or returns the query unchanged', () => {
    fc.assert(
      fc.property(
        query,
        longHits,
        share,
        fc.constantFrom('fenced' as const, 'plain' as const),
        counters,
        (q, hits, fraction, format, countTokens) => {
          const maxTokens = budgetFor(q, hits, fraction, countTokens)
          const render = renderContextPrompt(q, hits, { format, maxTokens, countTokens })
          if (render.prompt === q) {
            expect(['over-budget', 'complete']).toContain(render.status)
            return
          }
          expect(countTokens(render.prompt)).toBeLessThanOrEqual(maxTokens)
          expect(render.tokens).toBe(countTokens(render.prompt))
        },
      ),
      { numRuns: 400 },
    )
  })

  it('keeps hits in rank order, whole lines only, and says what it left out', () => {
    fc.assert(
      fc.property(query, longHits, share, prefixes, (q, hits, fraction, prefix) => {
        const countTokens = (text: string): number => text.length
        const maxTokens = budgetFor(q, hits, fraction, countTokens)
        const render = renderContextPrompt(q, hits, { tagPrefix: prefix, maxTokens, countTokens })
        const { included, truncated, omitted } = render
        if (render.status === 'over-budget') {
          expect(render.prompt).toBe(q)
          expect(omitted.map((r) => r.index)).toEqual(hits.map((_, i) => i))
          return
        }
        // included, truncated and omitted partition the hits in rank order.
        const order = [...included, ...(truncated ? [truncated] : []), ...omitted].map((r) => r.index)
        expect(order).toEqual(hits.map((_, i) => i))
        const parsed = parseFence(render.prompt, prefix)
        expect(parsed).toBeDefined()
        expect(parsed!.evidence).toHaveLength(included.length + (truncated ? 1 : 0))
        included.forEach((r, i) => expect(parsed!.evidence[i]!.content).toBe(hits[r.index]!.document.content))
        if (truncated) {
          const original = hits[truncated.index]!.document.content
          const shown = parsed!.evidence[included.length]!.content
          expect(original.startsWith(`${shown}\n`)).toBe(true)
          expect(shown.split('\n')).toHaveLength(truncated.keptLines)
          expect(shown.trim().length).toBeGreaterThan(0)
        }
        const cutSomething = truncated !== undefined || omitted.length > 0
        expect(render.status).toBe(cutSomething ? 'truncated' : 'complete')
        expect(parsed!.marker !== undefined).toBe(cutSomething)
        if (cutSomething) expect(parsed!.marker).toMatch(new RegExp(`to fit the ${maxTokens}-token budget$`))
      }),
      { numRuns: 400 },
    )
  })
})
