import { realpath } from 'node:fs/promises'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CancelledError, InvalidArgumentError, type IndexProgress } from '@rag/core'
import { contentText, pathAndSymbolText } from '@rag/lexical'
import { RagService } from './rag-service.js'
import { createTempRepo, SAMPLE_FILES, type TempRepo } from './testing/temp-repo.js'

describe('RagService', () => {
  let repo: TempRepo
  beforeEach(async () => {
    repo = await createTempRepo(SAMPLE_FILES)
  })
  afterEach(async () => {
    await repo.dispose()
  })

  it('indexes a directory, reports progress and finds chunks with path:line provenance', async () => {
    const rag = new RagService()
    const progress: IndexProgress[] = []
    const report = await rag.indexDirectory(repo.root, (p) => progress.push(p))
    expect(report.stats.files).toBe(4)
    expect(report.added).toBeGreaterThanOrEqual(4)
    expect(progress.at(-1)).toMatchObject({ indexedFiles: 4, totalFiles: 4 })

    const [top] = await rag.search('verify bearer token signature', 3)
    expect(top?.document.metadata).toMatchObject({ file: 'src/auth/token.ts', startLine: 1 })
    expect(top?.explain?.map((e) => e.stream)).toEqual(['bm25', 'knowledge-base'])
  })

  it('reports file count, chunk count, last index time and indexed path', async () => {
    let clock = 1_700_000_000_000
    const rag = new RagService({ now: () => clock })
    expect(await rag.getStatus()).toEqual({
      indexedPath: undefined,
      fileCount: 0,
      chunkCount: 0,
      documentCount: 0,
      lastIndexedAt: undefined,
      indexing: false,
    })
    const running = rag.indexDirectory(repo.root)
    expect((await rag.getStatus()).indexing).toBe(true)
    const report = await running
    clock += 1000
    const status = await rag.getStatus()
    expect(status).toMatchObject({ indexedPath: await realpath(repo.root), fileCount: 4, chunkCount: report.added, indexing: false })
    expect(status.documentCount).toBe(report.added)
    expect(status.lastIndexedAt?.getTime()).toBe(1_700_000_000_000)
  })

  it('re-chunks only the edited file on the next run and drops the chunks of a deleted file', async () => {
    const rag = new RagService()
    await rag.indexDirectory(repo.root)
    await repo.write('src/db/pool.py', `${SAMPLE_FILES['src/db/pool.py']}\n    def release(self, connection):\n        self.connections.append(connection)\n`)
    const edited = await rag.indexDirectory(repo.root)
    expect(edited.stats.chunked).toBe(1)
    expect((await rag.search('release connection', 5))[0]?.document.metadata['file']).toBe('src/db/pool.py')

    await repo.remove('docs/guide.md')
    const removed = await rag.indexDirectory(repo.root)
    expect(removed.stats.removed).toBe(1)
    expect(await rag.search('deployment release pipeline', 5)).toSatisfy((hits: { document: { metadata: Record<string, unknown> } }[]) =>
      hits.every((h) => h.document.metadata['file'] !== 'docs/guide.md'),
    )
    expect((await rag.getStatus()).fileCount).toBe(3)
  })

  it('filters by path glob, plain directory prefix and language, still returning up to topK', async () => {
    for (let i = 0; i < 30; i++) await repo.write(`lib/noise${i}.ts`, `// token token token token\nexport const token${i} = "token token ${i}"\n`)
    const rag = new RagService()
    await rag.indexDirectory(repo.root)
    const unfiltered = await rag.search('token', 3)
    expect(unfiltered.every((h) => String(h.document.metadata['file']).startsWith('lib/'))).toBe(true)

    const byGlob = await rag.search('token', 3, { path: 'src/**' })
    expect(byGlob.map((h) => h.document.metadata['file']).sort()).toEqual(['src/auth/middleware.ts', 'src/auth/token.ts'])
    const byPrefix = await rag.search('token', 3, { path: 'src/auth' })
    expect(byPrefix).toHaveLength(2)
    const byLanguage = await rag.search('connections database', 3, { language: ['Python'] })
    expect(byLanguage.map((h) => h.document.metadata['file'])).toEqual(['src/db/pool.py'])
    const many = await rag.search('token', 25, { path: 'lib/*.ts', language: 'typescript' })
    expect(many).toHaveLength(25)
    await expect(rag.search('token', 3, { path: '' })).rejects.toBeInstanceOf(InvalidArgumentError)
  })

  it('builds a fenced context prompt, and returns the query unchanged when nothing matches', async () => {
    const rag = new RagService()
    await rag.indexDirectory(repo.root)
    const prompt = await rag.buildContextPrompt('How is a token verified?', 2)
    expect(prompt).toContain('<rag-memory>')
    expect(prompt).toContain('<entry><key>file</key><value>src/auth/token.ts</value></entry>')
    expect(prompt.endsWith('<rag-user-message>\nHow is a token verified?\n</rag-user-message>')).toBe(true)
    expect(await rag.buildContextPrompt('zebra giraffe', 2)).toBe('zebra giraffe')
    expect(await rag.buildContextPrompt('token', 2, { format: 'plain', filter: { language: 'python' } })).toBe('token')
  })

  it('rejects bad arguments and a missing root, leaving the index as it was', async () => {
    const rag = new RagService()
    await rag.indexDirectory(repo.root)
    const before = await rag.getStatus()
    await expect(rag.search('', 3)).rejects.toBeInstanceOf(InvalidArgumentError)
    await expect(rag.search('token', 0)).rejects.toBeInstanceOf(InvalidArgumentError)
    await expect(rag.indexDirectory(`${repo.root}/missing`)).rejects.toBeInstanceOf(InvalidArgumentError)
    expect(await rag.getStatus()).toEqual(before)
  })

  it('cancels a run through its signal and keeps the previous generation', async () => {
    const rag = new RagService()
    await rag.indexDirectory(repo.root)
    const hitsBefore = await rag.search('token', 5)
    await repo.write('src/auth/token.ts', 'export const replaced = "zebra"\n')
    const controller = new AbortController()
    const run = rag.indexDirectory(repo.root, (p) => {
      if (p.indexedFiles === 0) controller.abort()
    }, { signal: controller.signal })
    await expect(run).rejects.toBeInstanceOf(CancelledError)
    expect(await rag.search('token', 5)).toEqual(hitsBefore)
    expect(await rag.search('zebra', 5)).toEqual([])
  })

  it('re-chunks every file with force', async () => {
    const rag = new RagService()
    await rag.indexDirectory(repo.root)
    const again = await rag.indexDirectory(repo.root, undefined, { force: true })
    expect(again.stats.chunked).toBe(4)
    expect((await rag.getStatus()).chunkCount).toBe(again.added)
  })

  it('keeps the fingerprints when a forced run is cancelled: the next run re-chunks nothing unchanged', async () => {
    const rag = new RagService()
    await rag.indexDirectory(repo.root)
    const controller = new AbortController()
    const forced = rag.indexDirectory(repo.root, (p) => {
      if (p.indexedFiles === 1) controller.abort()
    }, { signal: controller.signal, force: true })
    await expect(forced).rejects.toBeInstanceOf(CancelledError)
    const next = await rag.indexDirectory(repo.root)
    expect(next.stats.chunked).toBe(0)
  })

  it('keeps the BM25 stream unbounded by default and fuses extra streams', async () => {
    const rag = new RagService({
      streams: [{ stream: { name: 'fixed', search: async () => [{ document: { id: 'x', content: 'fixed', metadata: {} }, score: 1 }] }, weight: 1 }],
    })
    await rag.indexDirectory(repo.root)
    const hits = await rag.search('token', 10)
    expect(hits[0]?.document.id).toBe('x')
    expect(await rag.bm25?.size()).toBe((await rag.getStatus()).chunkCount)
    expect(() => new RagService({ weights: { bm25: 0 } })).toThrow(InvalidArgumentError)
  })

  it('passes bm25.indexedText through: a chunk is found by a symbol name only its metadata holds', async () => {
    const content = 'refresh(token) { return this.cache.get(token) ?? load(token) }'
    const metadata = { file: 'src/auth/session-store.ts', qname: 'SessionCache.refresh' }
    const plain = new RagService()
    expect(plain.bm25?.indexedText).toBe(contentText)
    await plain.addDocument(content, metadata)
    expect(await plain.search('SessionCache', 5)).toEqual([])

    const rag = new RagService({ bm25: { indexedText: pathAndSymbolText } })
    expect(rag.bm25?.indexedText).toBe(pathAndSymbolText)
    const id = await rag.addDocument(content, metadata)
    const [top] = await rag.search('SessionCache', 5)
    expect(top?.document).toEqual({ id, content, metadata })
    expect(top?.explain?.map((e) => e.stream)).toEqual(['bm25'])
  })
})
