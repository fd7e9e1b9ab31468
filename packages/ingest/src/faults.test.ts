import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { RagError, type Document } from '@rag/core'
import { InMemoryKnowledgeBase } from '@rag/kb-tfidf'
import { describe, expect, it } from 'vitest'
import { contents, FlakyBM25, indexedFiles, setup, storesAgree, tree, workerScript } from '../test/helpers.js'
import { FileIndexer } from './file-indexer.js'

const files = {
  'a.ts': 'export const alpha = 1\n',
  'b.md': '# Beta\n\nbeta words\n',
  'c.txt': 'gamma text\n',
}

/** A real knowledge base whose `replaceDocuments` throws on the calls listed in `failCalls` (1-based). */
class FlakyKnowledgeBase extends InMemoryKnowledgeBase {
  calls = 0
  failCalls = new Set<number>()

  override replaceDocuments(removeIds: readonly string[], addDocuments: readonly Document[]): Promise<void> {
    this.calls++
    if (this.failCalls.has(this.calls)) return Promise.reject(new Error(`knowledge base swap ${this.calls} failed on purpose`))
    return super.replaceDocuments(removeIds, addDocuments)
  }
}

/** Replaces `path` once the walk is done and before any file is read (the first progress event). */
function afterWalk(action: () => void): (p: { indexedFiles: number }) => void {
  let done = false
  return (p) => {
    if (p.indexedFiles === 0 && !done) {
      done = true
      action()
    }
  }
}

