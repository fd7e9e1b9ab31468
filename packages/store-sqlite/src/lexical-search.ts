import { BM25_DEFAULTS, rankBm25Postings, rankTfidfPostings, type Bm25Parameters, type CollectionStatistics } from '@rag/lexical'
import type { SearchResult } from '@rag/core'
import { rowToDocument } from './document-rows.js'
import { queryPostings, topRows, type PostingsCache, type ScoredRow } from './query-postings.js'
import { META } from './schema.js'
import type { Statements } from './statements.js'

/** `N` and the total length of the live documents, through `cache` (validated for this snapshot) when given. */
function collectionStatistics(statements: Statements, cache: PostingsCache | undefined): CollectionStatistics {
  const load = (): CollectionStatistics => {
    const [documentCount, totalLength] = statements.lengthTotals.get() ?? [0, 0]
    return { documentCount, totalLength }
  }
  return cache === undefined ? load() : cache.statistics(load)
}

/**
 * Ranks the stored documents for the FTS5 tokens of a query by BM25, computed from the full-text
 * index with `@rag/lexical`'s one implementation of the formula (the one `BM25Stream` uses):
 * `tf`, `df` and `|d|` from the index and `term_counts`, `N` and `avgdl` over the live documents
 * of one generation (FTS5's own `bm25()` keeps counting deleted rows of a contentless table, so
 * its scores drift as an index churns). Highest score first; equal scores by id (code-unit order),
 * as `BM25Stream`. Run it inside one read transaction.
 */
export function searchBm25(
  statements: Statements,
  tokens: readonly string[],
  topK: number,
  cache?: PostingsCache,
  parameters: Bm25Parameters = BM25_DEFAULTS,
): ScoredRow[] {
  const statistics = collectionStatistics(statements, cache)
  if (statistics.documentCount === 0) return []
  const scores = rankBm25Postings(queryPostings(statements, tokens, cache), statistics, parameters)
  return topRows(statements, scores, topK)
}

/**
 * Ranks the stored documents for the FTS5 tokens of a query by TF-IDF, computed from the
 * full-text index with `@rag/lexical`'s one implementation of the formula (the one
 * `InMemoryKnowledgeBase` uses), summed in query order. Highest score first; equal scores by id
 * (code-unit order), as `InMemoryKnowledgeBase`. Run it inside one read transaction so every
 * count comes from the same generation. Cost grows with the occurrences of the query's tokens,
 * not with the corpus.
 */
export function searchTfidf(statements: Statements, tokens: readonly string[], topK: number, cache?: PostingsCache): ScoredRow[] {
  const statistics = collectionStatistics(statements, cache)
  if (statistics.documentCount === 0) return []
  const scores = rankTfidfPostings(queryPostings(statements, tokens, cache), statistics)
  return topRows(statements, scores, topK)
}

/** {@link searchBm25} or {@link searchTfidf}. */
export type LexicalScorer = typeof searchBm25 | typeof searchTfidf

/**
 * The best `topK` documents for a query's FTS5 tokens by `scorer`, through `cache` (emptied first
 * unless it holds this snapshot's generation). Run it inside one read transaction.
 */
export function rankDocuments(statements: Statements, tokens: readonly string[], topK: number, cache: PostingsCache, scorer: LexicalScorer): SearchResult[] {
  cache.validate(statements.getMeta.get(META.generation) ?? '0')
  return scorer(statements, tokens, topK, cache).map((hit) => ({ document: rowToDocument(hit.row), score: hit.score }))
}
