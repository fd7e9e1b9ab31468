import { describe, expect, it } from 'vitest'
import { PostingsPool } from './postings.js'

function postingsOf(pool: PostingsPool, term: number): [number, number][] {
  const out: [number, number][] = []
  pool.forEach(term, (slot, tf) => out.push([slot, tf]))
  return out
}

function publishAll(pool: PostingsPool, terms: number[]): void {
  pool.publish(Uint32Array.from(terms), terms.length)
}

describe('PostingsPool', () => {
  it('keeps postings per term in append order across growing blocks', () => {
    const pool = new PostingsPool()
    pool.ensureTerms(2)
    const expected: [number, number][] = []
    for (let slot = 0; slot < 5000; slot++) {
      pool.append(0, slot, (slot % 7) + 1)
      expected.push([slot, (slot % 7) + 1])
      if (slot % 3 === 0) pool.append(1, slot, 1)
    }
    publishAll(pool, [0, 1])
    expect(postingsOf(pool, 0)).toEqual(expected)
    expect(postingsOf(pool, 1)).toHaveLength(1667)
  })

  it('stores term frequencies of 255 and more in a second word', () => {
    const pool = new PostingsPool()
    pool.ensureTerms(1)
    pool.append(0, 1, 254)
    pool.append(0, 2, 255)
    pool.append(0, 3, 80_000)
    pool.append(0, (1 << 24) - 1, 1)
    publishAll(pool, [0])
    expect(postingsOf(pool, 0)).toEqual([[1, 254], [2, 255], [3, 80_000], [(1 << 24) - 1, 1]])
  })

  it('hides staged postings until they are published', () => {
    const pool = new PostingsPool()
    pool.ensureTerms(1)
    pool.append(0, 0, 1)
    publishAll(pool, [0])
    for (let slot = 1; slot < 40; slot++) pool.append(0, slot, 2)
    expect(postingsOf(pool, 0)).toEqual([[0, 1]])
    publishAll(pool, [0])
    expect(postingsOf(pool, 0)).toHaveLength(40)
  })

  it('drops staged postings on rollback and appends cleanly afterwards', () => {
    const pool = new PostingsPool()
    pool.ensureTerms(2)
    pool.append(0, 0, 1)
    publishAll(pool, [0])
    for (let slot = 1; slot < 20; slot++) pool.append(0, slot, 3)
    pool.append(1, 5, 1)
    pool.rollback(Uint32Array.from([0, 1]), 2)
    expect(postingsOf(pool, 0)).toEqual([[0, 1]])
    expect(postingsOf(pool, 1)).toEqual([])
    expect(pool.garbageWords).toBeGreaterThan(0)
    pool.append(0, 7, 2)
    pool.append(1, 7, 4)
    publishAll(pool, [0, 1])
    expect(postingsOf(pool, 0)).toEqual([[0, 1], [7, 2]])
    expect(postingsOf(pool, 1)).toEqual([[7, 4]])
  })

  it('rebuilds with live postings only, renumbered', () => {
    const pool = new PostingsPool()
    pool.ensureTerms(3)
    for (let slot = 0; slot < 10; slot++) {
      pool.append(0, slot, 1)
      if (slot % 2 === 0) pool.append(1, slot, 300)
    }
    pool.append(2, 3, 1)
    publishAll(pool, [0, 1, 2])
    // Slots 0-4 die; 5..9 become 0..4. Term 2 (only slot 3) dies; term 1 becomes 0, term 0 becomes 1.
    const slotMap = Int32Array.from([-1, -1, -1, -1, -1, 0, 1, 2, 3, 4])
    pool.rebuild(3, Int32Array.from([1, 0, -1]), 2, slotMap)
    expect(postingsOf(pool, 0)).toEqual([[1, 300], [3, 300]])
    expect(postingsOf(pool, 1)).toEqual([[0, 1], [1, 1], [2, 1], [3, 1], [4, 1]])
    pool.append(0, 5, 2)
    publishAll(pool, [0])
    expect(postingsOf(pool, 0)).toEqual([[1, 300], [3, 300], [5, 2]])
  })
})
