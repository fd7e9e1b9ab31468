import type { Document } from '@rag/core'
import { describe, expect, it } from 'vitest'
import { InMemoryKnowledgeBase } from './in-memory-knowledge-base.js'

// Golden scores, worked by hand from the formula in the README:
//   score(q, d) = Σ over unique query terms t in d of (1 + ln tf(t, d)) · idf(t)² · 1/√|d|
//   idf(t) = 1 + ln(N / (df(t) + 1))
// with the basic analyzer (lowercase, split on non-word characters, drop one-character tokens).

const doc = (id: string, content: string): Document => ({ id, content, metadata: {} })

// a: alpha beta beta          |a| = 3
// b: beta gamma               |b| = 2
// c: gamma gamma gamma delta  |c| = 4
// N = 3; df: alpha 1, beta 2, gamma 2, delta 1
const corpus = [doc('a', 'alpha beta beta'), doc('b', 'beta gamma'), doc('c', 'gamma gamma gamma delta')]

async function scores(kb: InMemoryKnowledgeBase, query: string): Promise<[string, number][]> {
  return (await kb.search(query, 10)).map((r) => [r.document.id, r.score])
}

describe('InMemoryKnowledgeBase TF-IDF scores', () => {
  it('matches hand-computed scores for terms in several documents', async () => {
    const kb = new InMemoryKnowledgeBase()
    await kb.add(corpus)
    // idf(beta) = idf(gamma) = 1 + ln(3 / 3) = 1, so idf² = 1
    // b: ((1 + ln 1) · 1 + (1 + ln 1) · 1) / √2 = 2 / 1.4142135623730951 = 1.414213562373095
    // c: (1 + ln 3) · 1 / √4 = 2.09861228866811 / 2 = 1.049306144334055
    // a: (1 + ln 2) · 1 / √3 = 1.6931471805599454 / 1.7320508075688772 = 0.9775389804739404
    const result = await scores(kb, 'beta gamma')
    expect(result.map(([id]) => id)).toEqual(['b', 'c', 'a'])
    expect(result[0]![1]).toBeCloseTo(1.414213562373095, 12)
    expect(result[1]![1]).toBeCloseTo(1.049306144334055, 12)
    expect(result[2]![1]).toBeCloseTo(0.9775389804739404, 12)
  })

  it('matches hand-computed scores for rare terms', async () => {
    const kb = new InMemoryKnowledgeBase()
    await kb.add(corpus)
    // idf(alpha) = idf(delta) = 1 + ln(3 / 2) = 1.4054651081081644; idf² = 1.9753321701094941
    // a: (1 + ln 1) · 1.9753321701094941 / √3 = 1.1404585601516442
    // c: (1 + ln 1) · 1.9753321701094941 / √4 = 0.9876660850547471
    const result = await scores(kb, 'alpha delta')
    expect(result.map(([id]) => id)).toEqual(['a', 'c'])
    expect(result[0]![1]).toBeCloseTo(1.1404585601516442, 12)
    expect(result[1]![1]).toBeCloseTo(0.9876660850547471, 12)
  })

  it('follows a change of N without re-scoring stored documents', async () => {
    const kb = new InMemoryKnowledgeBase()
    await kb.add(corpus)
    await kb.add([doc('d', 'epsilon')])
    // N = 4: idf(beta) = idf(gamma) = 1 + ln(4 / 3) = 1.2876820724517808; idf² = 1.6581251197137132
    // b: 2 · 1.6581251197137132 / √2 = 2.344943032410645
    // c: (1 + ln 3) · 1.6581251197137132 / 2 = 1.7398808761902398
    // a: (1 + ln 2) · 1.6581251197137132 / √3 = 1.6208819390231737
    const result = await scores(kb, 'beta gamma')
    expect(result.map(([id]) => id)).toEqual(['b', 'c', 'a'])
    expect(result[0]![1]).toBeCloseTo(2.344943032410645, 12)
    expect(result[1]![1]).toBeCloseTo(1.7398808761902398, 12)
    expect(result[2]![1]).toBeCloseTo(1.6208819390231737, 12)

    await kb.remove('d')
    expect(await scores(kb, 'beta gamma')).toEqual(await scores(await fresh(corpus), 'beta gamma'))
  })

  it('counts a repeated query term once', async () => {
    const kb = await fresh(corpus)
    expect(await scores(kb, 'beta beta gamma beta')).toEqual(await scores(kb, 'beta gamma'))
  })

  it('scores a term found in every document above zero', async () => {
    const kb = await fresh([doc('only', 'widget')])
    // N = 1, df = 1: idf = 1 + ln(1 / 2) = 0.3068528194400547; idf² = 0.09415865279831082; |d| = 1
    const [hit] = await kb.search('widget', 1)
    expect(hit?.score).toBeCloseTo(0.09415865279831082, 14)
  })

  it('orders equal scores by id', async () => {
    const kb = await fresh([doc('zeta', 'same words here'), doc('alpha', 'same words here'), doc('mid', 'same words here')])
    expect((await kb.search('words', 10)).map((r) => r.document.id)).toEqual(['alpha', 'mid', 'zeta'])
    expect((await kb.search('words', 2)).map((r) => r.document.id)).toEqual(['alpha', 'mid'])
  })

  it('returns nothing for a query whose analysis leaves no terms', async () => {
    const kb = await fresh(corpus)
    expect(await kb.search('a b c !', 5)).toEqual([])
  })

  it('never matches a document without terms', async () => {
    const kb = await fresh([doc('empty', ''), doc('punct', '-- !! ..'), ...corpus])
    const ids = (await kb.search('alpha beta gamma delta', 10)).map((r) => r.document.id)
    expect(ids.sort()).toEqual(['a', 'b', 'c'])
  })
})

async function fresh(documents: readonly Document[]): Promise<InMemoryKnowledgeBase> {
  const kb = new InMemoryKnowledgeBase()
  await kb.add(documents)
  return kb
}
