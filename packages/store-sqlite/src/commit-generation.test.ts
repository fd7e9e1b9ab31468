import Database from 'better-sqlite3'
import { DuplicateIdError, InvalidArgumentError, type Document } from '@rag/core'
import { doc, generation } from '@rag/test-utils'
import { afterAll, describe, expect, it } from 'vitest'
import type { FileFingerprint, IndexState } from './index-state.js'
import { createTempStores } from './testing/temp-stores.js'

const stores = createTempStores()
afterAll(() => stores.dispose())

const fingerprints = new Map<string, FileFingerprint>([
  [
    'src/a.ts',
    {
      fingerprint: 'sha256:aaa',
      size: 120,
      mtimeMs: 1717171717123.5,
      ctimeMs: 1717171717123.75,
      ino: 98765,
      checkedAtMs: 1717171720000,
      chars: 118,
      chunkIds: ['src/a.ts#0', 'src/a.ts#1'],
    },
  ],
  ['src/b.ts', { fingerprint: 'sha256:bbb', size: 0, mtimeMs: 0, chunkIds: [] }],
  ['docs/ünï cödé.md', { fingerprint: 'sha256:ccc' }],
])

const state: IndexState = {
  root: '/repo',
  indexedAt: '2025-01-02T03:04:05.000Z',
  fileCount: 3,
  chunkCount: 2,
  analyzer: 'basic@1',
  chunker: 'code@1',
  extra: { nested: [1, 'two', null, true] },
}

/** Counts the rows of the fingerprint table, read through a separate connection. */
function fingerprintRows(path: string): number {
  const raw = new Database(path, { readonly: true })
  try {
    return Number(raw.prepare('SELECT count(*) FROM file_fingerprints').pluck().get())
  } finally {
    raw.close()
  }
}

