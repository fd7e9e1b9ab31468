import { afterAll, describe, expect, it } from 'vitest'
import { createTempStores } from './testing/temp-stores.js'

const stores = createTempStores()
afterAll(() => stores.dispose())

const doc = (id: string) => ({ id, content: `text ${id}`, metadata: {} })

describe('SqliteKnowledgeBase.auditChunks', () => {
  it('agrees when the file records name exactly the stored chunks, added documents aside', async () => {
    const kb = await stores.open()
    await kb.commitGeneration({
      addDocuments: [doc('a#1'), doc('a#2'), doc('b#1'), doc('doc:1')],
      fingerprints: new Map([['a', { fingerprint: 'fa', chunkIds: ['a#1', 'a#2'] }], ['b', { fingerprint: 'fb', chunkIds: ['b#1'] }]]),
    })
    expect(await kb.auditChunks({ exceptPrefix: 'doc:', full: false })).toEqual({ consistent: true, missing: [], orphans: [] })
    expect(await kb.auditChunks({ exceptPrefix: 'doc:', full: true })).toEqual({ consistent: true, missing: [], orphans: [] })
  })

  it('finds missing and orphan chunks by count, and lists them in a full audit', async () => {
    const kb = await stores.open()
    await kb.commitGeneration({
      addDocuments: [doc('a#1'), doc('x#9'), doc('doc:1')],
      fingerprints: new Map([['a', { fingerprint: 'fa', chunkIds: ['a#1', 'a#2'] }]]),
    })
    expect((await kb.auditChunks({ exceptPrefix: 'doc:', full: false })).consistent).toBe(true) // one lost, one extra: counts agree
    expect(await kb.auditChunks({ exceptPrefix: 'doc:', full: true })).toEqual({ consistent: false, missing: ['a#2'], orphans: ['x#9'] })
    await kb.replaceDocuments(['x#9'], [])
    expect(await kb.auditChunks({ exceptPrefix: 'doc:', full: false })).toEqual({ consistent: false, missing: [], orphans: [] })
  })

  it('treats LIKE wildcards in the prefix literally', async () => {
    const kb = await stores.open()
    await kb.commitGeneration({ addDocuments: [doc('d%x'), doc('dz')], fingerprints: new Map([['f', { fingerprint: 'f', chunkIds: ['dz'] }]]) })
    expect(await kb.auditChunks({ exceptPrefix: 'd%', full: true })).toEqual({ consistent: true, missing: [], orphans: [] })
    expect(await kb.auditChunks({ exceptPrefix: 'd_', full: true })).toEqual({ consistent: false, missing: [], orphans: ['d%x'] })
  })
})
