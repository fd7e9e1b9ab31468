import type { Document } from '@rag/core'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { InMemoryKnowledgeBase } from './in-memory-knowledge-base.js'

// Adds, removes and replaces in any order (which moves postings, leaves dead ones behind and
// triggers compaction) must leave the index exactly as if the survivors had been added fresh.

const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'omega', 'widget', 'parser', 'token']
const POOL = Array.from({ length: 12 }, (_, i) => `id${i}`)

const content = fc.array(fc.constantFrom(...WORDS, 'rare1', 'rare2', 'rare3'), { minLength: 0, maxLength: 12 }).map((w) => w.join(' '))
const op = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), ids: fc.subarray(POOL), texts: fc.array(content, { minLength: 12, maxLength: 12 }) }),
  fc.record({ kind: fc.constant('remove' as const), id: fc.constantFrom(...POOL) }),
  fc.record({
    kind: fc.constant('replace' as const),
    remove: fc.subarray(POOL),
    ids: fc.subarray(POOL),
    texts: fc.array(content, { minLength: 12, maxLength: 12 }),
  }),
)

const QUERIES = [...WORDS, 'rare1', 'alpha beta', 'token parser rare2', 'omega omega widget']

async function results(kb: InMemoryKnowledgeBase, query: string): Promise<[string, number][]> {
  return (await kb.search(query, 50)).map((r) => [r.document.id, r.score])
}

describe('InMemoryKnowledgeBase under churn', () => {
  it('matches a freshly built index after any sequence of writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 25 }), async (ops) => {
        const kb = new InMemoryKnowledgeBase()
        let model: Document[] = []
        const makeDocs = (ids: string[], texts: string[], taken: Set<string>) =>
          ids.filter((id) => !taken.has(id)).map((id, i) => ({ id, content: texts[i]!, metadata: {} }))
        for (const o of ops) {
          if (o.kind === 'add') {
            const docs = makeDocs(o.ids, o.texts, new Set(model.map((d) => d.id)))
            await kb.add(docs)
            model = [...model, ...docs]
          } else if (o.kind === 'remove') {
            expect(await kb.remove(o.id)).toBe(model.some((d) => d.id === o.id))
            model = model.filter((d) => d.id !== o.id)
          } else {
            const removing = new Set(o.remove)
            const kept = model.filter((d) => !removing.has(d.id))
            const docs = makeDocs(o.ids, o.texts, new Set(kept.map((d) => d.id)))
            await kb.replaceDocuments(o.remove, docs)
            model = [...kept, ...docs]
          }
        }
        expect((await kb.list()).map((d) => d.id)).toEqual(model.map((d) => d.id))
        expect(await kb.size()).toBe(model.length)
        const fresh = new InMemoryKnowledgeBase()
        await fresh.add(model)
        for (const q of QUERIES) expect(await results(kb, q)).toEqual(await results(fresh, q))
      }),
      { numRuns: 300 },
    )
  })
})
