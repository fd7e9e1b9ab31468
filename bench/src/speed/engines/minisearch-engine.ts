import MiniSearch from 'minisearch'
import type { EngineSpec } from './search-engine.js'

/**
 * MiniSearch with its defaults, which already match an exact-term BM25 search: tokenizer splits
 * on Unicode space and punctuation, terms lower-cased, no stemming, no stop words; search with
 * `prefix: false`, `fuzzy: false`, `combineWith: 'OR'` (its defaults, spelled out); BM25+ with its
 * default k = 1.2, b = 0.7, d = 0.5. Nothing stored beyond the id.
 */
export function miniSearchEngine(version: string): EngineSpec {
  return {
    label: `minisearch ${version}`,
    settings: "fields ['content'], storeFields [], default tokenizer/processTerm; search prefix:false fuzzy:false combineWith:'OR' (the defaults); BM25+ k=1.2 b=0.7 d=0.5 (defaults)",
    async create() {
      const index = new MiniSearch<{ id: string; content: string }>({ fields: ['content'], storeFields: [] })
      return {
        async index(docs) {
          index.addAll(docs.map((d) => ({ id: d.id, content: d.content })))
        },
        async search(query, topK) {
          return index
            .search(query, { prefix: false, fuzzy: false, combineWith: 'OR' })
            .slice(0, topK)
            .map((r) => String(r.id))
        },
      }
    },
  }
}
