import { FIELD_SETS } from '../eval/fields.js'
import { configKey, DEFAULT_MAX_PER_FILE, HYBRID_ANALYZERS, OTHER_WEIGHTS, SEED_CONFIG, SEED_WEIGHTS, type Config } from '../eval/grid.js'
import type { Metrics } from '../eval/metrics.js'
import type { QualityRow } from '../eval/quality.js'
import { macroScore, rowOf } from '../eval/select.js'
import { delta, fixed, table } from './format.js'

type Rows = readonly QualityRow[]

/** A short human label of a configuration. */
export function describeConfig(config: Config): string {
  const fields = config.fields === 'content' ? '' : `, +${config.fields}`
  const size = config.maxChars === SEED_CONFIG.maxChars ? '' : `, max ${config.maxChars}`
  const cap =
    config.maxPerFile === null ? ', no per-file cap' : config.maxPerFile === undefined ? (config.mode === 'hybrid' ? '' : ', raw stream') : config.mode === 'hybrid' && config.maxPerFile === DEFAULT_MAX_PER_FILE ? '' : `, retriever cap ${config.maxPerFile}`
  const rest = `${fields}${size}${cap}`
  const store = config.store === 'sqlite' ? 'SQLite ' : ''
  if (config.mode === 'bm25') return `${store}BM25 (${config.bm25Analyzer})${rest}`
  if (config.mode === 'tfidf') return `${store}TF-IDF (${config.tfidfAnalyzer})${rest}`
  const [wb, wt] = config.weights ?? SEED_WEIGHTS
  return `${store}hybrid ${wb}/${wt} (bm25 ${config.bm25Analyzer}, tfidf ${config.tfidfAnalyzer})${rest}`
}

function metricCells(m: Metrics | undefined): string[] {
  if (!m) return ['', '', '', '', '']
  const se = m.mrr10StdErr === undefined ? '' : ` ± ${fixed(m.mrr10StdErr)}`
  return [fixed(m.recall1), fixed(m.recall5), fixed(m.recall10), `${fixed(m.mrr10)}${se}`, fixed(m.ndcg10)]
}

/**
 * Full metrics, dev and test, chunk and file level, for the named configurations on one corpus.
 */
export function fullResultsTable(rows: Rows, corpus: string, named: readonly [string, Config][]): string {
  const out: string[][] = []
  for (const [name, config] of named) {
    for (const split of ['dev', 'test'] as const) {
      const row = rowOf(rows, config, corpus, split)
      out.push([name, split, String(row?.chunk.n ?? 0), ...metricCells(row?.chunk), ...metricCells(row?.file), fixed(row?.budgetRecall ?? Number.NaN)])
    }
  }
  return table(
    ['configuration', 'split', 'queries', 'R@1', 'R@5', 'R@10', 'MRR@10 ± SE', 'nDCG@10', 'file R@1', 'file R@5', 'file R@10', 'file MRR@10 ± SE', 'file nDCG@10', 'R@20k chars'],
    out,
  )
}

/** One ablation line per configuration: the selection score on dev and test, per corpus and averaged. */
export function ablationTable(rows: Rows, corpora: readonly string[], configs: readonly Config[], reference: Config): string {
  const refTest = macroScore(rows, configKey(reference), 'test')
  const known = new Set(rows.map((r) => r.key))
  const out = configs.filter((config) => known.has(configKey(config))).map((config) => {
    const key = configKey(config)
    const perCorpus = corpora.flatMap((c) => [fixed(rowOf(rows, config, c, 'dev')?.chunk.mrr10 ?? Number.NaN), fixed(rowOf(rows, config, c, 'test')?.chunk.mrr10 ?? Number.NaN)])
    const test = macroScore(rows, key, 'test')
    return [
      describeConfig(config) + (key === configKey(reference) ? ' **(reference)**' : ''),
      fixed(macroScore(rows, key, 'dev')),
      fixed(test),
      delta(test - refTest),
      ...perCorpus,
      fixed(macroScore(rows, key, 'test', (r) => r.chunk.recall10)),
      fixed(macroScore(rows, key, 'test', (r) => r.file.recall10)),
      fixed(macroScore(rows, key, 'test', (r) => r.budgetRecall)),
    ]
  })
  return table(
    [
      'configuration',
      'MRR@10 dev',
      'MRR@10 test',
      'test vs ref',
      ...corpora.flatMap((c) => [`${c} dev`, `${c} test`]),
      'R@10 test',
      'file R@10 test',
      'R@20k chars test',
    ],
    out,
  )
}

