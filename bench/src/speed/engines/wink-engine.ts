import bm25 from 'wink-bm25-text-search'
import nlp from 'wink-nlp-utils'
import type { EngineSpec } from './search-engine.js'

/**
 * wink-bm25-text-search with the preparation pipeline of its README (lower case, collapse
 * spaces, `tokenize0`, propagate negations, remove stop words, Porter stem) on one field of
 * weight 1, BM25 k1 = 1.2, b = 0.75, k = 1 (its defaults). `consolidate()` after the last
 * document, as it requires.
 */
export function winkEngine(version: string): EngineSpec {
  return {
    label: `wink-bm25-text-search ${version}`,
    settings: 'fldWeights { content: 1 }, bm25Params k1=1.2 b=0.75 k=1 (defaults); prep tasks lowerCase, removeExtraSpaces, tokenize0, propagateNegations, removeWords, stem (its README pipeline); consolidate() after adding',
    async create() {
      const engine = bm25()
      engine.defineConfig({ fldWeights: { content: 1 } })
      engine.definePrepTasks([
        nlp.string.lowerCase,
        nlp.string.removeExtraSpaces,
        nlp.string.tokenize0,
        nlp.tokens.propagateNegations,
        nlp.tokens.removeWords,
        nlp.tokens.stem,
      ])
      return {
        async index(docs) {
          for (const d of docs) engine.addDoc({ content: d.content }, d.id)
          engine.consolidate()
        },
        async search(query, topK) {
          return engine.search(query, topK).map(([id]) => String(id))
        },
      }
    },
  }
}
