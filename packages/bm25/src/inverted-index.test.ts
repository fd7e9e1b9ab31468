import type { Analyzer, Document } from '@rag/core'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { codeAwareAnalyzer } from './code-aware-analyzer.js'
import { compatibleAnalyzer } from './compatible-analyzer.js'
import { bm25Idf } from '@rag/lexical'
import { InvertedIndex } from './inverted-index.js'

const PARAMS = { k1: 1.2, b: 0.75 }
const VOCABULARY = ['cache', 'caches', 'read', 'reading', 'disk', 'Disk', 'getCache', 'miss', 'hit', 'the', 'token', 'x']

/** The same analysis through the generic path (a copy has no registered shortcut), failing on "boom". */
function generic(analyzer: Analyzer): Analyzer {
  return {
    name: `${analyzer.name}+generic`,
    analyze: (text) => {
      if (text.includes('boom')) throw new Error('analyzer failed')
      return analyzer.analyze(text)
    },
    analyzeQuery: (text) => analyzer.analyzeQuery(text),
  }
}

/** BM25 computed from scratch over the live documents, equal scores by id: the reference. */
class Model {
  docs: { id: string; terms: string[] }[] = []

  constructor(readonly analyzer: Analyzer) {}

  search(query: string, topK: number): [string, number][] {
    const terms = [...new Set(this.analyzer.analyzeQuery(query))]
    const n = this.docs.length
    if (n === 0) return []
    const avgdl = this.docs.reduce((sum, d) => sum + d.terms.length, 0) / n
    const kConst = PARAMS.k1 * (1 - PARAMS.b)
    const kLength = avgdl > 0 ? (PARAMS.k1 * PARAMS.b) / avgdl : 0
    const scored: [string, number][] = []
    for (const doc of this.docs) {
      let score = 0
      for (const term of terms) {
        const df = this.docs.filter((d) => d.terms.includes(term)).length
        const tf = doc.terms.filter((t) => t === term).length
        if (tf === 0) continue
        score += (bm25Idf(n, df) * tf * (PARAMS.k1 + 1)) / (tf + kConst + kLength * doc.terms.length)
      }
      if (score > 0) scored.push([doc.id, score])
    }
    scored.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    return scored.slice(0, topK)
  }
}

type Op =
  | { kind: 'add'; docs: { id: string; words: string[] }[] }
  | { kind: 'remove'; ids: string[] }
  | { kind: 'search'; words: string[]; topK: number }

const id = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h')
const words = fc.array(fc.constantFrom(...VOCABULARY, 'boom'), { maxLength: 8 })
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), docs: fc.uniqueArray(fc.record({ id, words }), { selector: (d) => d.id, maxLength: 4 }) }),
  fc.record({ kind: fc.constant('remove' as const), ids: fc.uniqueArray(id, { maxLength: 3 }) }),
  fc.record({ kind: fc.constant('search' as const), words: fc.array(fc.constantFrom(...VOCABULARY), { minLength: 1, maxLength: 4 }), topK: fc.integer({ min: 1, max: 10 }) }),
)

function run(analyzer: Analyzer, ops: Op[], compactAfter: number): void {
  const index = new InvertedIndex(analyzer, compactAfter)
  const model = new Model(analyzer)
  for (const step of ops) {
    if (step.kind === 'search') {
      const query = step.words.join(' ')
      const got = index.search(analyzer.analyzeQuery(query), step.topK, PARAMS).map(({ slot, score }) => [index.document(slot).id, score])
      const want = model.search(query, step.topK)
      expect(got.map(([docId]) => docId)).toEqual(want.map(([docId]) => docId))
      got.forEach(([, score], i) => expect(score).toBeCloseTo(want[i]![1], 10))
      continue
    }
    if (step.kind === 'remove') {
      const slots = step.ids.map((docId) => index.slotOf(docId)).filter((s): s is number => s !== undefined)
      index.commit(slots, index.stageRemoval(slots), undefined, 0)
      model.docs = model.docs.filter((d) => !step.ids.includes(d.id))
      continue
    }
    const fresh = step.docs.filter((d) => index.slotOf(d.id) === undefined)
    const documents: Document[] = fresh.map((d) => ({ id: d.id, content: d.words.join(' '), metadata: {} }))
    let staged
    try {
      staged = index.stage(documents)
    } catch {
      expect(documents.some((d) => d.content.includes('boom'))).toBe(true)
      continue
    }
    index.commit([], new Uint32Array(0), staged, 0)
    for (const d of documents) model.docs.push({ id: d.id, terms: analyzer.analyze(d.content) })
  }
  expect(index.size).toBe(model.docs.length)
}

describe('InvertedIndex', () => {
  it.each([
    ['compatibleAnalyzer', compatibleAnalyzer],
    ['codeAwareAnalyzer', codeAwareAnalyzer],
    ['a generic analyzer', generic(compatibleAnalyzer)],
  ])('scores like BM25 from scratch through adds, removals and compactions (%s)', (_name, analyzer) => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), fc.constantFrom(1, 2, 1024), (ops, compactAfter) => {
        const safe = analyzer === compatibleAnalyzer || analyzer === codeAwareAnalyzer
        // The built-in analyzers never throw; keep "boom" for the generic one.
        run(analyzer, safe ? ops.map(stripBoom) : ops, compactAfter)
      }),
      { numRuns: 150 },
    )
  })

  it('undoes a failed staging: new terms and staged postings are forgotten', () => {
    const index = new InvertedIndex(generic(compatibleAnalyzer))
    index.commit([], new Uint32Array(0), index.stage([{ id: 'a', content: 'cache read', metadata: {} }]), 0)
    const terms = index.termCount
    expect(() => index.stage([{ id: 'b', content: 'cache disk fresh', metadata: {} }, { id: 'c', content: 'boom', metadata: {} }])).toThrow('analyzer failed')
    expect(index.termCount).toBe(terms)
    expect(index.df('cache')).toBe(1)
    expect(index.search(['disk'], 5, PARAMS)).toEqual([])
    index.commit([], new Uint32Array(0), index.stage([{ id: 'b', content: 'cache disk', metadata: {} }]), 0)
    expect(index.df('cache')).toBe(2)
    expect(index.search(['disk'], 5, PARAMS).map((h) => index.document(h.slot).id)).toEqual(['b'])
  })

  it('keeps the access order through a compaction', () => {
    const index = new InvertedIndex(compatibleAnalyzer, 1)
    const docs = ['a', 'b', 'c', 'd', 'e'].map((docId) => ({ id: docId, content: `word ${docId}x`, metadata: {} }))
    index.commit([], new Uint32Array(0), index.stage(docs), 0)
    index.touch(index.slotOf('a')!, 5)
    const dead = ['b', 'c', 'd'].map((docId) => index.slotOf(docId)!)
    index.commit(dead, index.stageRemoval(dead), undefined, 0)
    // Three dead slots outnumber two live ones: the index compacted to two slots.
    expect(index.slotCount).toBe(2)
    expect([...index.byAccess()].map(([docId]) => docId)).toEqual(['e', 'a'])
    expect(index.lastAccess(index.slotOf('a')!)).toBe(5)
  })
})

function stripBoom(step: Op): Op {
  return step.kind === 'add' ? { ...step, docs: step.docs.map((d) => ({ ...d, words: d.words.filter((w) => w !== 'boom') })) } : step
}
