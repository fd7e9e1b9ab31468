import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { RagError } from '@rag/core'
import { InMemoryKnowledgeBase } from '@rag/kb-tfidf'
import { describe, expect, it } from 'vitest'
import { contents, indexedFiles, setup, StagingIndexer, storesAgree, tree, workerScript } from './testing/helpers.js'

const files = {
  'a.ts': 'export const alpha = 1\n',
  'b.md': '# Beta\n\nbeta words\n',
  'c.txt': 'gamma text\n',
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
    const indexer = new StagingIndexer({
      knowledgeBase: kb,
      chunker: { module, factory: 'createThrowingChunker', options: { failOn: 'f7.txt' } },
      workers: 2,
      workerThresholdBytes: 0,
      workerScript: workerScript(),
    })
    await expect(indexer.index(root)).rejects.toThrow(/failed on f7\.txt: chunker exploded/)
    expect(await kb.size()).toBe(0)
    const crashing = new StagingIndexer({
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
