import { Index } from 'flexsearch'
import type { EngineSpec } from './search-engine.js'

/**
 * FlexSearch's `Index` with its defaults (`tokenize: 'strict'`: whole words only; default
 * encoder; `resolution: 9`), plus `suggest: true` at search time: without it FlexSearch returns
 * only documents that contain every query term, which for a sentence-long query is almost always
 * nothing. FlexSearch ranks by term position within a document, not by BM25.
 */
export function flexSearchEngine(version: string): EngineSpec {
  return {
    label: `flexsearch ${version}`,
    settings: "new Index({ tokenize: 'strict' }) (default encoder, resolution 9); search(query, { limit, suggest: true })",
    async create() {
      const index = new Index({ tokenize: 'strict' })
      let ids: string[] = []
      return {
        async index(docs) {
          ids = docs.map((d) => d.id)
          docs.forEach((d, i) => index.add(i, d.content))
        },
        async search(query, topK) {
          const hits = index.search(query, { limit: topK, suggest: true }) as number[]
          return hits.map((i) => ids[i]!)
        },
      }
    },
  }
}
