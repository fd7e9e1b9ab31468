import type { Document } from '@rag/core'
import { describe, expect, it } from 'vitest'
import { createChunkSignals } from './chunk-signals.js'
import { rankFiles } from './rank-files.js'
import type { RankingPlan } from './ranking-plan.js'

describe('minified files', () => {
  it('demotes a file the chunker found minified as generated, whatever its name', () => {
    const chunks: Document[] = [
      { id: 'a', content: '', metadata: { file: 'web/js/chat.js', fallback: 'minified' } },
      { id: 'b', content: '', metadata: { file: 'src/passwords.ts' } },
    ]
    const plan: RankingPlan = { intent: 'explain', anchors: [], terms: ['password'], priors: { demote: ['generated'], boost: [] } }
    const ranked = rankFiles([{ document: chunks[0]!, score: 1 }, { document: chunks[1]!, score: 0.9 }], plan, createChunkSignals(chunks))
    expect(ranked.map((r) => r.file)).toEqual(['src/passwords.ts', 'web/js/chat.js'])
    expect(ranked[1]!.categories).toContain('generated')
  })
})
