import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { RagService } from './rag-service.js'
import { recommendedRetrieval } from './recommended-retrieval.js'
import { createTempRepo, SAMPLE_FILES, type TempRepo } from './testing/temp-repo.js'

describe('recommendedRetrieval', () => {
  let repo: TempRepo
  beforeEach(async () => {
    repo = await createTempRepo(SAMPLE_FILES)
  })
  afterEach(async () => {
    await repo.dispose()
  })

  it('returns the evaluated settings with a fresh, empty knowledge base each time', async () => {
    const a = recommendedRetrieval()
    const b = recommendedRetrieval()
    expect(a.knowledgeBase).not.toBe(b.knowledgeBase)
    expect(await a.knowledgeBase.size()).toBe(0)
    expect(a.weights).toEqual({ bm25: 0.7, knowledgeBase: 0.3 })
    expect(a.bm25).toMatchObject({ analyzer: { name: 'code-aware@1' }, indexedText: { name: 'path+symbol@1' } })
  })

  it('ranks in a session by symbol names and paths, fused 0.7 / 0.3', async () => {
    const seed = new RagService()
    const tuned = new RagService(recommendedRetrieval())
    await seed.indexDirectory(repo.root)
    await tuned.indexDirectory(repo.root)

    // `authMiddleware` is one identifier to the seed analyzers; code-aware splits it and finds `auth` and `middleware`.
    expect(await seed.search('middleware', 3)).toEqual([])
    const [top] = await tuned.search('middleware', 3)
    expect(top?.document.metadata).toMatchObject({ file: 'src/auth/middleware.ts' })
    expect(top?.explain?.map((e) => [e.stream, e.rank])).toEqual([
      ['bm25', 0],
      ['knowledge-base', 0],
    ])
    expect(top?.score).toBeCloseTo(0.7 / 61 + 0.3 / 61, 12)
  })
})
