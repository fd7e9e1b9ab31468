import type { Document } from '@rag/core'
import type * as Rank from '@rag/rank'
import type { QueryRouter } from '@rag/router'
import { declares, lookedUp, namedDefinition } from './named-definition.js'

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
   * ({@link searchPrior}); `false` keeps the streams' fused order (what `locateFiles` ranks files from).
   * @default true
   */
  readonly pathPriors?: boolean
}

/** How much the chunk that defines the name a query is (see {@link namedDefinition}) gains over the fused score. */
export const DEFINITION_BOOST = 4

/**
 * How much a chunk that says the whole of a message the query quotes gains over the fused score (a
 * part of it, in a run of three words or more: that share of the gain). Question set dev MRR@10 of
 * `rag search`'s top-10 files: 1 (none) 0.751, 2, 3 and 5 0.767 (test 0.850 -> 0.850, 0.854, 0.854).
 */
export const MESSAGE_BOOST = 3

/**
 * The multiplier `search` gives each chunk's fused score for `query` (the retriever applies it
 * before its per-file cap and its cut, so the ranking does not depend on `k`): the path prior of
 * the chunk's file under the query's intent (`@rag/rank`'s `pathPrior` with its default weights,
 * the file ranking's rule): for a question about code, chunks of tests, docs, examples, generated
 * files, configuration and prose (`LICENSE`, translations) fall behind source, and so does a
 * file the chunker found minified (its `fallback` metadata: a bundle named `chat.js`, not only
 * `*.min.js`); "find the tests of
 * X" boosts tests, a question about the docs boosts docs. A query that is one name (`parseArgs`,
 * `Document.findByPk`) multiplies the chunks that define it by {@link DEFINITION_BOOST}, whatever
 * their path (a test's helper looked up by name is what was asked for). A chunk that says a
 * message the query quotes (`I get "Rate limit exceeded: 12 requests"`) word for word, in a run of
 * three words or more, gains up to {@link MESSAGE_BOOST} by the share of the message it says. A
 * document without a file (an added document) keeps its path's factor of 1. `undefined` when
 * nothing would change.
 */
export async function searchPrior(query: string): Promise<((document: Document) => number) | undefined> {
  const { rank, router } = await load()
  const { priors, anchors } = router.route(query)
  const defines = namedDefinition(query)
  const messages = anchors.filter((anchor) => anchor.kind === 'message').map((anchor) => rank.messageWords(anchor.text))
  if (priors.demote.length === 0 && priors.boost.length === 0 && defines === undefined && messages.length === 0) return undefined
  const name = lookedUp(query)?.name
  // A chunk that says a quoted message (the error a user pasted) is where it is raised or logged.
  const said = (content: string): number => {
    if (messages.length === 0) return 1
    const words = rank.spacedWords(content)
    return 1 + (MESSAGE_BOOST - 1) * Math.max(...messages.map((message) => rank.messageShare(message, words)))
  }
  return ({ metadata, content }) => {
    // The chunk that declares it gets the whole boost; other pieces of it, and merged chunks that list it, half.
    if (defines?.(metadata) === true) return declares(metadata, content, name!) ? DEFINITION_BOOST : DEFINITION_BOOST / 2
    const file = metadata['file']
    if (typeof file !== 'string' || file === '') return said(content)
    const categories = rank.categoriesOf(file)
    return said(content) * rank.pathPrior(metadata['fallback'] === 'minified' && !categories.includes('generated') ? [...categories, 'generated'] : categories, priors, rank.DEFAULT_WEIGHTS)
  }
}
