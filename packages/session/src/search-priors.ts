import type { SearchResult } from '@rag/core'
import type * as Rank from '@rag/rank'
import type { QueryRouter } from '@rag/router'
import { namedDefinition } from './named-definition.js'

// Loaded with the first search, not with the session (as `locate-files.ts` loads them).
let modules: Promise<{ rank: typeof Rank; router: QueryRouter }> | undefined
const load = (): Promise<{ rank: typeof Rank; router: QueryRouter }> =>
  // Without NLP: the priors depend only on the intent's categories, which plain tokens decide, and
  // a CLI search must not wait ~170 ms for a language model to load.
  (modules ??= Promise.all([import('@rag/rank'), import('@rag/router')]).then(([rank, { createQueryRouter }]) => ({ rank, router: createQueryRouter({ nlp: false }) })))

/** Options of `RagService.search`. */
export interface SearchOptions {
  /**
   * Order the hits by fused score times their file's path prior under the query's intent
   * ({@link withPathPriors}); `false` keeps the streams' fused order (what `locateFiles` ranks files from).
   * @default true
   */
  readonly pathPriors?: boolean
}

/** How many results a search with path priors asks the streams for, to keep `topK` after demotions. */
export function priorFetch(topK: number): number {
  return Math.max(topK * 3, topK + 20)
}

/** How much the chunk that defines the name a query is (see {@link namedDefinition}) gains over the fused score. */
export const DEFINITION_BOOST = 4

/**
 * The results ordered by fused score times the path prior of their file under the query's
 * intent (`@rag/rank`'s `pathPrior` with its default weights, the file ranking's rule): for a
 * question about code, chunks of tests, docs, examples, generated files, configuration and
 * prose (`LICENSE`, translations) fall behind source; "find the tests of X" boosts tests, a
 * question about the docs boosts docs. A query that is one name (`parseArgs`,
 * `Document.findByPk`) puts the chunks that define it first: their score is times
 * {@link DEFINITION_BOOST}, whatever their path (a test's helper looked up by name is what was
 * asked for). Each result's `score` is the product; a document without a file (an added
 * document) keeps its score. Equal products keep the streams' order.
 */
export async function withPathPriors(query: string, results: readonly SearchResult[]): Promise<SearchResult[]> {
  const { rank, router } = await load()
  const { priors } = router.route(query)
  const defines = namedDefinition(query)
  if (priors.demote.length === 0 && priors.boost.length === 0 && defines === undefined) return [...results]
  const weighed = results.map((result, order) => {
    const { metadata } = result.document
    const file = metadata['file']
    const prior =
      defines?.(metadata) === true ? DEFINITION_BOOST : typeof file === 'string' && file !== '' ? rank.pathPrior(rank.categoriesOf(file), priors, rank.DEFAULT_WEIGHTS) : 1
    return { result: prior === 1 ? result : { ...result, score: result.score * prior }, order }
  })
  weighed.sort((a, b) => b.result.score - a.result.score || a.order - b.order)
  return weighed.map(({ result }) => result)
}