describe('SqliteKnowledgeBase.commitGeneration', () => {
  it('round-trips fingerprints and state through a reopen', async () => {
    const path = stores.path()
    const kb = await stores.open(path)
    await kb.commitGeneration({ addDocuments: [doc('src/a.ts#0', 'alpha'), doc('src/a.ts#1', 'beta')], fingerprints, state })
    await kb.close()
    const again = await stores.open(path)
    expect(await again.loadFingerprints()).toEqual(fingerprints)
    const loaded = await again.loadState()
    expect(loaded.state).toEqual(state)
    expect(loaded.generation).toBe(1)
    expect(Date.parse(loaded.committedAt!)).toBeGreaterThan(Date.now() - 60_000)
    expect(await again.size()).toBe(2)
  })

  it('keeps the file records of a FileIndexer state (every stat number) with the state head beside them', async () => {
    // The shape @rag/ingest's FileIndexer.exportState() returns.
    const exported = {
      version: 1,
      root: '/repo',
      context: 'extract@1|chunker@1',
      files: [
        { path: 'a.ts', fingerprint: 'f1', size: 1, mtimeMs: 2.5, ctimeMs: 3.5, ino: 4, checkedAtMs: 5, chars: 6, chunkIds: ['a.ts#0'] },
        { path: 'b.ts', fingerprint: '', size: 7, mtimeMs: 8, ctimeMs: 9, ino: 10, checkedAtMs: 11, chars: 12, chunkIds: [] },
      ],
    }
    const kb = await stores.open()
    const { files, ...head } = exported
    await kb.commitGeneration({ fingerprints: new Map(files.map(({ path, ...record }) => [path, record])), state: head })
    const restored = {
      ...(await kb.loadState()).state,
      files: [...(await kb.loadFingerprints())].map(([path, record]) => ({ path, ...record })).sort((a, b) => (a.path < b.path ? -1 : 1)),
    }
    expect(restored).toEqual(exported)
  })

  it('indexes the terms a caller analysed with its own analyzer and indexed text, and analyses the other documents', async () => {
    const kb = await stores.open()
    const known = doc('a', 'alpha')
    const terms = (document: Document): string[] | undefined => (document === known ? ['zebra'] : undefined)
    await kb.commitGeneration({ addDocuments: [known, doc('b', 'beta')], analyzed: { analyzer: kb.analyzer, indexedText: kb.indexedText, terms } })
    expect((await kb.search('zebra', 5)).map((hit) => hit.document.id)).toEqual(['a'])
    expect(await kb.search('alpha', 5)).toEqual([])
    expect((await kb.search('beta', 5)).map((hit) => hit.document.id)).toEqual(['b'])
    // Terms of another analyzer object, even one of the same name, are not read.
    const other = await stores.open()
    const { analyzer } = other
    const lookalike = { name: analyzer.name, analyze: (text: string) => analyzer.analyze(text), analyzeQuery: (text: string) => analyzer.analyzeQuery(text) }
    await other.commitGeneration({ addDocuments: [known], analyzed: { analyzer: lookalike, indexedText: other.indexedText, terms } })
    expect(await other.search('zebra', 5)).toEqual([])
    expect((await other.search('alpha', 5)).map((hit) => hit.document.id)).toEqual(['a'])
  })

  it('reads joined terms while it writes, before its own terms or analysis, and keeps nothing when reading them fails', async () => {
    const kb = await stores.open()
    const [a, b, c] = [doc('a', 'alpha'), doc('b', 'beta'), doc('c', 'gamma')]
    const read: string[] = []
    const joinedTerms = (document: Document): string | undefined => {
      read.push(document.id)
      return document === a ? 'zebra quagga' : document === b ? 'okapi\0tapir' : undefined
    }
    const terms = (document: Document): string[] | undefined => (document === c ? ['lemur'] : undefined)
    await kb.commitGeneration({ addDocuments: [a, b, c], analyzed: { analyzer: kb.analyzer, indexedText: kb.indexedText, terms, joinedTerms } })
    expect(read).toEqual(['a', 'b', 'c'])
    expect((await kb.search('quagga', 5)).map((hit) => hit.document.id)).toEqual(['a'])
    // NUL in joined terms separates, as in analysed terms.
    expect((await kb.search('tapir', 5)).map((hit) => hit.document.id)).toEqual(['b'])
    expect((await kb.search('lemur', 5)).map((hit) => hit.document.id)).toEqual(['c'])
    expect(await kb.search('alpha', 5)).toEqual([])
    // Read inside the write: a failure rolls the whole commit back.
    const failing = await stores.open()
    const broken = (): string => {
      throw new Error('the analysis thread went away')
    }
    await expect(
      failing.commitGeneration({ addDocuments: [a, b], state: { root: '/repo' }, analyzed: { analyzer: failing.analyzer, indexedText: failing.indexedText, terms: () => undefined, joinedTerms: broken } }),
    ).rejects.toThrow('the analysis thread went away')
    expect(await failing.size()).toBe(0)
    expect((await failing.loadState()).state).toBeUndefined()
  })

  it('accepts fingerprints as a plain record', async () => {
    const kb = await stores.open()
    await kb.commitGeneration({ fingerprints: Object.fromEntries(fingerprints) })
    expect(await kb.loadFingerprints()).toEqual(fingerprints)
  })

  it('starts empty: no fingerprints, no state, generation 0', async () => {
    const kb = await stores.open()
    expect(await kb.loadFingerprints()).toEqual(new Map())
    expect(await kb.loadState()).toEqual({ generation: 0, committedAt: undefined, state: undefined })
  })

  it('writes nothing for an empty commit, so readers see no new generation', async () => {
    const kb = await stores.open()
    await kb.commitGeneration({})
    await kb.add([])
    await kb.replaceDocuments([], [])
    expect((await kb.loadState()).generation).toBe(0)
    await kb.replaceDocuments(['unknown'], [])
    expect((await kb.loadState()).generation).toBe(1)
  })

  it('replaces the fingerprint map when given and keeps it when omitted', async () => {
    const path = stores.path()
    const kb = await stores.open(path)
    await kb.commitGeneration({ fingerprints, state })
    const next = new Map(fingerprints)
    next.delete('src/b.ts')
    next.set('src/a.ts', { fingerprint: 'sha256:a2', size: 130, mtimeMs: 5, chunkIds: ['src/a.ts#0'] })
    next.set('src/new.ts', { fingerprint: 'sha256:new' })
    await kb.commitGeneration({ fingerprints: next })
    expect(await kb.loadFingerprints()).toEqual(next)
    expect((await kb.loadState()).state).toEqual(state)
    await kb.commitGeneration({ addDocuments: [doc('late', 'late document')] })
    expect(await kb.loadFingerprints()).toEqual(next)
    expect(fingerprintRows(path)).toBe(3)
    expect((await kb.loadState()).generation).toBe(3)
  })

  it('removes, re-adds and adds chunks in the same commit', async () => {
    const kb = await stores.open()
    await kb.add(generation('old', 3))
    await kb.commitGeneration({
      removeIds: ['old-0', 'old-1', 'never-there'],
      addDocuments: [doc('old-0', 'rewritten text about gadgets'), doc('fresh', 'fresh text')],
    })
    expect((await kb.list()).map((d) => d.id)).toEqual(['old-2', 'old-0', 'fresh'])
    expect((await kb.search('gadgets', 5)).map((h) => h.document.id)).toEqual(['old-0'])
    expect(await kb.search('widgets', 5)).toHaveLength(1)
  })

  it('rolls back chunks, fingerprints and state together when a write fails part-way through a batch', async () => {
    const kb = await stores.open()
    await kb.commitGeneration({ addDocuments: generation('alpha', 50), fingerprints, state })
    const before = { list: await kb.list(), state: await kb.loadState() }
    // The clash is the last document: 999 rows are written before the insert fails.
    const batch: Document[] = [...generation('beta', 999), doc('alpha-7', 'clash')]
    await expect(
      kb.commitGeneration({
        removeIds: ['alpha-0', 'alpha-1'],
        addDocuments: batch,
        fingerprints: new Map([['only.ts', { fingerprint: 'x' }]]),
        state: { root: '/elsewhere' },
      }),
    ).rejects.toBeInstanceOf(DuplicateIdError)
    expect(await kb.list()).toEqual(before.list)
    expect(await kb.loadFingerprints()).toEqual(fingerprints)
    expect(await kb.loadState()).toEqual(before.state)
    expect(await kb.search('beta', 5)).toEqual([])
  })

  it('validates everything before writing anything', async () => {
    const kb = await stores.open()
    await kb.commitGeneration({ addDocuments: generation('keep', 2), fingerprints, state })
    const bad: unknown[] = [
      { removeIds: [1] },
      { addDocuments: [{ id: '', content: 'x', metadata: {} }] },
      { addDocuments: generation('x', 1), fingerprints: { 'a.ts': { fingerprint: 7 } } },
      { addDocuments: generation('x', 1), fingerprints: { 'a.ts': { fingerprint: 'f', size: Number.NaN } } },
      { addDocuments: generation('x', 1), fingerprints: { 'a.ts': { fingerprint: 'f', path: 'a.ts' } } },
      { addDocuments: generation('x', 1), fingerprints: { 'a.ts': { fingerprint: 'f', chunkIds: [1] } } },
      { addDocuments: generation('x', 1), fingerprints: new Map([['', { fingerprint: 'f' }]]) },
      { addDocuments: generation('x', 1), fingerprints: [] },
      { addDocuments: generation('x', 1), state: [] },
      { addDocuments: generation('x', 1), state: { n: 10n } },
    ]
    for (const commit of bad) {
      await expect(kb.commitGeneration(commit as never)).rejects.toBeInstanceOf(InvalidArgumentError)
    }
    expect((await kb.list()).map((d) => d.id)).toEqual(['keep-0', 'keep-1'])
    expect(await kb.loadFingerprints()).toEqual(fingerprints)
    expect((await kb.loadState()).generation).toBe(1)
  })

  it('clear() forgets fingerprints and state with the documents, so a re-index starts from scratch', async () => {
    const kb = await stores.open()
    await kb.commitGeneration({ addDocuments: generation('a', 3), fingerprints, state })
    await kb.clear()
    expect(await kb.size()).toBe(0)
    expect(await kb.loadFingerprints()).toEqual(new Map())
    expect((await kb.loadState()).state).toBeUndefined()
    expect((await kb.loadState()).generation).toBe(2)
    await kb.add(generation('a', 3))
    expect(await kb.search('widgets', 10)).toHaveLength(3)
  })
})
