import { describe, expect, it } from 'vitest'
import { createChunkSignals } from './chunk-signals.js'
import { rankFiles } from './rank-files.js'
import type { RankingPlan } from './ranking-plan.js'

describe('the declaration prior', () => {
  const plan: RankingPlan = { intent: 'explain', anchors: [], terms: ['pool', 'connection'], priors: { demote: [], boost: [] } }
  const chunk = (file: string) => ({ id: file, content: '', metadata: { file } })

  it('puts an implementation before its declaration twin that the hits put first', () => {
    const chunks = [chunk('types/pool.d.ts'), chunk('lib/dispatcher/pool.js'), chunk('lib/core/util.js')]
    const hits = chunks.map((document, i) => ({ document, score: 1 - i / 10 }))
    const ranked = rankFiles(hits, plan, createChunkSignals(chunks))
    expect(ranked.map((r) => r.file).slice(0, 2)).toEqual(['lib/dispatcher/pool.js', 'types/pool.d.ts'])
    expect(ranked.find((r) => r.file === 'types/pool.d.ts')!.prior).toBe(0.8)
    expect(rankFiles(hits, plan, createChunkSignals(chunks), { weights: { declaration: 1 } })[0]!.file).toBe('types/pool.d.ts')
  })

  it('reads a folder named as the declaration as its implementation', () => {
    const chunks = [chunk('types/cookies.d.ts'), chunk('lib/web/cookies/parse.js'), chunk('lib/core/util.js')]
    const ranked = rankFiles(chunks.map((document, i) => ({ document, score: 1 - i / 10 })), plan, createChunkSignals(chunks))
    expect(ranked[0]!.file).toBe('lib/web/cookies/parse.js')
    expect(ranked.find((r) => r.file === 'types/cookies.d.ts')!.prior).toBe(0.8)
  })

  it('leaves a declaration alone when no implementation twin is indexed', () => {
    const chunks = [chunk('types/dispatcher.d.ts'), chunk('lib/core/util.js')]
    const ranked = rankFiles(chunks.map((document, i) => ({ document, score: 1 - i / 10 })), plan, createChunkSignals(chunks))
    expect(ranked[0]).toMatchObject({ file: 'types/dispatcher.d.ts', prior: 1 })
  })
})
