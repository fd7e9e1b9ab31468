import { type Document } from '@rag/core'
import { basicAnalyzer } from '@rag/lexical'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { InMemoryKnowledgeBase } from './in-memory-knowledge-base.js'

// basicAnalyzer is staged through its term-id path (no string per token); a copy of it takes the
// generic path (analyze, then one lookup per term). Both must build the same index.

const WORD = fc.constantFrom('Alpha', 'alpha', 'BETA', 'gamma_1', 'x', 'Widget', 'parserTokenizerFactory', 'İd', '\u212aelvin', 'é', '€', '42')
const SEPARATOR = fc.constantFrom(' ', '.', '-', '\n', '(', 'ü')
const content = fc.array(fc.tuple(WORD, SEPARATOR), { maxLength: 16 }).map((parts) => parts.map(([w, s]) => w + s).join(''))
const QUERIES = ['alpha', 'beta gamma_1', 'widget parsertokenizerfactory', 'kelvin id', '42 alpha', 'x']

async function results(kb: InMemoryKnowledgeBase, query: string): Promise<[string, number][]> {
  return (await kb.search(query, 50)).map((r) => [r.document.id, r.score])
}

describe('InMemoryKnowledgeBase with basicAnalyzer', () => {
  it('builds the same index through the term-id path as through the generic one, across writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(content, { maxLength: 8 }), { minLength: 1, maxLength: 6 }), async (batches) => {
        const fast = new InMemoryKnowledgeBase({ analyzer: basicAnalyzer })
        const generic = new InMemoryKnowledgeBase({ analyzer: { ...basicAnalyzer } })
        let previous: string[] = []
        for (const [b, texts] of batches.entries()) {
          const docs: Document[] = texts.map((text, i) => ({ id: `${b}-${i}`, content: text, metadata: {} }))
          // Replace every other batch's predecessor, so postings move, die and get compacted.
          const remove = b % 2 === 1 ? previous : []
          await fast.replaceDocuments(remove, docs)
          await generic.replaceDocuments(remove, docs)
          previous = docs.map((d) => d.id)
          for (const q of QUERIES) expect(await results(fast, q)).toEqual(await results(generic, q))
        }
      }),
      { numRuns: 200 },
    )
  })
})
