import { assertQuery, assertTopK, describeValue, InvalidArgumentError, type Document, type SearchResult, type SymbolRecord } from '@rag/core'
import type * as Rank from '@rag/rank'
import type { FileChunk, LayerRecords, RankingSignals, SignalContribution } from '@rag/rank'
import type { QueryPlan, QueryRouter } from '@rag/router'
import { compileSearchFilter, type SearchFilter } from './search-filter.js'
import { withLayerDefinitions } from './layer-definitions.js'
import { lookedUp } from './named-definition.js'

// @rag/rank and @rag/router are imported on the first `locate`, not with the session: a process
// that only searches chunks (a one-shot `rag search`) never loads them.
let rankModule: Promise<typeof Rank> | undefined
const loadRank = (): Promise<typeof Rank> => (rankModule ??= import('@rag/rank'))
let defaultRouterPromise: Promise<QueryRouter> | undefined
const defaultRouter = (): Promise<QueryRouter> => (defaultRouterPromise ??= import('@rag/router').then(({ createQueryRouter }) => createQueryRouter()))

// Signals kept per generation for this many distinct filters (the unfiltered one included).
const MAX_CACHED_FILTERS = 8

/** Options of {@link FileLocator.locate} (and `RagService.locateFiles`). */
export interface LocateFilesOptions {
  /** Most files returned. @default 10 */
  readonly limit?: number
  /** Narrows the chunk search the ranking starts from (`path` glob, languages), as for `search`. */
  readonly filter?: SearchFilter
  /**
   * The router's plan of this very query, when the caller has routed it already (say, to show or
   * log it first); otherwise the locator's router routes it.
   * Its `query` must be the query located.
   */
  readonly plan?: QueryPlan
}

/** One file of a {@link FileLocation}: where the change most likely goes, and why. */
export interface LocatedFile {
  /** Repo-relative path, `/`-separated. */
  readonly file: string
  /** 1-based. */
  readonly rank: number
  /** Evidence times prior; higher is better. */
  readonly score: number
  /** Sum of the signals' contributions, before the prior. */
  readonly evidence: number
  /** The path-prior multiplier (tests, docs, examples, ... demoted unless the intent targets them; a `.d.ts` below its indexed implementation; 1 for none). */
  readonly prior: number
  /** Path categories of the file (`test`, `docs`, `generated`, ...); empty for plain source. */
  readonly categories: readonly string[]
  /** What each signal added to the evidence (`first-hit`, `aggregation`, `definitions`, `file-names`, ...), zero ones left out. */
  readonly contributions: readonly SignalContribution[]
  /** The file's chunk hits in the deep list, best first, with their line ranges. */
  readonly chunks: readonly FileChunk[]
}

/** What {@link FileLocator.locate} returns. */
export interface FileLocation {
  readonly query: string
  /** The router's plan: intent, anchors, terms, priors, limits, and the reasons. */
  readonly plan: QueryPlan
  /** Chunks asked of the streams for the ranking (`plan.limits.chunks`). */
  readonly depth: number
  /** Files, best first, at most `limit`. */
  readonly files: readonly LocatedFile[]
}

/** What a {@link FileLocator} reads of its session. */
export interface FileLocatorSource {
  /** The session's fused chunk search (`RagService.search`). */
  search(query: string, topK: number, filter?: SearchFilter): Promise<SearchResult[]>
  /**
   * Every chunk of the current generation, for the definition and path signals: only ids and
   * metadata are read (a store's `listMetadata` skips the content).
   */
  chunks(): Promise<readonly Pick<Document, 'id' | 'metadata'>[]>
  /** A value that changes whenever the chunks may have changed (a commit in this or another process). */
  generation(): Promise<string>
  /**
   * The code-layer records of the current generation (C1 symbols, C2 resolved edges, C3
   * entrypoints), or `undefined` for an index without layers: the ranking then uses the chunk
   * signals alone. Read once per generation.
   */
  layers?(): Promise<LayerRecords | undefined>
  /** The code layers' definitions of a name (C1), `[]` without layers: for names no chunk is named for. */
  symbols?(name: string): Promise<readonly SymbolRecord[]>
}

/**
 * The definitions weight for a query that is one name (`CreateOrderAsync`): above any single
 * chunk hit's evidence (at most 1), as a named path's is; sentences keep `DEFAULT_WEIGHTS`' 0.25.
 */
const LONE_NAME_DEFINITION = 2

/** Routes a query and ranks files over a session; see {@link createFileLocator}. */
export interface FileLocator {
  locate(query: string, options?: LocateFilesOptions): Promise<FileLocation>
}

/** Options of {@link createFileLocator}. */
export interface FileLocatorOptions {
  /** @default createQueryRouter() (wink-nlp, the query as written) */
  readonly router?: QueryRouter
}

/**
 * The routed, file-aware ranking of the bench's localization suite (`rank: full`, with code layers
 * test macro R@10 0.856 / MRR@10 0.693 on the commit-localization data set; without, 0.859 /
 * 0.668), as one reusable step: `@rag/router`
 * plans the query (intent, anchors, priors, depth 300); the session's fused streams return the
 * deep chunk list for `plan.searchText`; `@rag/rank`'s `rankFiles` ranks files with
 * `DEFAULT_WEIGHTS` and the chunk-derived signals (definitions by name, files by name and folder),
 * plus, when the index has code layers, the graph (C2: the importers of the top files share a
 * damped part of their evidence) and route (C3) signals. The signals are built once per
 * generation of the index (and filter) and reused until it changes; with a filter they see only
 * the documents and layer records it keeps, so every file returned passes it.
 *
 * Fused whole-file lists are not fed: they did not win on dev.
 */
