import type { SearchResult, Stream } from '@rag/core'
import { HybridRetriever } from '@rag/hybrid'
import type { AnalyzerName } from './engines.js'
import type { FieldSet } from './fields.js'

/** How results are produced: one stream alone, or both fused by `HybridRetriever`. */
export type Mode = 'bm25' | 'tfidf' | 'hybrid'

/** One retrieval configuration of the ablation grid. */
export interface Config {
  /** The chunker's `maxChars`. */
  readonly maxChars: number
  readonly fields: FieldSet
  readonly mode: Mode
  /** Analyzer of the BM25 stream (modes `bm25` and `hybrid`). */
  readonly bm25Analyzer?: AnalyzerName
  /** Analyzer of the TF-IDF knowledge base (modes `tfidf` and `hybrid`). */
  readonly tfidfAnalyzer?: AnalyzerName
  /** `[bm25, tfidf]` stream weights (mode `hybrid`). */
  readonly weights?: readonly [number, number]
  /**
   * The per-file cap. Absent: the mode's usual path (a single stream's own ranking; the hybrid
   * retriever with its default cap of 3). A number: through `HybridRetriever` with that
   * `maxPerFile` (for a single stream, a one-stream retriever). `null`: through `HybridRetriever`
   * without a cap (`maxPerFile: Infinity`; `null` because JSON has no Infinity).
   */
  readonly maxPerFile?: number | null
  /**
   * `sqlite`: the CLI's engines, both streams from one `SqliteKnowledgeBase` of
   * `@rag/store-sqlite` (`search`, BM25, and `searchTfidf`). Absent: `BM25Stream` and
   * `InMemoryKnowledgeBase`.
   */
  readonly store?: 'sqlite'
}

/** The per-file cap of `HybridRetriever` by default and in SPEC 6. */
export const DEFAULT_MAX_PER_FILE = 3

/**
 * Whether a configuration is what a `HybridRetriever` with the SPEC's per-file cap of 3 ships:
 * the candidates for the CLI's defaults. Single streams qualify through a one-stream retriever.
 */
export function isShippable(config: Config): boolean {
  return config.mode === 'hybrid' ? config.maxPerFile === undefined || config.maxPerFile === DEFAULT_MAX_PER_FILE : config.maxPerFile === DEFAULT_MAX_PER_FILE
}

/** The seed's weights, BM25 0.6 and knowledge base 0.4. */
export const SEED_WEIGHTS: readonly [number, number] = [0.6, 0.4]

/** Hybrid weights tried besides the seed's, `[bm25, tfidf]`. */
export const OTHER_WEIGHTS: readonly (readonly [number, number])[] = [
  [0.3, 0.7],
  [0.5, 0.5],
  [0.7, 0.3],
  [0.8, 0.2],
]

/**
 * The seed defaults: compatible analyzer for BM25, the knowledge base's own default
 * (`basicAnalyzer`) for TF-IDF, weights 0.6 / 0.4, content only, chunks of at most 2,000 chars.
 */
export const SEED_CONFIG: Config = {
  maxChars: 2000,
  fields: 'content',
  mode: 'hybrid',
  bm25Analyzer: 'compatible',
  tfidfAnalyzer: 'basic',
  weights: SEED_WEIGHTS,
}

/** Analyzer pairs `[bm25, tfidf]` tried in hybrid mode. */
export const HYBRID_ANALYZERS: readonly (readonly [AnalyzerName, AnalyzerName])[] = [
  ['compatible', 'basic'],
  ['code-aware', 'basic'],
  ['compatible', 'compatible'],
  ['code-aware', 'code-aware'],
]

/**
 * A stable, readable key, e.g. `hybrid bm25=code-aware tfidf=code-aware w=0.7/0.3 fields=path+symbol max=2000`.
 * Settings a mode does not use (weights of a single stream, the other stream's analyzer) are not part of it.
 */
export function configKey(config: Config): string {
  const parts: string[] = [config.mode]
  if (config.store !== undefined) parts.push(`store=${config.store}`)
  if (config.mode !== 'tfidf') parts.push(`bm25=${config.bm25Analyzer}`)
  if (config.mode !== 'bm25') parts.push(`tfidf=${config.tfidfAnalyzer}`)
  if (config.mode === 'hybrid') parts.push(`w=${(config.weights ?? SEED_WEIGHTS).join('/')}`)
  if (config.maxPerFile !== undefined) parts.push(`cap=${config.maxPerFile === null ? 'none' : config.maxPerFile}`)
  parts.push(`fields=${config.fields}`, `max=${config.maxChars}`)
  return parts.join(' ')
}

