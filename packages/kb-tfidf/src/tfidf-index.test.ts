import { type Document } from '@rag/core'
import { basicAnalyzer } from '@rag/lexical'
import { describe, expect, it } from 'vitest'
import { TfidfIndex } from './tfidf-index.js'

const docs = (prefix: string, count: number): Document[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `${prefix}-${i}`,
    content: `shared words ${prefix}x${i} unique${i % 97} more shared text number ${i}`,
    metadata: {},
  }))

function add(index: TfidfIndex, removeIds: readonly string[], batch: readonly Document[]): void {
  index.apply(removeIds, index.stage(batch))
}

describe('TfidfIndex', () => {
  it('gives the space of removed documents back', () => {
    const index = new TfidfIndex(basicAnalyzer)
    const all = docs('a', 2000)
    add(index, [], all)
    const full = index.byteLength
    add(index, all.slice(0, 1800).map((d) => d.id), [])
    expect(index.size).toBe(200)
    expect(index.byteLength).toBeLessThan(full / 3)
    expect(index.search('shared', 500).map((r) => r.document.id)).toHaveLength(200)
  })

  it('stays bounded when the same documents are replaced again and again', () => {
    const index = new TfidfIndex(basicAnalyzer)
    let generation = docs('g0', 500)
    add(index, [], generation)
    const first = index.byteLength
    for (let round = 1; round <= 40; round++) {
      const next = docs(`g${round}`, 500)
      add(index, generation.map((d) => d.id), next)
      generation = next
    }
    expect(index.size).toBe(500)
    expect(index.byteLength).toBeLessThan(first * 3)
    expect(index.search('g5x3', 5)).toEqual([])
    expect(index.search('g40x3 shared', 1)[0]?.document.id).toBe('g40-3')
  })

  it('stays bounded when documents are added one at a time', () => {
    const index = new TfidfIndex(basicAnalyzer)
    const all = docs('one', 3000)
    for (const d of all) add(index, [], [d])
    const incremental = index.byteLength
    const bulk = new TfidfIndex(basicAnalyzer)
    add(bulk, [], all)
    expect(incremental).toBeLessThan(bulk.byteLength * 2)
    expect(index.search('shared unique5', 10)).toEqual(bulk.search('shared unique5', 10))
  })
})
