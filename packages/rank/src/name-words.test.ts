import { describe, expect, it } from 'vitest'
import { createChunkSignals } from './chunk-signals.js'
import { nameWords, wordStem } from './name-words.js'
import { rankFiles } from './rank-files.js'
import type { RankingPlan } from './ranking-plan.js'

describe('name words', () => {
  it("splits a file's name into stemmed words", () => {
    // Stems need only agree between a query's words and a name's: `order` and `orders` are both `ord`.
    expect(nameWords('OrderItemConfiguration')).toEqual(['ord', 'item', 'configur'])
    expect(nameWords('slugify_parameter_transformer')).toEqual(['slugify', 'paramet', 'transform'])
    expect(nameWords('HTTPServerV2')).toEqual(['http', 'serv'])
    expect(['orders', 'items', 'configured', 'configuration', 'paging', 'categories', 'user'].map(wordStem)).toEqual(['ord', 'item', 'configur', 'configur', 'pag', 'category', 'user'])
  })

  it('credits a file whose name is made of two or more of the query words, by the share of its words', () => {
    const files = ['src/Infrastructure/Data/Config/OrderItemConfiguration.cs', 'src/ApplicationCore/Entities/OrderItem.cs', 'src/Web/Program.cs']
    const chunks = files.map((file, i) => ({ id: String(i), content: '', metadata: { file } }))
    const hit = (id: string, score: number) => ({ document: chunks[Number(id)]!, score })
    const plan: RankingPlan = { intent: 'locate', anchors: [], terms: ['mapping', 'order', 'items', 'configured'], priors: { demote: [], boost: [] } }
    const ranked = rankFiles([hit('2', 1), hit('1', 0.9), hit('0', 0.5)], plan, createChunkSignals(chunks))
    const contribution = (file: string) => ranked.find((r) => r.file === file)?.contributions.find((c) => c.signal === 'name-words')?.value
    expect(contribution(files[0]!)).toBeCloseTo(0.5, 10)
    expect(contribution(files[1]!)).toBeCloseTo(0.5, 10)
    expect(contribution(files[2]!)).toBeUndefined()
  })
})
