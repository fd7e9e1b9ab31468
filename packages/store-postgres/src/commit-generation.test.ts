import type { RagError} from '@rag/core';
import { DuplicateIdError, InvalidArgumentError, type Document } from '@rag/core'
import { doc, generation } from '@rag/test-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FileFingerprint, IndexStateJson } from '@rag/core'
import type { PostgresDatabase } from './postgres-database.js'
import { createTestDatabase, type TestDatabase } from './testing/test-database.js'

let test: TestDatabase
let database: PostgresDatabase
let counter = 0

beforeAll(async () => {
  test = await createTestDatabase('commit')
  database = await test.open()
})
afterAll(() => test?.dispose())

const open = () => database.project({ repoId: `commit-${++counter}` })

const fingerprints = new Map<string, FileFingerprint>([
  ['src/a.ts', { fingerprint: 'sha256:aaa', size: 120, mtimeMs: 1717171717123.5, ctimeMs: 1717171717123.75, ino: 98765, checkedAtMs: 1717171720000, chars: 118, chunkIds: ['src/a.ts#0', 'src/a.ts#1'] }],
  ['src/b.ts', { fingerprint: 'sha256:bbb', size: 0, mtimeMs: 0, chunkIds: [] }],
  ['docs/ünï cödé.md', { fingerprint: 'sha256:ccc' }],
])

const state: IndexStateJson = { root: '/repo', indexedAt: '2025-01-02T03:04:05.000Z', fileCount: 3, chunkCount: 2, analyzer: 'basic@1', extra: { nested: [1, 'two', null, true] } }