/**
 * The ablation groups: one dimension varied at a time around `base`. Single streams are shown the
 * way `base` runs them: through a one-stream retriever with the same per-file cap when `base` is
 * hybrid or capped, so every line of a group has the same cap.
 */
export function ablationGroups(base: Config, chunkSizes: readonly number[], fieldSets: readonly string[] = FIELD_SETS): [string, Config[]][] {
  const { maxChars, fields } = base
  const bm25Analyzer = base.bm25Analyzer ?? 'compatible'
  const tfidfAnalyzer = base.tfidfAnalyzer ?? 'basic'
  const weights = base.weights ?? SEED_WEIGHTS
  const singleCap = base.mode === 'hybrid' ? (base.maxPerFile === undefined ? DEFAULT_MAX_PER_FILE : base.maxPerFile) : base.maxPerFile
  const single = (over: Partial<Config>): Config => ({ maxChars, fields, mode: 'bm25', ...(singleCap === undefined ? {} : { maxPerFile: singleCap }), ...over })
  const hybrid = (over: Partial<Config>): Config => ({ maxChars, fields, mode: 'hybrid', bm25Analyzer, tfidfAnalyzer, weights, ...over })
  const capped = (config: Config): Config[] =>
    config.mode === 'hybrid'
      ? [{ ...config, maxPerFile: undefined }, { ...config, maxPerFile: null }]
      : [{ ...config, maxPerFile: undefined }, { ...config, maxPerFile: DEFAULT_MAX_PER_FILE }]
  return [
    [
      'Analyzer',
      [
        single({ mode: 'bm25', bm25Analyzer: 'compatible' }),
        single({ mode: 'bm25', bm25Analyzer: 'code-aware' }),
        single({ mode: 'tfidf', tfidfAnalyzer: 'basic' }),
        single({ mode: 'tfidf', tfidfAnalyzer: 'compatible' }),
        single({ mode: 'tfidf', tfidfAnalyzer: 'code-aware' }),
        ...HYBRID_ANALYZERS.map(([b, t]) => hybrid({ bm25Analyzer: b, tfidfAnalyzer: t })),
      ],
    ],
    [
      'Streams and weights',
      [single({ mode: 'bm25', bm25Analyzer }), single({ mode: 'tfidf', tfidfAnalyzer }), ...[SEED_WEIGHTS, ...OTHER_WEIGHTS].map((w) => hybrid({ weights: w }))],
    ],
    ['Fields (derived text: path and/or symbol names before the content)', fieldSets.map((f) => ({ ...base, fields: f as Config['fields'] }))],
    ['Chunk size (chunker maxChars)', chunkSizes.map((size) => ({ ...base, maxChars: size }))],
    ['Per-file cap (HybridRetriever maxPerFile; raw = the stream alone)', [...capped(base), ...(base.mode === 'hybrid' ? capped(single({ mode: 'bm25', bm25Analyzer })).concat(capped(single({ mode: 'tfidf', tfidfAnalyzer }))) : [])]],
  ]
}

/** The best `n` configurations by dev score (those `accept` keeps), with their test figures. */
export function topOnDevTable(rows: Rows, corpora: readonly string[], ranked: readonly { key: string; config: Config; dev: number }[], n: number): string {
  return table(
    ['#', 'configuration', 'MRR@10 dev', 'MRR@10 test', ...corpora.flatMap((c) => [`${c} dev`, `${c} test`]), 'file R@10 test'],
    ranked.slice(0, n).map((r, i) => [
      String(i + 1),
      describeConfig(r.config),
      fixed(r.dev),
      fixed(macroScore(rows, r.key, 'test')),
      ...corpora.flatMap((c) => [fixed(rowOf(rows, r.config, c, 'dev')?.chunk.mrr10 ?? Number.NaN), fixed(rowOf(rows, r.config, c, 'test')?.chunk.mrr10 ?? Number.NaN)]),
      fixed(macroScore(rows, r.key, 'test', (row) => row.file.recall10)),
    ]),
  )
}
