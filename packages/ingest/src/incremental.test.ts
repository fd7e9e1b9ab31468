import { renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { CancelledError, type IndexProgress } from '@rag/core'
import { InMemoryKnowledgeBase } from '@rag/kb-tfidf'
import { describe, expect, it } from 'vitest'
import { contents, countingChunker, indexedFiles, setup, StagingIndexer, storesAgree, tree } from './testing/helpers.js'

const files = {
  'src/auth.ts': 'export function authenticate(token: string) {\n  return token.length > 0\n}\n',
  'src/db.py': 'def connect(url):\n    """Open the database."""\n    return url\n',
  'docs/guide.md': '# Guide\n\n## Install\n\nRun the installer.\n',
  'notes.txt': 'plain notes about widgets\n',
}

// Timestamps an hour old: safely outside the racy window, so the stat fast path applies.
function age(root: string, paths: string[]): void {
  const old = new Date(Date.now() - 3_600_000)
  for (const p of paths) utimesSync(join(root, p), old, old)
}

describe('incremental runs (staged by FileIngestionService)', () => {
  it('indexes every admitted file into the knowledge base and the BM25 stream with provenance', async () => {
    const root = tree(files)
    const { kb, bm25, indexer } = setup()
    const report = await indexer.index(root)
    expect(report.stats).toMatchObject({ files: 4, chunked: 4, statReused: 0, removed: 0 })
    expect(await indexedFiles(kb)).toEqual(['docs/guide.md', 'notes.txt', 'src/auth.ts', 'src/db.py'])
    expect(await storesAgree(kb, bm25)).toBe(true)
    const auth = (await kb.list()).find((d) => d.metadata['file'] === 'src/auth.ts')!
    expect(auth.metadata).toMatchObject({ language: 'typescript', format: 'code', startLine: 1 })
    expect(report.fingerprints.size).toBe(4)
    expect(indexer.fingerprints).toEqual(report.fingerprints)
  })

  it('re-chunks nothing when the tree is unchanged (stat fast path and content hash alike)', async () => {
    const root = tree(files)
    const { kb, chunker, indexer } = setup()
    await indexer.index(root)
    const before = await contents(kb)
    chunker.calls.length = 0
    // Fresh files sit inside the racy window: they are re-read and re-hashed, but not re-chunked.
    const second = await indexer.index(root)
    expect(chunker.calls).toEqual([])
    expect(second.stats).toMatchObject({ chunked: 0, unchanged: 4, removed: 0 })
    expect(second).toMatchObject({ added: 0, removed: 0 })
    age(root, Object.keys(files))
    await indexer.index(root) // records the old timestamps
    const third = await indexer.index(root)
    expect(chunker.calls).toEqual([])
    expect(third.stats).toMatchObject({ chunked: 0, statReused: 4, unchanged: 0 })
    expect(await contents(kb)).toEqual(before)
  })

  it('re-chunks exactly the one edited file and replaces only its chunks', async () => {
    const root = tree(files)
    const { kb, bm25, chunker, indexer } = setup()
    await indexer.index(root)
    age(root, Object.keys(files))
    await indexer.index(root)
    const before = await contents(kb)
    chunker.calls.length = 0
    writeFileSync(join(root, 'src/db.py'), 'def connect(url, retries=3):\n    return url\n')
    const report = await indexer.index(root)
    expect(chunker.calls).toEqual(['src/db.py'])
    expect(report.stats).toMatchObject({ chunked: 1, statReused: 3 })
    const after = await contents(kb)
    expect(after.filter(([id]) => !id.startsWith('src/db.py'))).toEqual(before.filter(([id]) => !id.startsWith('src/db.py')))
    expect(after.find(([id]) => id.startsWith('src/db.py'))![1]).toContain('retries=3')
    expect(await storesAgree(kb, bm25)).toBe(true)
  })

  it('catches an edit made right after the previous run read the file, with the same size (racy git)', async () => {
    const root = tree({ 'a.txt': 'version one\n' })
    const { kb, indexer } = setup()
    await indexer.index(root)
    writeFileSync(join(root, 'a.txt'), 'version two\n')
    await indexer.index(root)
    expect((await kb.list())[0]!.content).toContain('version two')
  })

  it('moves chunks on a rename and drops them for deleted files', async () => {
    const root = tree(files)
    const { kb, bm25, chunker, indexer } = setup()
    await indexer.index(root)
    renameSync(join(root, 'notes.txt'), join(root, 'docs/notes.txt'))
    rmSync(join(root, 'src/auth.ts'))
    chunker.calls.length = 0
    const report = await indexer.index(root)
    expect(chunker.calls).toEqual(['docs/notes.txt'])
    expect(report.stats).toMatchObject({ chunked: 1, removed: 2 })
    expect(await indexedFiles(kb)).toEqual(['docs/guide.md', 'docs/notes.txt', 'src/db.py'])
    expect((await bm25.search('widgets', 5)).map((r) => r.document.metadata['file'])).toEqual(['docs/notes.txt'])
    expect(await storesAgree(kb, bm25)).toBe(true)
  })

  it('drops chunks of files that become ignored, and of files outside a new root', async () => {
    const root = tree(files)
    const { kb, indexer } = setup()
    await indexer.index(root)
    writeFileSync(join(root, '.gitignore'), 'docs/\n')
    await indexer.index(root)
    expect(await indexedFiles(kb)).toEqual(['notes.txt', 'src/auth.ts', 'src/db.py'])
    await indexer.index(join(root, 'src'))
    expect(await indexedFiles(kb)).toEqual(['auth.ts', 'db.py'])
  })

  it('re-chunks everything when the chunker or the selectors change', async () => {
    const root = tree(files)
    const kb = new InMemoryKnowledgeBase()
    const first = countingChunker()
    const indexer = new StagingIndexer({ knowledgeBase: kb, chunker: first, workers: 0 })
    await indexer.index(root)
    const state = indexer.exportState()!
    const other = countingChunker({ id: 'other@1', chunk: (f) => first.chunk(f) })
    const second = new StagingIndexer({ knowledgeBase: kb, chunker: other, workers: 0 })
    await second.restoreState(state)
    await second.index(root)
    expect(other.calls).toHaveLength(4)
    other.calls.length = 0
    await second.index(root, { source: { exclude: ['*.md'] } })
    expect(other.calls).toHaveLength(3)
    expect(await indexedFiles(kb)).toEqual(['notes.txt', 'src/auth.ts', 'src/db.py'])
  })

  it('reports progress after the walk and after every file', async () => {
    const root = tree(files)
    const { indexer } = setup()
    const events: IndexProgress[] = []
    await indexer.index(root, {
      onProgress: (p) => {
        events.push(p)
        throw new Error('a listener that throws does not break the run')
      },
    })
    expect(events[0]).toEqual({ indexedFiles: 0, totalFiles: 4, currentFile: '' })
    expect(events.map((e) => e.indexedFiles)).toEqual([0, 1, 2, 3, 4])
    expect(events.slice(1).map((e) => e.currentFile).sort()).toEqual(Object.keys(files).sort())
    expect(events.every((e) => e.totalFiles === 4)).toBe(true)
  })

  it('cancels with an AbortSignal before committing and leaves the previous index', async () => {
    const root = tree(files)
    const { kb, bm25, indexer } = setup()
    await indexer.index(root)
    const before = await contents(kb)
    writeFileSync(join(root, 'new.txt'), 'new file\n')
    writeFileSync(join(root, 'notes.txt'), 'changed notes\n')
    const controller = new AbortController()
    const run = indexer.index(root, { signal: controller.signal, onProgress: (p) => p.indexedFiles === 1 && controller.abort() })
    await expect(run).rejects.toBeInstanceOf(CancelledError)
    expect(await contents(kb)).toEqual(before)
    expect(await storesAgree(kb, bm25)).toBe(true)
    const aborted = AbortSignal.abort()
    await expect(indexer.index(root, { signal: aborted })).rejects.toBeInstanceOf(CancelledError)
    await indexer.index(root)
    expect(await indexedFiles(kb)).toContain('new.txt')
  })

  it('round-trips its state through exportState/restoreState (JSON), so a restart re-chunks nothing', async () => {
    const root = tree(files)
    const { kb, bm25, indexer } = setup()
    await indexer.index(root)
    const saved = JSON.parse(JSON.stringify(indexer.exportState()))
    const chunker = countingChunker()
    const restarted = new StagingIndexer({ knowledgeBase: kb, streams: [bm25], chunker, workers: 0 })
    await restarted.restoreState(saved)
    await restarted.index(root)
    expect(chunker.calls).toEqual([])
    await expect(restarted.restoreState({ version: 2 } as never)).rejects.toThrow(/state\.version must be 1/)
  })

  it('remembers binary files, so a no-op run reads nothing at all', async () => {
    const root = tree({ ...files, 'blob.bin.txt': Buffer.from([0, 1, 2, 3]) })
    const { indexer } = setup()
    await indexer.index(root)
    age(root, [...Object.keys(files), 'blob.bin.txt'])
    await indexer.index(root)
    const report = await indexer.index(root)
    expect(report.stats).toMatchObject({ files: 5, statReused: 5, unchanged: 0, chunked: 0 })
    expect(report.skipped).toContainEqual({ path: 'blob.bin.txt', type: 'file', reason: { kind: 'binary', detail: 'NUL byte in the first 8000 bytes' } })
    expect([...report.fingerprints.keys()]).not.toContain('blob.bin.txt')
    writeFileSync(join(root, 'blob.bin.txt'), 'now it is text\n')
    await indexer.index(root)
    expect(indexer.fingerprints.has('blob.bin.txt')).toBe(true)
  })

  it('accepts a root given through a symbolic link and records paths relative to the real root', async () => {
    const root = tree(files)
    const link = `${root}-link`
    symlinkSync(root, link)
    const { kb, indexer } = setup()
    const report = await indexer.index(link)
    expect(report.root).toBe(root)
    expect(await indexedFiles(kb)).toContain('src/auth.ts')
    rmSync(link)
  })

})