describe('PostgresKnowledgeBase.commitGeneration', () => {
  it('round-trips file records and state, seen by another store of the same project', async () => {
    const kb = open()
    await kb.commitGeneration({ addDocuments: [doc('src/a.ts#0', 'alpha'), doc('src/a.ts#1', 'beta')], fingerprints, state })
    const again = database.project(kb.project)
    expect(await again.loadFingerprints()).toEqual(fingerprints)
    const loaded = await again.loadState()
    expect(loaded.state).toEqual(state)
    expect(loaded.generation).toBe(1)
    expect(Date.parse(loaded.committedAt!)).toBeGreaterThan(Date.now() - 60_000)
    expect(await again.size()).toBe(2)
  })

  it('starts empty: no file records, no state, generation 0, and reading creates nothing', async () => {
    const kb = open()
    expect(await kb.loadFingerprints()).toEqual(new Map())
    expect(await kb.loadState()).toEqual({ generation: 0, committedAt: undefined, state: undefined })
    expect(await kb.search('anything', 5)).toEqual([])
    expect(await kb.exists()).toBe(false)
  })

  it('writes nothing for an empty commit, so readers see no new generation', async () => {
    const kb = open()
    await kb.add([doc('a', 'first')])
    await kb.commitGeneration({})
    await kb.add([])
    await kb.replaceDocuments([], [])
    expect((await kb.loadState()).generation).toBe(1)
    await kb.replaceDocuments(['unknown'], [])
    expect((await kb.loadState()).generation).toBe(2)
  })

  it('replaces the file records when given, keeps them when omitted, and accepts a plain record', async () => {
    const kb = open()
    await kb.commitGeneration({ fingerprints: Object.fromEntries(fingerprints), state })
    expect(await kb.loadFingerprints()).toEqual(fingerprints)
    const next = new Map(fingerprints)
    next.delete('src/b.ts')
    next.set('src/a.ts', { fingerprint: 'sha256:a2', size: 130, mtimeMs: 5, chunkIds: ['src/a.ts#0'] })
    next.set('src/new.ts', { fingerprint: 'sha256:new' })
    await kb.commitGeneration({ fingerprints: next })
    expect(await kb.loadFingerprints()).toEqual(next)
    expect((await kb.loadState()).state).toEqual(state)
    await kb.commitGeneration({ addDocuments: [doc('late', 'late document')] })
    expect(await kb.loadFingerprints()).toEqual(next)
    expect((await kb.loadState()).generation).toBe(3)
  })

  it('removes, re-adds and adds chunks in the same commit, keeping insertion order', async () => {
    const kb = open()
    await kb.add(generation('old', 3))
    await kb.commitGeneration({ removeIds: ['old-0', 'old-1', 'never-there'], addDocuments: [doc('old-0', 'rewritten text about gadgets'), doc('fresh', 'fresh text')] })
    expect((await kb.list()).map((d) => d.id)).toEqual(['old-2', 'old-0', 'fresh'])
    expect((await kb.search('gadgets', 5)).map((h) => h.document.id)).toEqual(['old-0'])
    expect(await kb.search('widgets', 5)).toHaveLength(1)
  })

  it('rolls back chunks, file records and state together when a write fails part-way through a batch', async () => {
    const kb = open()
    await kb.commitGeneration({ addDocuments: generation('alpha', 50), fingerprints, state })
    const before = { list: await kb.list(), state: await kb.loadState() }
    const batch: Document[] = [...generation('beta', 2999), doc('alpha-7', 'clash')]
    await expect(
      kb.commitGeneration({ removeIds: ['alpha-0', 'alpha-1'], addDocuments: batch, fingerprints: new Map([['only.ts', { fingerprint: 'x' }]]), state: { root: '/elsewhere' } }),
    ).rejects.toBeInstanceOf(DuplicateIdError)
    // A failure after rows were written (the analyzer throws on the last document) rolls back too.
    const late: Document[] = [...generation('gamma', 2500), { id: 'bad', content: 'x', metadata: {} }]
    const throwing = database.project(kb.project, { indexedText: { name: 'content', text: (d) => (d.id === 'bad' ? (7 as unknown as string) : d.content) } })
    await expect(throwing.commitGeneration({ removeIds: ['alpha-2'], addDocuments: late, state: { root: '/late' } })).rejects.toBeInstanceOf(InvalidArgumentError)
    expect(await kb.list()).toEqual(before.list)
    expect(await kb.loadFingerprints()).toEqual(fingerprints)
    expect(await kb.loadState()).toEqual(before.state)
    expect(await kb.search('beta', 5)).toEqual([])
    expect(await kb.search('gamma', 5)).toEqual([])
    expect(await kb.search('alpha', 100)).toHaveLength(50)
  })

  it('rolls back a commit that fails after several spans of chunks were streamed, and the next commit succeeds', async () => {
    const kb = open()
    await kb.commitGeneration({ addDocuments: generation('alpha', 20) })
    const before = await kb.list()
    // The analyzer fails on the last document, in the third postings span (seqs 16,384 and up).
    const many: Document[] = [...generation('beta', 20_000), { id: 'bad', content: 'x', metadata: {} }]
    const throwing = database.project(kb.project, { indexedText: { name: 'content', text: (d) => (d.id === 'bad' ? (7 as unknown as string) : d.content) } })
    await expect(throwing.commitGeneration({ addDocuments: many })).rejects.toBeInstanceOf(InvalidArgumentError)
    expect(await kb.list()).toEqual(before)
    expect(await kb.search('beta', 5)).toEqual([])
    await kb.commitGeneration({ addDocuments: generation('gamma', 9_000) })
    expect(await kb.size()).toBe(9_020)
    expect((await kb.search('gamma 8999', 1)).map((hit) => hit.document.id)).toEqual(['gamma-8999'])
  })

  it('validates everything before writing anything', async () => {
    const kb = open()
    await kb.commitGeneration({ addDocuments: generation('keep', 2), fingerprints, state })
    const bad: unknown[] = [
      { removeIds: [1] },
      { addDocuments: [{ id: '', content: 'x', metadata: {} }] },
      { addDocuments: [{ id: 'n\u0000l', content: 'ab', metadata: {} }] },
      { addDocuments: [{ id: 'lone', content: '\ud800', metadata: {} }] },
      { addDocuments: generation('x', 1), fingerprints: { 'a.ts': { fingerprint: 7 } } },
      { addDocuments: generation('x', 1), fingerprints: { 'a.ts': { fingerprint: 'f', size: Number.NaN } } },
      { addDocuments: generation('x', 1), fingerprints: { 'a.ts': { fingerprint: 'f', chunkIds: [1] } } },
      { addDocuments: generation('x', 1), fingerprints: [] },
      { addDocuments: generation('x', 1), state: [] },
      { addDocuments: generation('x', 1), state: { n: 10n } },
    ]
    for (const commit of bad) await expect(kb.commitGeneration(commit as never)).rejects.toBeInstanceOf(InvalidArgumentError)
    expect((await kb.list()).map((d) => d.id)).toEqual(['keep-0', 'keep-1'])
    expect((await kb.loadState()).generation).toBe(1)
  })

  it('keeps NUL characters in content and metadata unchanged', async () => {
    const kb = open()
    const odd: Document = { id: 'bin', content: 'head\u0000tail "quoted" \\ pool', metadata: { file: 'a\u0000b.ts', n: 1 } }
    await kb.add([odd])
    expect(await kb.get('bin')).toEqual(odd)
    expect((await kb.search('pool', 5))[0]?.document).toEqual(odd)
    expect(await kb.list()).toEqual([odd])
  })

  it('finds a term longer than an index entry can hold, and forgets it when its chunk goes', async () => {
    const kb = open()
    const blob = `k${'Qz9'.repeat(3000)}`
    await kb.add([doc('blob', `payload ${blob} end`), doc('other', 'payload end')])
    expect((await kb.search(blob, 5)).map((h) => h.document.id)).toEqual(['blob'])
    expect((await kb.searchTfidf(`${blob} payload`, 5))[0]?.document.id).toBe('blob')
    await kb.remove('blob')
    expect(await kb.search(blob, 5)).toEqual([])
  })

  it('refuses a commit staged against an older generation with CONFLICT, writing nothing', async () => {
    const kb = open()
    const other = database.project(kb.project)
    await kb.add([doc('a', 'first')])
    const { generation: staged } = await kb.loadState()
    await other.add([doc('b', 'second')])
    const error = await kb.commitGeneration({ removeIds: ['a'], addDocuments: [doc('c', 'third')], state: { marker: 1 }, expectedGeneration: staged }).catch((e: unknown) => e)
    expect((error as RagError).code).toBe('CONFLICT')
    expect((await kb.list()).map((d) => d.id)).toEqual(['a', 'b'])
    expect((await kb.loadState()).state).toBeUndefined()
    await kb.commitGeneration({ removeIds: ['a'], addDocuments: [doc('c', 'third')], expectedGeneration: staged + 1 })
    expect((await kb.list()).map((d) => d.id)).toEqual(['b', 'c'])
  })

  it('clear() forgets file records and state with the documents, and bumps the generation', async () => {
    const kb = open()
    await kb.commitGeneration({ addDocuments: generation('a', 3), fingerprints, state })
    await kb.clear()
    expect(await kb.size()).toBe(0)
    expect(await kb.loadFingerprints()).toEqual(new Map())
    expect((await kb.loadState()).state).toBeUndefined()
    expect((await kb.loadState()).generation).toBe(2)
    await kb.add(generation('a', 3))
    expect(await kb.search('widgets', 10)).toHaveLength(3)
  })

  it('keeps projects apart: same ids in two projects, and a pinned commit beside the head', async () => {
    const head = database.project({ repoId: 'shared-repo' })
    const pinned = database.project({ repoId: 'shared-repo', commitSha: 'abc123' })
    await head.add([doc('x', 'head version of the pool')])
    await pinned.add([doc('x', 'pinned version of the pool')])
    expect((await head.get('x'))?.content).toBe('head version of the pool')
    expect((await pinned.search('pool', 5)).map((h) => h.document.content)).toEqual(['pinned version of the pool'])
    await head.clear()
    expect(await pinned.size()).toBe(1)
    const projects = await database.listProjects()
    expect(projects.filter((p) => p.repoId === 'shared-repo').map((p) => [p.commitSha, p.chunkCount])).toEqual([['', 0], ['abc123', 1]])
    expect(await database.dropProject({ repoId: 'shared-repo', commitSha: 'abc123' })).toBe(true)
    expect(await pinned.size()).toBe(0)
    expect(await database.dropProject({ repoId: 'shared-repo', commitSha: 'abc123' })).toBe(false)
  })

  it('audits chunks against the file records: counts by default, lists on full', async () => {
    const kb = open()
    await kb.commitGeneration({ addDocuments: [doc('a#0', 'x'), doc('doc:1', 'added by hand'), doc('stray', 'y')], fingerprints: new Map([['a', { fingerprint: 'f', chunkIds: ['a#0', 'gone#0'] }]]) })
    expect(await kb.auditChunks({ exceptPrefix: 'doc:', full: false })).toEqual({ consistent: true, missing: [], orphans: [] })
    expect(await kb.auditChunks({ exceptPrefix: 'doc:', full: true })).toEqual({ consistent: false, missing: ['gone#0'], orphans: ['stray'] })
  })
})
