import type { SearchResult } from '@rag/core'
import { compileSearchFilter, plainFilterPath, type DocumentPredicate, type SearchFilter } from './search-filter.js'

// A filtered search asks for this many times more results each round, up to MAX_FETCH.
const OVERFETCH = 4
const MAX_FETCH = 10_000

/** One fused retrieval of the best `topK` (with this per-file cap in place of the retriever's, when given). */
export type Retrieval = (topK: number, maxPerFile?: number) => Promise<SearchResult[]>

/** The first `topK` hits `accept` keeps, asking for more in rounds (up to 10,000). */
async function kept(retrieve: Retrieval, topK: number, accept: DocumentPredicate, maxPerFile?: number): Promise<SearchResult[]> {
  let fetch = Math.min(Math.max(topK, topK * OVERFETCH), Math.max(topK, MAX_FETCH))
  let previous = -1
  for (;;) {
    const hits = await retrieve(fetch, maxPerFile)
    const found = hits.filter((hit) => accept(hit.document))
    if (found.length >= topK || fetch >= MAX_FETCH || hits.length <= previous) return found.slice(0, topK)
    previous = hits.length
    fetch = Math.min(fetch * OVERFETCH, MAX_FETCH)
  }
}

/**
 * A search narrowed by a filter: the retrieval's best hits the filter keeps, in order. A plain
 * path that turns out to name one file (`--path src/app.ts`) gets that file's best `topK` chunks,
 * not the per-file cap's few (a directory prefix keeps the cap).
 *
 * @throws InvalidArgumentError for a malformed filter.
 */
export async function filteredSearch(retrieve: Retrieval, topK: number, filter: SearchFilter | undefined): Promise<SearchResult[]> {
  const accept = compileSearchFilter(filter)
  if (accept === undefined) return retrieve(topK)
  const found = await kept(retrieve, topK, accept)
  const path = plainFilterPath(filter)
  if (found.length < topK && found.length > 0 && found.every((hit) => hit.document.metadata['file'] === path)) return kept(retrieve, topK, accept, Number.POSITIVE_INFINITY)
  return found
}
