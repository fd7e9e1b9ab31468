import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { InvalidArgumentError } from '@rag/core'
import { RagService } from './rag-service.js'
import { createTempRepo, SAMPLE_FILES, type TempRepo } from './testing/temp-repo.js'

describe('RagService document management', () => {
  let repo: TempRepo
  beforeEach(async () => {
    repo = await createTempRepo(SAMPLE_FILES)
  })
  afterEach(async () => {
    await repo.dispose()
  })

  it('adds a document that is searchable with the chunks and listed alone, with a 100-character preview', async () => {
    const rag = new RagService()
    await rag.indexDirectory(repo.root)
    const content = `Rollback procedure: ${'restore the previous release artifact '.repeat(5)}`
    const id = await rag.addDocument(content, { source: 'user', topic: 'deployment' })
    expect(id).toMatch(/^doc:[0-9a-f-]{36}$/)

    expect(await rag.listDocuments()).toEqual([
      { id, preview: content.slice(0, 100), contentLength: content.length, metadata: { source: 'user', topic: 'deployment' } },
    ])
    const hits = await rag.search('rollback procedure artifact', 3)
    expect(hits[0]?.document.id).toBe(id)
    expect(hits[0]?.explain?.map((e) => e.stream)).toEqual(['bm25', 'knowledge-base'])
    expect(await rag.getDocument(id)).toEqual({ id, content, metadata: { source: 'user', topic: 'deployment' } })
    expect((await rag.getStatus()).documentCount).toBe((await rag.getStatus()).chunkCount + 1)
  })

  it('keeps added documents across index runs and removes them from every store', async () => {
    const rag = new RagService()
    const id = await rag.addDocument('zebra crossing notes')
    await rag.indexDirectory(repo.root)
    await repo.remove('docs/guide.md')
    await rag.indexDirectory(repo.root)
    expect((await rag.listDocuments()).map((d) => d.id)).toEqual([id])

    expect(await rag.removeDocument(id)).toBe(true)
    expect(await rag.removeDocument(id)).toBe(false)
    expect(await rag.getDocument(id)).toBeUndefined()
    expect(await rag.search('zebra crossing', 3)).toEqual([])
    expect(await rag.bm25?.get(id)).toBeUndefined()
    expect(await rag.listDocuments()).toEqual([])
  })

  it('clears added documents with everything else', async () => {
    const rag = new RagService()
    await rag.indexDirectory(repo.root)
    await rag.addDocument('zebra crossing notes')
    await rag.clear()
    expect(await rag.listDocuments()).toEqual([])
    expect(await rag.search('zebra', 3)).toEqual([])
  })

  it('rejects malformed content and metadata without adding anything', async () => {
    const rag = new RagService()
    await expect(rag.addDocument(42 as unknown as string)).rejects.toBeInstanceOf(InvalidArgumentError)
    await expect(rag.addDocument('x', { nested: {} } as never)).rejects.toBeInstanceOf(InvalidArgumentError)
    expect(() => rag.getDocument(7 as unknown as string)).toThrow(InvalidArgumentError)
    expect(await rag.knowledgeBase.size()).toBe(0)
  })
})