describe('fault handling', () => {
  it('treats a file that vanishes between walk and read as deleted', async () => {
    const root = tree(files)
    const { kb, bm25, indexer } = setup()
    await indexer.index(root)
    writeFileSync(join(root, 'c.txt'), 'gamma text, edited\n')
    const report = await indexer.index(root, { onProgress: afterWalk(() => rmSync(join(root, 'c.txt'))) })
    expect(report.skipped).toContainEqual({ path: 'c.txt', type: 'file', reason: { kind: 'vanished' } })
    expect(await indexedFiles(kb)).toEqual(['a.ts', 'b.md'])
    expect(await storesAgree(kb, bm25)).toBe(true)
  })

  for (const [name, replace] of [
    ['a directory', (p: string) => mkdirSync(p)],
    ['a FIFO (read without blocking)', (p: string) => execFileSync('mkfifo', [p])],
    ['a symbolic link (not followed)', (p: string) => symlinkSync('a.ts', p)],
  ] as const) {
    it(`keeps the previous chunks of a file replaced by ${name} between walk and read, and commits the rest`, async () => {
      const root = tree(files)
      const { kb, bm25, indexer } = setup()
      await indexer.index(root)
      const oldB = (await contents(kb)).filter(([id]) => id.startsWith('b.md'))
      writeFileSync(join(root, 'a.ts'), 'export const alpha = 2\n')
      writeFileSync(join(root, 'b.md'), '# Beta\n\nedited beta\n')
      const report = await indexer.index(root, {
        onProgress: afterWalk(() => {
          rmSync(join(root, 'b.md'))
          replace(join(root, 'b.md'))
        }),
      })
      expect(report.failed.map((f) => f.path)).toEqual(['b.md'])
      expect(report.failed[0]!.code).toMatch(/NOT_REGULAR|ELOOP|EISDIR/)
      const after = await contents(kb)
      expect(after.filter(([id]) => id.startsWith('b.md'))).toEqual(oldB)
      expect(after.find(([id]) => id.startsWith('a.ts'))![1]).toContain('alpha = 2')
      expect(await storesAgree(kb, bm25)).toBe(true)
      expect(indexer.fingerprints.has('b.md')).toBe(true)
      // The next run sees what the path now is and drops the stale chunks.
      await indexer.index(root)
      expect(await indexedFiles(kb)).toEqual(['a.ts', 'c.txt'])
    })
  }

  it('fails the run when the chunker throws, and leaves the index and fingerprints untouched', async () => {
    const root = tree(files)
    const { kb, bm25, chunker, indexer } = setup()
    await indexer.index(root)
    const before = await contents(kb)
    const fingerprints = indexer.fingerprints
    writeFileSync(join(root, 'a.ts'), 'export const alpha = 3\n')
    writeFileSync(join(root, 'c.txt'), 'gamma, edited\n')
    chunker.failOn = 'c.txt'
    const error = await indexer.index(root).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RagError)
    expect(error).toMatchObject({ code: 'INTERNAL' })
    expect((error as Error).message).toContain('failed on c.txt: chunker exploded on c.txt')
    expect(await contents(kb)).toEqual(before)
    expect(await storesAgree(kb, bm25)).toBe(true)
    expect(indexer.fingerprints).toEqual(fingerprints)
    chunker.failOn = undefined
    await indexer.index(root)
    expect((await kb.list()).map((d) => d.content).join('\n')).toContain('alpha = 3')
  })

  it('fails the run when a chunker in a worker thread throws, and terminates the workers', async () => {
    const root = tree(Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${i}.txt`, `file ${i}\n`])))
    const kb = new InMemoryKnowledgeBase()
    const module = pathToFileURL(join(import.meta.dirname, '../test/fixtures/throwing-chunker.mjs')).href
    const indexer = new FileIndexer({
      knowledgeBase: kb,
      chunker: { module, factory: 'createThrowingChunker', options: { failOn: 'f7.txt' } },
      workers: 2,
      workerThresholdBytes: 0,
      workerScript: workerScript(),
    })
    await expect(indexer.index(root)).rejects.toThrow(/failed on f7\.txt: chunker exploded/)
    expect(await kb.size()).toBe(0)
    const crashing = new FileIndexer({
      knowledgeBase: kb,
      chunker: { module, factory: 'createCrashingChunker' },
      workers: 2,
      workerThresholdBytes: 0,
      workerScript: workerScript(),
    })
    writeFileSync(join(root, 'crash.txt'), 'boom\n')
    await expect(crashing.index(root)).rejects.toThrow(/worker exited unexpectedly with code 3/)
    expect(await kb.size()).toBe(0)
  })

  it('undoes the knowledge-base swap when the BM25 swap throws', async () => {
    const root = tree(files)
    const { kb, bm25, chunker, indexer } = setup()
    await indexer.index(root)
    const before = await contents(kb)
    writeFileSync(join(root, 'a.ts'), 'export const alpha = 4\n')
    writeFileSync(join(root, 'd.txt'), 'delta\n')
    rmSync(join(root, 'c.txt'))
    bm25.failing = true
    await expect(indexer.index(root)).rejects.toThrow('bm25 swap failed on purpose')
    expect(await contents(kb)).toEqual(before)
    expect(await storesAgree(kb, bm25)).toBe(true)
    bm25.failing = false
    chunker.calls.length = 0
    await indexer.index(root)
    expect(chunker.calls.sort()).toEqual(['a.ts', 'd.txt'])
    expect(await indexedFiles(kb)).toEqual(['a.ts', 'b.md', 'd.txt'])
    expect(await storesAgree(kb, bm25)).toBe(true)
  })

  it('changes nothing when the knowledge-base swap throws', async () => {
    const root = tree(files)
    const kb = new FlakyKnowledgeBase()
    const bm25 = new FlakyBM25({ maxDocuments: Infinity })
    const indexer = new FileIndexer({ knowledgeBase: kb, streams: [bm25], workers: 0 })
    await indexer.index(root)
    const before = await contents(kb)
    writeFileSync(join(root, 'c.txt'), 'gamma, edited\n')
    kb.failCalls.add(kb.calls + 1)
    await expect(indexer.index(root)).rejects.toThrow(/knowledge base swap 2 failed/)
    expect(await contents(kb)).toEqual(before)
    expect(await storesAgree(kb, bm25)).toBe(true)
  })

  it('recovers on the next run when undoing a swap fails too', async () => {
    const root = tree(files)
    const kb = new FlakyKnowledgeBase()
    const bm25 = new FlakyBM25({ maxDocuments: Infinity })
    const indexer = new FileIndexer({ knowledgeBase: kb, streams: [bm25], workers: 0 })
    await indexer.index(root)
    writeFileSync(join(root, 'c.txt'), 'gamma, edited\n')
    writeFileSync(join(root, 'e.txt'), 'epsilon\n')
    bm25.failing = true
    kb.failCalls.add(kb.calls + 2) // the undo
    const error = await indexer.index(root).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'INTERNAL' })
    expect((error as Error).message).toMatch(/undoing an earlier swap failed too/)
    bm25.failing = false
    await indexer.index(root)
    expect(await storesAgree(kb, bm25)).toBe(true)
    const fresh = setup()
    await fresh.indexer.index(root)
    expect(await contents(kb)).toEqual(await contents(fresh.kb))
  })
})

describe('chunk id clashes', () => {
  it('commits nothing when a changed file produces an id a kept file already owns', async () => {
    const root = tree(files)
    const { kb, bm25, chunker, indexer } = setup()
    await indexer.index(root)
    const before = await contents(kb)
    const keptId = before.find(([id]) => id.startsWith('b.md'))![0]
    const real = chunker.chunk.bind(chunker)
    chunker.chunk = async (file) => (await real(file)).map((chunk) => (file.path === 'c.txt' ? { ...chunk, id: keptId } : chunk))
    writeFileSync(join(root, 'c.txt'), 'gamma, edited\n')
    await expect(indexer.index(root)).rejects.toMatchObject({ code: 'DUPLICATE_ID' })
    expect(await contents(kb)).toEqual(before)
    expect(await storesAgree(kb, bm25)).toBe(true)
  })
})