/**
 * The analyzers tried with the CLI's SQLite engines: the CLI's own choices (one analyzer for both
 * streams, as they share one full-text index). Only code-aware: compatible loses on every in-memory
 * comparison, and each SQLite variant costs a pass over every query.
 */
export const SQLITE_ANALYZERS: readonly AnalyzerName[] = ['code-aware']

/**
 * Every configuration of one (chunk size, field set) cell. The CLI's SQLite engines are tried at
 * the default chunk size only (the CLI's own).
 */
export function cellConfigs(maxChars: number, fields: FieldSet): Config[] {
  const out: Config[] = []
  for (const a of ['compatible', 'code-aware'] as const) out.push({ maxChars, fields, mode: 'bm25', bm25Analyzer: a })
  for (const a of ['basic', 'compatible', 'code-aware'] as const) out.push({ maxChars, fields, mode: 'tfidf', tfidfAnalyzer: a })
  for (const a of ['compatible', 'code-aware'] as const) out.push({ maxChars, fields, mode: 'bm25', bm25Analyzer: a, maxPerFile: DEFAULT_MAX_PER_FILE })
  for (const a of ['basic', 'compatible', 'code-aware'] as const) out.push({ maxChars, fields, mode: 'tfidf', tfidfAnalyzer: a, maxPerFile: DEFAULT_MAX_PER_FILE })
  for (const [bm25Analyzer, tfidfAnalyzer] of HYBRID_ANALYZERS) {
    for (const weights of [SEED_WEIGHTS, ...OTHER_WEIGHTS]) out.push({ maxChars, fields, mode: 'hybrid', bm25Analyzer, tfidfAnalyzer, weights })
    out.push({ maxChars, fields, mode: 'hybrid', bm25Analyzer, tfidfAnalyzer, weights: SEED_WEIGHTS, maxPerFile: null })
  }
  if (maxChars === SEED_CONFIG.maxChars) {
    for (const a of SQLITE_ANALYZERS) {
      out.push({ maxChars, fields, mode: 'bm25', store: 'sqlite', bm25Analyzer: a, maxPerFile: DEFAULT_MAX_PER_FILE })
      for (const weights of [SEED_WEIGHTS, ...OTHER_WEIGHTS]) out.push({ maxChars, fields, mode: 'hybrid', store: 'sqlite', bm25Analyzer: a, tfidfAnalyzer: a, weights })
    }
  }
  return out
}

const silent = { warn: (): void => undefined }

/**
 * A function that ranks for one configuration, given the streams of its cell (`bm25:<analyzer>`
 * and `tfidf:<analyzer>`, or `sqlite-bm25:` and `sqlite-tfidf:` for the CLI's engines). Hybrid configurations, and single streams with a `maxPerFile`, use the
 * real `HybridRetriever` (k = 60, at least 50 candidates per stream and 2 x topK for a larger topK, `maxPerFile` as configured, 3 by default).
 */
export function rankerFor(config: Config, streams: ReadonlyMap<string, Stream>): (query: string, topK: number) => Promise<SearchResult[]> {
  const prefix = config.store === undefined ? '' : `${config.store}-`
  const bm25 = streams.get(`${prefix}bm25:${config.bm25Analyzer}`)
  const tfidf = streams.get(`${prefix}tfidf:${config.tfidfAnalyzer}`)
  const [wb, wt] = config.weights ?? SEED_WEIGHTS
  const chosen: [Stream, number][] = config.mode === 'bm25' ? [[bm25!, 1]] : config.mode === 'tfidf' ? [[tfidf!, 1]] : [[bm25!, wb], [tfidf!, wt]]
  if (config.mode !== 'hybrid' && config.maxPerFile === undefined) {
    const [stream] = chosen[0]!
    return (q, k) => stream.search(q, k)
  }
  const maxPerFile = config.maxPerFile === null ? Number.POSITIVE_INFINITY : (config.maxPerFile ?? DEFAULT_MAX_PER_FILE)
  // The streams replay 100-deep recordings (quality.ts): reading deeper when the per-file cap
  // starves the results would only ask them for what was never recorded.
  let builder = HybridRetriever.builder({ logger: silent, maxPerFile, maxCandidates: 100 })
  for (const [stream, weight] of chosen) builder = builder.stream(stream, weight)
  const retriever = builder.build()
  return (q, k) => retriever.retrieve(q, k)
}
