import { codeAwareAnalyzer, compatibleAnalyzer } from '@rag/bm25'
import { ConfigError, describeValue, type Analyzer, type IndexedText } from '@rag/core'
import { basicAnalyzer, contentText, pathAndSymbolText } from '@rag/lexical'

/** The analyzers a preset or a configuration can name. */
export const ANALYZERS: Readonly<Record<AnalyzerName, Analyzer>> = Object.freeze({
  compatible: compatibleAnalyzer,
  'code-aware': codeAwareAnalyzer,
  basic: basicAnalyzer,
})

/**
 * Names of {@link ANALYZERS}: `code-aware` (identifiers split, whole identifier kept), `compatible`
 * (seed 001's analyzer) and `basic` (lowercase and split only; seed 000's TF-IDF).
 */
export type AnalyzerName = 'code-aware' | 'compatible' | 'basic'

/** What an index analyses for each chunk, by name. */
export const INDEXED_TEXTS: Readonly<Record<IndexedTextName, IndexedText>> = Object.freeze({
  content: contentText,
  'path+symbol': pathAndSymbolText,
})

/** Names of {@link INDEXED_TEXTS}: the content alone, or the path and symbol names before it. */
export type IndexedTextName = 'path+symbol' | 'content'

/** The RRF weights of the two lexical streams, and of the vector stream when an embedder is configured. */
export interface RetrievalWeights {
  readonly bm25: number
  readonly tfidf: number
  /** Used only with an embedder (vectors are opt-in: fused, they did not improve the evaluation). */
  readonly vector: number
}

/** Everything that decides how a session ranks. */
export interface RetrievalSettings {
  /** The BM25 stream's analyzer; a persistent store's one analyzer (both streams use it). */
  readonly analyzer: AnalyzerName
  /** The in-memory TF-IDF knowledge base's analyzer. */
  readonly tfidfAnalyzer: AnalyzerName
  /** What both streams analyse for each chunk. */
  readonly indexedText: IndexedTextName
  /** RRF weights of BM25 and TF-IDF. */
  readonly weights: RetrievalWeights
  /** Most results from one file. */
  readonly maxPerFile: number
}

/** The named presets: `seed` (SPEC settings) and `recommended` (the evaluated ranking). */
export type PresetName = 'seed' | 'recommended'

/**
 * The one table of ranking defaults. Every surface (`rag search`, `rag serve`, `rag mcp`, the
 * library's `createRag` and `openRag`, `RagService`'s own defaults, the CLI's configuration
 * defaults) reads it, so changing a default weight here is a one-line change they all follow. The
 * BM25 parameters are not a preset setting: every BM25 ranking, in memory or in a store, uses
 * `BM25_DEFAULTS` of `@rag/lexical`, so a change of `k1` is one line there.
 *
 * - `seed`: seeds 000/001 (SPEC §6): the compatible analyzer for BM25 and the basic one for TF-IDF,
 *   the content alone, BM25 0.6 + TF-IDF 0.4 (test MRR@10 0.198 on `bench/`'s CodeSearchNet suite).
 * - `recommended`: the best configuration on the dev split of that suite: code-aware on both
 *   streams, path and symbol names indexed before the content, BM25 0.7 + TF-IDF 0.3 (test MRR@10
 *   0.297; `bench/results/REPORT.md`).
 *
 * Both fuse a vector stream at 0.1 when the session has an embedder (the best fused weight of the
 * static tier on the dev split; `bench/results/VECTORS.md`). No embedder is the default: fused at
 * any weight tried, vectors lowered dev MRR@10 and left test within noise.
 */
export const PRESETS: Readonly<Record<PresetName, RetrievalSettings>> = Object.freeze({
  seed: Object.freeze({
    analyzer: 'compatible',
    tfidfAnalyzer: 'basic',
    indexedText: 'content',
    weights: Object.freeze({ bm25: 0.6, tfidf: 0.4, vector: 0.1 }),
    maxPerFile: 3,
  }),
  recommended: Object.freeze({
    analyzer: 'code-aware',
    tfidfAnalyzer: 'code-aware',
    indexedText: 'path+symbol',
    weights: Object.freeze({ bm25: 0.7, tfidf: 0.3, vector: 0.1 }),
    maxPerFile: 3,
  }),
})

/** Overrides of a preset's settings; `analyzer` also sets `tfidfAnalyzer` unless that is given too. */
export type RetrievalOverrides = Partial<Omit<RetrievalSettings, 'weights'>> & { readonly weights?: Partial<RetrievalWeights> }

function oneOf<T extends string>(what: string, value: unknown, names: readonly T[]): T {
  if (typeof value === 'string' && (names as readonly string[]).includes(value)) return value as T
  throw new ConfigError(`${what} must be one of ${names.map((n) => JSON.stringify(n)).join(', ')}; received ${describeValue(value)}.`)
}

function weight(what: string, value: unknown): number {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value
  throw new ConfigError(`${what} must be a finite number greater than 0; received ${describeValue(value)}.`)
}

/**
 * A preset's settings with `overrides` applied and checked.
 *
 * @throws ConfigError naming the first setting outside its range.
 * @example
 * resolveRetrieval('recommended', { weights: { bm25: 0.5 } }) // BM25 0.5, TF-IDF 0.3, code-aware, path+symbol
 */
export function resolveRetrieval(preset: PresetName = 'recommended', overrides: RetrievalOverrides = {}): RetrievalSettings {
  const base = PRESETS[oneOf('preset', preset, Object.keys(PRESETS) as PresetName[])]
  const analyzer = oneOf('analyzer', overrides.analyzer ?? base.analyzer, Object.keys(ANALYZERS) as AnalyzerName[])
  const tfidfAnalyzer = oneOf(
    'tfidfAnalyzer',
    overrides.tfidfAnalyzer ?? (overrides.analyzer !== undefined ? analyzer : base.tfidfAnalyzer),
    Object.keys(ANALYZERS) as AnalyzerName[],
  )
  const indexedText = oneOf('indexedText', overrides.indexedText ?? base.indexedText, Object.keys(INDEXED_TEXTS) as IndexedTextName[])
  const maxPerFile = overrides.maxPerFile ?? base.maxPerFile
  if (!Number.isSafeInteger(maxPerFile) || maxPerFile < 1) throw new ConfigError(`maxPerFile must be a positive integer; received ${describeValue(maxPerFile)}.`)
  return Object.freeze({
    analyzer,
    tfidfAnalyzer,
    indexedText,
    weights: Object.freeze({
      bm25: weight('weights.bm25', overrides.weights?.bm25 ?? base.weights.bm25),
      tfidf: weight('weights.tfidf', overrides.weights?.tfidf ?? base.weights.tfidf),
      vector: weight('weights.vector', overrides.weights?.vector ?? base.weights.vector),
    }),
    maxPerFile,
  })
}

/** The configuration name of an analyzer by its stored name (`code-aware@1` → `code-aware`), if known. */
export function analyzerByStoredName(stored: string): AnalyzerName | undefined {
  return (Object.keys(ANALYZERS) as AnalyzerName[]).find((name) => ANALYZERS[name].name === stored)
}

/** The configuration name of an indexed text by its stored name (`path+symbol@1` → `path+symbol`), if known. */
export function indexedTextByStoredName(stored: string): IndexedTextName | undefined {
  return (Object.keys(INDEXED_TEXTS) as IndexedTextName[]).find((name) => INDEXED_TEXTS[name].name === stored)
}
