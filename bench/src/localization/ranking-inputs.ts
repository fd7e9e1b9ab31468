import { BM25Stream, codeAwareAnalyzer } from '@rag/bm25'
import type { IndexedText, SearchResult } from '@rag/core'
import { contentText, pathAndSymbolText } from '@rag/lexical'
import { createChunkSignals, createLayerSignals, fileDocuments, type DefinitionLookup, type EntrypointLookup, type NeighbourLookup, type PathLookup } from '@rag/rank'
import { createQueryRouter, type QueryPlan, type QueryRouter, type QueryTerms } from '@rag/router'
import type { LocalizationQuery } from '../corpus/localization-data.js'
import type { IndexedRepo } from './index-repo.js'
import { readLayerRecords } from './layer-records.js'

/** The whole-file streams measured as fused file lists: path + symbol names + content, or content alone. */
export type FileListName = 'files: path+symbols+content' | 'files: content'

/** What the ranking reads of one repository besides the chunk hits: signals derived from chunks, and whole-file streams. */
export interface RepoRankingInputs {
  readonly definitions: DefinitionLookup
  readonly paths: PathLookup
  /** The layered index's signals (`createLayerSignals` over every layer record): C1 definitions, C2 neighbours, C3 entrypoints. */
  readonly layers: { readonly definitions: DefinitionLookup; readonly neighbours: NeighbourLookup; readonly entrypoints: EntrypointLookup }
  readonly fileStreams: ReadonlyMap<FileListName, BM25Stream>
}

/** The router variants measured: with wink-nlp (the default) and query terms as written, lemmatised, or both; and without NLP. */
export type RouterVariant = QueryTerms | 'no-nlp'

/** What the ranking reads of one query, recorded once. */
export interface QueryRankingInputs {
  /** The plan of each router variant. */
  readonly plans: ReadonlyMap<RouterVariant, QueryPlan>
  /** The deep chunk list for each distinct search text (`plan.searchText`). */
  readonly deepByText: ReadonlyMap<string, readonly SearchResult[]>
  /** Each whole-file stream's top files for the query as written. */
  readonly fileLists: ReadonlyMap<FileListName, readonly string[]>
}

const FILE_LISTS: readonly (readonly [FileListName, IndexedText])[] = [
  ['files: path+symbols+content', pathAndSymbolText],
  ['files: content', contentText],
]

/** Depth of the whole-file lists fused into the ranking. */
export const FILE_LIST_DEPTH = 100

/**
 * Chunk-derived signals (`createChunkSignals`: definitions by name, files by name and folder),
 * the layered index's signals (C1-C3, read through the session's layer API), and the whole-file streams (`BM25Stream`, code-aware analyzer, over `fileDocuments` of the
 * index's chunks): what the session would keep beside the chunk index.
 */
export async function repoRankingInputs(indexed: IndexedRepo): Promise<RepoRankingInputs> {
  const { definitions, paths } = createChunkSignals(indexed.chunks)
  const docs = fileDocuments(indexed.chunks)
  const fileStreams = new Map<FileListName, BM25Stream>()
  for (const [name, indexedText] of FILE_LISTS) {
    const stream = new BM25Stream({ analyzer: codeAwareAnalyzer, indexedText, maxDocuments: Number.POSITIVE_INFINITY, ttlMs: Number.POSITIVE_INFINITY, name })
    await stream.add(docs)
    fileStreams.set(name, stream)
  }
  const layers = createLayerSignals(await readLayerRecords(indexed.rag, indexed.files))
  return { definitions, paths, layers, fileStreams }
}

/** The routers of the measured variants, built once (the NLP loads on first use). */
export function variantRouters(): ReadonlyMap<RouterVariant, QueryRouter> {
  return new Map<RouterVariant, QueryRouter>([
    ['original', createQueryRouter({ queryTerms: 'original' })],
    ['lemmas', createQueryRouter({ queryTerms: 'lemmas' })],
    ['original+lemmas', createQueryRouter({ queryTerms: 'original+lemmas' })],
    ['no-nlp', createQueryRouter({ nlp: false })],
  ])
}

/**
 * Routes a query with every variant, searches the pipeline once per distinct search text (the
 * deep list for the query as written is `deep`, already recorded), and asks each whole-file
 * stream for its top files.
 */
export async function queryRankingInputs(
  query: LocalizationQuery,
  deep: readonly SearchResult[],
  indexed: IndexedRepo,
  inputs: RepoRankingInputs,
  routers: ReadonlyMap<RouterVariant, QueryRouter>,
  depth: number,
): Promise<QueryRankingInputs> {
  const plans = new Map<RouterVariant, QueryPlan>()
  const deepByText = new Map<string, readonly SearchResult[]>([[query.text, deep]])
  for (const [variant, router] of routers) {
    const plan = router.route(query.text)
    plans.set(variant, plan)
    if (!deepByText.has(plan.searchText)) deepByText.set(plan.searchText, await indexed.rag.search(plan.searchText, depth, undefined, { pathPriors: false }))
  }
  const fileLists = new Map<FileListName, readonly string[]>()
  for (const [name, stream] of inputs.fileStreams) fileLists.set(name, (await stream.search(query.text, FILE_LIST_DEPTH)).map((hit) => hit.document.id))
  return { plans, deepByText, fileLists }
}
