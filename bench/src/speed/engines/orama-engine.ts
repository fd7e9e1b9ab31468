import { create, insertMultiple, search } from '@orama/orama'
import type { EngineSpec } from './search-engine.js'

/**
 * Orama with its defaults, as a user gets it: English tokenizer without stemming or stop words;
 * documents carry their own `id` (not indexed);
 * search with `tolerance: 0` (no typo tolerance), `exact: false` (so every query term also
 * matches as a prefix, Orama's radix-tree behaviour), `threshold: 1` (documents matching any
 * term are returned), BM25 k = 1.2, b = 0.75, d = 0.5 (its defaults).
 */
export function oramaEngine(version: string): EngineSpec {
  return {
    label: `@orama/orama ${version}`,
    settings: "schema { content: 'string' }, default tokenizer (english, no stemming, no stop words); search { term, properties: ['content'], limit } with defaults tolerance 0, exact false (prefix matching), threshold 1; BM25 k1=1.2 b=0.75 d=0.5 (defaults)",
    async create() {
      const db = create({ schema: { content: 'string' } as const })
      return {
        async index(docs) {
          await insertMultiple(db, docs.map((d) => ({ id: d.id, content: d.content })), 1000)
        },
        async search(query, topK) {
          const result = await search(db, { term: query, properties: ['content'], limit: topK })
          return result.hits.map((h) => h.id)
        },
      }
    },
  }
}
