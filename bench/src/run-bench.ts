import { cpus, loadavg, totalmem } from 'node:os'
import type { BenchResult, LoadSample } from './bench-result.js'
import type { EvalCorpus } from './corpus/eval-corpus.js'
import { loadPythonCorpus } from './corpus/python-corpus.js'
import { fnv1a } from './corpus/real-code.js'
import { loadTypeScriptCorpus } from './corpus/typescript-corpus.js'
import { chunkCorpus } from './eval/chunked-corpus.js'
import { configKey, isShippable, SEED_CONFIG, type Config } from './eval/grid.js'
import { runQuality, type CellStats, type QualityRow } from './eval/quality.js'
import { buildQueries, type Query } from './eval/queries.js'
import { rankOnDev } from './eval/select.js'
import { runLocalization } from './localization/run-localization.js'
import { localizationSystems } from './localization/systems.js'
import type { Profile } from './profile.js'
import { describeConfig } from './report/quality-tables.js'
import { engineQuality } from './speed/engine-runs.js'
import { PEERS, type EngineRequest } from './speed/engines/registry.js'
import { runScaling } from './speed/scaling.js'

/** The engines of the speed and peer runs: `@rag` in five settings, then every peer. */
export function engineRequests(recommended: Config): EngineRequest[] {
  return [
    { kind: 'rag', label: '@rag BM25Stream (compatible)', config: { ...SEED_CONFIG, mode: 'bm25', bm25Analyzer: 'compatible' } },
    { kind: 'rag', label: '@rag BM25Stream (code-aware)', config: { ...SEED_CONFIG, mode: 'bm25', bm25Analyzer: 'code-aware' } },
    { kind: 'rag', label: '@rag InMemoryKnowledgeBase (TF-IDF, basic)', config: { ...SEED_CONFIG, mode: 'tfidf', tfidfAnalyzer: 'basic' } },
    { kind: 'rag', label: '@rag seed defaults (hybrid)', config: SEED_CONFIG },
    { kind: 'rag', label: `@rag recommended: ${describeConfig(recommended)}`, config: { ...recommended, maxChars: SEED_CONFIG.maxChars } },
    ...PEERS.map((peer): EngineRequest => ({ kind: 'peer', peer })),
  ]
}

/** Options of {@link runBench}. */
export interface RunOptions {
  readonly profile: Profile
  /** Scratch directory for data files and copied trees (emptied by the caller). */
  readonly scratch: string
  readonly log: (line: string) => void
}

/**
 * The whole benchmark: corpora and queries, the quality grid, the choice of defaults on the dev
 * split, every engine on the evaluation corpora (test split), the localization suite, and the
 * scaling runs.
 */
export async function runBench({ profile, scratch, log }: RunOptions): Promise<BenchResult> {
  const started = performance.now()
  const load: LoadSample[] = []
  const sample = (phase: string): void => {
    load.push({ phase, loadavg: loadavg().map((v) => Number(v.toFixed(2))) })
  }
  sample('start')

  log('corpora')
  const corpora: EvalCorpus[] = [loadPythonCorpus(profile.pythonFiles), loadTypeScriptCorpus(profile.typescriptFiles)]
  const queries = new Map<string, Query[]>()
  const corpusInfo: BenchResult['corpora'][number][] = []
  for (const corpus of corpora) {
    const built = buildQueries(corpus, corpus.language === 'python' ? { maxQueries: profile.pythonQueries } : {})
    queries.set(corpus.name, built.queries)
    corpusInfo.push({ name: corpus.name, description: corpus.description, files: corpus.files.length, chars: corpus.files.reduce((s, f) => s + f.content.length, 0), queries: built.stats })
    log(`  ${corpus.description}: ${built.stats.sampled} queries (${built.stats.dev} dev, ${built.stats.test} test)`)
  }

  log('quality grid')
  const rows: QualityRow[] = []
  const cells: CellStats[] = []
  for (const corpus of corpora) {
    const result = await runQuality(corpus, queries.get(corpus.name)!, { chunkSizes: profile.chunkSizes, fieldSets: profile.fieldSets, log })
    rows.push(...result.rows)
    cells.push(...result.stats)
  }
  sample('after quality grid')

  const atDefault = (c: Config): boolean => c.maxChars === profile.defaultChunkSize && isShippable(c)
  const inMemory = (c: Config): boolean => atDefault(c) && c.store === undefined
  const best = rankOnDev(rows, inMemory)[0]!
  const bestContentOnly = rankOnDev(rows, (c) => inMemory(c) && c.fields === 'content')[0]!
  const bestCli = rankOnDev(rows, (c) => atDefault(c) && c.store === 'sqlite')[0]!
  log(`  best on dev: ${best.key} (${best.dev.toFixed(4)}); content only: ${bestContentOnly.key}; CLI: ${bestCli.key}`)

  log('engines on the evaluation corpora (test split)')
  const requests = engineRequests(best.config)
  const peers: BenchResult['peers'][number][] = []
  for (const corpus of corpora.slice(0, profile.engineCorpora)) {
    const chunked = await chunkCorpus(corpus, profile.defaultChunkSize)
    const test = queries
      .get(corpus.name)!
      .filter((q) => q.split === 'test')
      .map((q) => ({ q, h: fnv1a(`engines:${q.id}`) }))
      .sort((a, b) => a.h - b.h || (a.q.id < b.q.id ? -1 : 1))
      .slice(0, profile.engineQueries)
      .map(({ q }) => q)
    log(`  ${corpus.name}: ${chunked.chunks.length} chunks, ${test.length} queries`)
    peers.push({ corpus: corpus.name, split: 'test', engines: await engineQuality(requests, chunked, test, { warmup: profile.warmup, scratch, log }) })
  }
  sample('after engines on evaluation corpora')

  log('localization (files a commit changed, from its message)')
  const localization = await runLocalization({ profile: profile.localization, scratch, log, systems: localizationSystems() })
  sample('after localization')

  log(`scaling: x = ${(profile.baseChars / 1e6).toFixed(1)} M chars, ${profile.scales.join('/')}x`)
  const timed = queries.get('python-stdlib')!.slice(0, profile.timedQueries).map((q) => q.text)
  const points = await runScaling({
    baseChars: profile.baseChars,
    scales: profile.scales,
    requests,
    queries: timed,
    warmup: profile.warmup,
    scratch,
    log,
    bm25Analyzer: best.config.bm25Analyzer ?? 'compatible',
    tfidfAnalyzer: best.config.tfidfAnalyzer ?? 'basic',
  })
  sample('end')

  return {
    mode: profile.mode,
    startedAt: new Date(Date.now() - (performance.now() - started)).toISOString(),
    durationMs: performance.now() - started,
    machine: { node: process.version, cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', memoryGiB: Math.round(totalmem() / 2 ** 30), platform: `${process.platform} ${process.arch}` },
    load,
    corpora: corpusInfo,
    quality: { rows, cells },
    selection: { seed: configKey(SEED_CONFIG), best, bestContentOnly, bestCli },
    peers,
    scaling: { baseChars: profile.baseChars, points, timedQueries: timed.length },
    localization,
  }
}