export function createFileLocator(source: FileLocatorSource, options: FileLocatorOptions = {}): FileLocator {
  const router = (): Promise<QueryRouter> => (options.router !== undefined ? Promise.resolve(options.router) : defaultRouter())
  let cached: { generation: string; chunks: Promise<readonly Document[]>; layers: Promise<LayerRecords | undefined>; signals: Map<string, RankingSignals> } | undefined
  const signals = async (filter: SearchFilter | undefined): Promise<RankingSignals> => {
    const accept = compileSearchFilter(filter)
    const generation = await source.generation()
    if (cached === undefined || cached.generation !== generation) {
      // Only metadata is kept (the signals and filters read nothing else), not every chunk's text.
      const chunks = source.chunks().then((all) => all.map(({ id, metadata }): Document => ({ id, content: '', metadata })))
      const layers = source.layers?.() ?? Promise.resolve(undefined)
      const entry = { generation, chunks, layers, signals: new Map<string, RankingSignals>() }
      cached = entry
      // A failed read must not stick: the next call reads again.
      for (const read of [chunks, layers]) {
        read.catch(() => {
          if (cached === entry) cached = undefined
        })
      }
    }
    const entry = cached
    const key = accept === undefined ? '' : JSON.stringify([filter?.path, filter?.language])
    let built = entry.signals.get(key)
    if (built === undefined) {
      const [chunks, layers, { createChunkSignals, createLayerSignals }] = await Promise.all([entry.chunks, entry.layers, loadRank()])
      // With a filter, the signals see only the documents it keeps, as if nothing else were indexed.
      built = { ...createChunkSignals(accept === undefined ? chunks : chunks.filter(accept)), ...(layers === undefined ? {} : structureSignals(createLayerSignals, layers, accept, chunks)) }
      if (entry.signals.size >= MAX_CACHED_FILTERS) entry.signals.delete(entry.signals.keys().next().value!)
      entry.signals.set(key, built)
    }
    return built
  }
  return {
    async locate(query, { limit = 10, filter, plan: given } = {}) {
      assertQuery(query)
      assertTopK(limit, 'limit')
      if (given !== undefined && given.query !== query) {
        throw new InvalidArgumentError(`plan must be the plan of the query located; received one for ${describeValue(given.query)}, not ${describeValue(query)}.`)
      }
      // The signals do not depend on the plan: their build starts before the query is routed.
      const building = signals(filter)
      building.catch(() => undefined)
      const [plan, { rankFiles }] = await Promise.all([given ?? router().then((r) => r.route(query)), loadRank()])
      const depth = plan.limits.chunks
      const [hits, built] = await Promise.all([source.search(plan.searchText, depth, filter), building])
      const ranking = source.symbols === undefined || filter !== undefined ? built : await withLayerDefinitions(plan, built, source.symbols)
      // A query that is one name looks its definition up: the files defining it before any file that merely uses it.
      const files = rankFiles(hits, plan, ranking, { limit, ...(lookedUp(query) === undefined ? {} : { weights: { definition: LONE_NAME_DEFINITION } }) }).map(({ file, rank, score, evidence, prior, categories, contributions, chunks }) => ({
        file,
        rank,
        score,
        evidence,
        prior,
        categories,
        contributions,
        chunks,
      }))
      return { query, plan, depth, files }
    },
  }
}

/**
 * The graph and route signals of the layered index (C2 importers of the top files, C3 routes and
 * commands); with a filter, only the records of files it keeps. Definitions stay the chunk-derived
 * ones: C1's symbol catalog in their place measured dev 0.879 / 0.688 against 0.879 / 0.692
 * (`bench/results/REPORT.md`, "Ranking ablations").
 */
function structureSignals(
  createLayerSignals: typeof Rank.createLayerSignals,
  records: LayerRecords,
  accept: ((document: Document) => boolean) | undefined,
  chunks: readonly Document[],
): Pick<RankingSignals, 'neighbours' | 'entrypoints'> {
  let selected = records
  if (accept !== undefined) {
    // A file passes as its chunks do (the filter may test `language`, which edges do not carry).
    const kept = new Set<string>()
    for (const chunk of chunks) if (accept(chunk)) kept.add(String(chunk.metadata.file))
    selected = { symbols: [], edges: [...records.edges].filter((e) => kept.has(e.path) && kept.has(e.targetPath)), entrypoints: [...records.entrypoints].filter((e) => kept.has(e.path)) }
  }
  const { neighbours, entrypoints } = createLayerSignals(selected)
  return { neighbours, entrypoints }
}

/**
 * A located file's best chunks as line ranges, best first (`['L12-40', 'L88-95']`); chunks
 * without line numbers (added documents) are left out.
 *
 * @example
 * lineRangesOf(files[0]).join(', ') // 'L12-40, L88-95'
 */
export function lineRangesOf(file: Pick<LocatedFile, 'chunks'>): string[] {
  return file.chunks.filter((c) => c.startLine !== undefined).map((c) => `L${c.startLine}-${c.endLine ?? c.startLine}`)
}
