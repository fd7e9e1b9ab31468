import type { Document, Stream } from '@rag/core'
import type { EvalCorpus } from '../corpus/eval-corpus.js'
import { chunkCorpus, chunksByFile, relevantChunks, type ChunkedCorpus } from './chunked-corpus.js'
import { buildStream, RecordedStream, recordResults, variantKey, type StreamVariant } from './engines.js'
import { derivedDocuments, type FieldSet } from './fields.js'
import { cellConfigs, configKey, rankerFor, SEED_CONFIG, SQLITE_ANALYZERS, type Config } from './grid.js'
import type { Query, Split } from './queries.js'
import { outcomeOf, scoresOf, type Outcome, type Scores } from './score.js'

/** Metrics of one configuration on one corpus and split. */
export interface QualityRow extends Scores {
  readonly key: string
  readonly config: Config
  readonly corpus: string
  readonly split: Split
}

/** Size and cost figures of one corpus at one chunk size. */
export interface CellStats {
  readonly corpus: string
  readonly maxChars: number
  readonly chunks: number
  readonly chunkMs: number
  /** Mean relevant chunks per query. */
  readonly relevantPerQuery: number
  /** Per stream variant and field set: index time and mean query time (top 100), ms. */
  readonly streams: { variant: string; fields: FieldSet; indexMs: number; queryMs: number }[]
}

/** Options of {@link runQuality}. */
export interface QualityOptions {
  readonly chunkSizes: readonly number[]
  readonly fieldSets: readonly FieldSet[]
  /** Told what is happening, one line at a time. */
  readonly log: (line: string) => void
}

const VARIANTS: readonly StreamVariant[] = [
  { engine: 'bm25', analyzer: 'compatible' },
  { engine: 'bm25', analyzer: 'code-aware' },
  { engine: 'tfidf', analyzer: 'basic' },
  { engine: 'tfidf', analyzer: 'compatible' },
  { engine: 'tfidf', analyzer: 'code-aware' },
]

/** The CLI's engines, built at the default chunk size only (see `cellConfigs`). */
const SQLITE_VARIANTS: readonly StreamVariant[] = SQLITE_ANALYZERS.flatMap((analyzer) => [
  { engine: 'sqlite-bm25', analyzer },
  { engine: 'sqlite-tfidf', analyzer },
])

/** Depth recorded per stream: enough for the file-level ranking (hybrid reads 100 deep for 50; `rankerFor` reads no deeper). */
const DEPTH = 100
/** Chunks retrieved for the file-level ranking. */
const FILE_TOPK = 50

async function evaluateConfig(
  config: Config,
  streams: ReadonlyMap<string, Stream>,
  queries: readonly Query[],
  relevant: ReadonlyMap<string, ReadonlySet<string>>,
): Promise<Outcome[]> {
  const rank = rankerFor(config, streams)
  const outcomes: Outcome[] = []
  for (const query of queries) {
    const wide = (await rank(query.text, FILE_TOPK)).map((r) => r.document)
    // A stream's own top 10 is a prefix of its top 50; a retriever's top 10 need not be.
    const top10 = config.mode === 'hybrid' || config.maxPerFile !== undefined ? (await rank(query.text, 10)).map((r) => r.document) : wide.slice(0, 10)
    outcomes.push(outcomeOf(top10, wide, query.target, relevant.get(query.id)!))
  }
  return outcomes
}

function rowsFor(config: Config, corpus: string, queries: readonly Query[], outcomes: readonly Outcome[]): QualityRow[] {
  return (['dev', 'test'] as const).map((split) => ({
    key: configKey(config),
    config,
    corpus,
    split,
    ...scoresOf(outcomes.filter((_, i) => queries[i]!.split === split)),
  }))
}

/** Evaluates every configuration of one chunked corpus, field set by field set. */
async function evaluateChunked(chunked: ChunkedCorpus, queries: readonly Query[], options: QualityOptions): Promise<{ rows: QualityRow[]; stats: CellStats }> {
  const byFile = chunksByFile(chunked.chunks)
  const relevant = new Map(queries.map((q) => [q.id, relevantChunks(byFile, q.target)] as const))
  const originals = new Map<string, Document>(chunked.chunks.map((c) => [c.id, c]))
  const texts = queries.map((q) => q.text)
  const rows: QualityRow[] = []
  const streamStats: CellStats['streams'] = []
  for (const fields of options.fieldSets) {
    const docs = derivedDocuments(chunked.chunks, fields)
    const recorded = new Map<string, Stream>()
    const variants = chunked.maxChars === SEED_CONFIG.maxChars ? [...VARIANTS, ...SQLITE_VARIANTS] : VARIANTS
    for (const variant of variants) {
      const { stream, indexMs, close } = await buildStream(variant, docs)
      const { results, queryMs } = await recordResults(stream, texts, DEPTH, originals)
      await close()
      recorded.set(variantKey(variant), new RecordedStream(variant.engine.replace('sqlite-', ''), results, DEPTH))
      streamStats.push({ variant: variantKey(variant), fields, indexMs, queryMs: queryMs / Math.max(1, texts.length) })
    }
    for (const config of cellConfigs(chunked.maxChars, fields)) {
      rows.push(...rowsFor(config, chunked.corpus.name, queries, await evaluateConfig(config, recorded, queries, relevant)))
    }
    options.log(`  ${chunked.corpus.name} max=${chunked.maxChars} fields=${fields}: ${cellConfigs(chunked.maxChars, fields).length} configurations`)
  }
  const relevantPerQuery = queries.reduce((sum, q) => sum + relevant.get(q.id)!.size, 0) / Math.max(1, queries.length)
  return {
    rows,
    stats: { corpus: chunked.corpus.name, maxChars: chunked.maxChars, chunks: chunked.chunks.length, chunkMs: chunked.chunkMs, relevantPerQuery, streams: streamStats },
  }
}

/**
 * The whole quality grid for one corpus: each chunk size, each field set, each configuration of
 * {@link cellConfigs}, on the dev and the test queries.
 */
export async function runQuality(corpus: EvalCorpus, queries: readonly Query[], options: QualityOptions): Promise<{ rows: QualityRow[]; stats: CellStats[] }> {
  const rows: QualityRow[] = []
  const stats: CellStats[] = []
  for (const maxChars of options.chunkSizes) {
    const chunked = await chunkCorpus(corpus, maxChars)
    options.log(`  ${corpus.name} max=${maxChars}: ${chunked.chunks.length} chunks in ${(chunked.chunkMs / 1000).toFixed(1)} s`)
    const result = await evaluateChunked(chunked, queries, options)
    rows.push(...result.rows)
    stats.push(result.stats)
  }
  return { rows, stats }
}
