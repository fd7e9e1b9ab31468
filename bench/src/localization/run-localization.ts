import type { SearchResult } from '@rag/core'
import { loadLocalizationRepo, unpackCorpus, type LocalizationQuery, type LocalizationRepo } from '../corpus/localization-data.js'
import { loadQuestions, type Question } from '../corpus/question-data.js'
import { distinctInOrder, listOutcome, summarizeLists, type ListOutcome } from '../eval/metrics.js'
import type { Split } from '../eval/queries.js'
import { miniSearchVersion, readWholeFiles, wholeFileBm25, wholeFileMiniSearch, type FileRanker } from './file-peers.js'
import { indexRepo, type IndexedRepo } from './index-repo.js'
import { measureLatency } from './latency.js'
import { PIPELINE_DESCRIPTION } from './pipeline.js'
import { routedCodeSearchNet, type RoutedCsnProfile } from './routed-csn.js'
import { queryRankingInputs, repoRankingInputs, variantRouters, type QueryRankingInputs, type RepoRankingInputs } from './ranking-inputs.js'
import type { LocalizationResult, LocalizationRow, LocalizationSystemInfo, RepoInfo } from './result.js'

/** What a localization run covers. */
export interface LocalizationProfile {
  /** Repository ids, in report order. */
  readonly repos: readonly string[]
  /** At most this many queries per repository (the first by id); `undefined` for all. */
  readonly queriesPerRepo?: number
  /** `commits` (default): the data set's commit messages; `questions`: the question set of `bench/data/questions/` on the same corpora. */
  readonly querySet?: 'commits' | 'questions'
  /** Chunks asked of the pipeline for the file ranking (a deep list: at most 3 chunks per file). */
  readonly depth: number
  /** The latency run: repositories in one index, Python stdlib text added to reach 50,000 chunks; `undefined` for none. */
  readonly latency?: { readonly repos: readonly string[]; readonly pythonChars: number; readonly warmup: number }
  /** The CodeSearchNet-style suite plain and routed; `undefined` to skip. */
  readonly codeSearchNet?: RoutedCsnProfile
}

/** Everything recorded for one query, once; every system ranks from it. */
export interface RecordedQuery {
  readonly query: LocalizationQuery
  /** `rag.search(text, 10)`: what a user of `rag search` sees. */
  readonly top10: readonly SearchResult[]
  /** `rag.search(text, depth)` in the streams' fused order (`pathPriors: false`), as `locateFiles` reads it. */
  readonly deep: readonly SearchResult[]
  /** Peer file lists by system name. */
  readonly peers: ReadonlyMap<string, readonly string[]>
  /** Plans, deep lists per search text and whole-file lists, for the ranking systems. */
  readonly ranking: QueryRankingInputs
  /** `rag.locateFiles(text, { limit: 10 })`: the files the surfaces (`rag search --files`, `/files`, MCP `locate_files`) show. */
  readonly located: readonly string[]
}

/** A repository as the systems see it: the index and the ranking's repository-level inputs. */
export interface SystemContext {
  readonly indexed: IndexedRepo
  readonly inputs: RepoRankingInputs
}

/** A way to rank files for a recorded query. */
export interface LocalizationSystem extends LocalizationSystemInfo {
  rank(recorded: RecordedQuery, context: SystemContext): readonly string[]
}

const fileOf = (hit: SearchResult): string => String(hit.document.metadata.file)

/** The systems every run measures: today's pipeline two ways, and the two file-level peers. */
function baselineSystems(): LocalizationSystem[] {
  return [
    {
      name: 'pipeline: top 10 chunks',
      group: 'baseline',
      description: 'distinct files of `rag.search(query, 10)`, in order of first appearance: what `rag search` shows today (fewer than 10 files when a file has several chunks)',
      rank: (r) => distinctInOrder(r.top10, fileOf),
    },
    {
      name: 'pipeline: files of the deep list',
      group: 'baseline',
      description: 'distinct files of `rag.search(query, depth)`, in order of first appearance (the baseline of the ranking work)',
      rank: (r) => distinctInOrder(r.deep, fileOf),
    },
    {
      name: 'peer: whole-file BM25',
      group: 'peer',
      description: 'one document per file of the full corpus, content only; `BM25Stream` with the code-aware analyzer (the data set\'s `spec-bm25-code` done with `@rag/bm25`)',
      rank: (r) => r.peers.get('peer: whole-file BM25') ?? [],
    },
    {
      name: `peer: minisearch ${miniSearchVersion()}`,
      group: 'peer',
      description: "one document per file of the full corpus; `new MiniSearch({ fields: ['text'], storeFields: [] })`, `search(query)` with its defaults",
      rank: (r) => r.peers.get('peer: minisearch') ?? [],
    },
  ]
}

/** Queries of a repository, cut to the profile's size (first by id, so both splits stay represented by the hash). */
function queriesOf(repo: LocalizationRepo, profile: LocalizationProfile): readonly LocalizationQuery[] {
  const all = profile.querySet === 'questions' ? loadQuestions(repo.id) : repo.queries
  return profile.queriesPerRepo === undefined ? all : all.slice(0, profile.queriesPerRepo)
}

async function recordQueries(context: SystemContext, queries: readonly LocalizationQuery[], peers: ReadonlyMap<string, FileRanker>, depth: number): Promise<RecordedQuery[]> {
  const out: RecordedQuery[] = []
  const routers = variantRouters()
  for (const query of queries) {
    const top10 = await context.indexed.rag.search(query.text, 10)
    const deep = await context.indexed.rag.search(query.text, depth, undefined, { pathPriors: false })
    const lists = new Map<string, readonly string[]>()
    for (const [name, rank] of peers) lists.set(name, await rank(query.text, depth))
    const ranking = await queryRankingInputs(query, deep, context.indexed, context.inputs, routers, depth)
    const located = (await context.indexed.rag.locateFiles(query.text, { limit: 10 })).files.map((f) => f.file)
    out.push({ query, top10, deep, peers: lists, ranking, located })
  }
  return out
}

/** Per-repository, per-split rows of one system. */
function rowsOf(system: LocalizationSystem, context: SystemContext, recorded: readonly RecordedQuery[]): LocalizationRow[] {
  const indexed = context.indexed
  const outcomes: { split: Split; outcome: ListOutcome }[] = recorded.map((r) => ({
    split: r.query.split,
    outcome: listOutcome(system.rank(r, context), new Set(r.query.relevant)),
  }))
  return (['dev', 'test'] as const).map((split) => ({
    system: system.name,
    repo: indexed.repo.id,
    split,
    metrics: summarizeLists(outcomes.filter((o) => o.split === split).map((o) => o.outcome)),
  }))
}

/** The style of a recorded question; `undefined` for a commit message. */
function styleOf(recorded: RecordedQuery): string | undefined {
  return (recorded.query as Partial<Question>).style
}

/** Per-style, per-split rows of one system over every repository's questions pooled (`repo` holds the style). */
function styleRowsOf(system: LocalizationSystem, recordings: readonly { context: SystemContext; recorded: readonly RecordedQuery[] }[]): LocalizationRow[] {
  const outcomes = recordings.flatMap(({ context, recorded }) =>
    recorded.map((r) => ({ style: styleOf(r), split: r.query.split, outcome: listOutcome(system.rank(r, context), new Set(r.query.relevant)) })),
  )
  const styles = [...new Set(outcomes.flatMap((o) => (o.style === undefined ? [] : [o.style])))].sort()
  return styles.flatMap((style) =>
    (['dev', 'test'] as const).map((split) => ({
      system: system.name,
      repo: style,
      split,
      metrics: summarizeLists(outcomes.filter((o) => o.style === style && o.split === split).map((o) => o.outcome)),
    })),
  )
}

/** One repository unpacked, indexed and recorded: what every system ranks from. */
export interface RecordedRepo {
  readonly context: SystemContext
  readonly recorded: readonly RecordedQuery[]
  readonly info: RepoInfo
}

/**
 * Unpacks a repository's corpus into `scratch`, indexes it with the pipeline, builds the ranking's
 * repository inputs, and records every query of the profile (chunk hits, peers' lists, plans,
 * whole-file lists).
 */
export async function recordRepo(id: string, profile: LocalizationProfile, scratch: string, log: (line: string) => void): Promise<RecordedRepo> {
  const repo = loadLocalizationRepo(id)
  const dir = unpackCorpus(repo, scratch)
  const indexed = await indexRepo(repo, dir)
  const queries = queriesOf(repo, profile)
  const whole = readWholeFiles(repo, dir)
  const peers = new Map<string, FileRanker>([
    ['peer: whole-file BM25', await wholeFileBm25(whole)],
    ['peer: minisearch', wholeFileMiniSearch(whole)],
  ])
  const context: SystemContext = { indexed, inputs: await repoRankingInputs(indexed) }
  const recordStarted = performance.now()
  const recorded = await recordQueries(context, queries, peers, profile.depth)
  const indexedFiles = new Set(indexed.files)
  const relevant = queries.flatMap((q) => q.relevant)
  log(`  ${id}: ${indexed.files.length} files, ${indexed.chunks.length} chunks in ${(indexed.indexMs / 1000).toFixed(1)} s; ${queries.length} queries recorded in ${((performance.now() - recordStarted) / 1000).toFixed(1)} s`)
  if (indexed.strippedIgnoreLines.length > 0) log(`  ${id}: TEMPORARY workaround (issue 17): stripped ${indexed.strippedIgnoreLines.join('; ')}`)
  return {
    context,
    recorded,
    info: {
      id,
      github: repo.github,
      language: repo.language,
      corpusFiles: repo.files.length,
      indexedFiles: indexed.files.length,
      chunks: indexed.chunks.length,
      indexMs: indexed.indexMs,
      dev: queries.filter((q) => q.split === 'dev').length,
      test: queries.filter((q) => q.split === 'test').length,
      relevantFiles: relevant.length,
      relevantNotIndexed: relevant.filter((f) => !indexedFiles.has(f)).length,
      strippedIgnoreLines: indexed.strippedIgnoreLines,
    },
  }
}

/** Options of {@link runLocalization}. */
export interface LocalizationRunOptions {
  readonly profile: LocalizationProfile
  /** Where corpora are unpacked (the caller empties it). */
  readonly scratch: string
  readonly log: (line: string) => void
  /** More systems to measure besides the baselines and peers (the ranking ablations). */
  readonly systems?: readonly LocalizationSystem[]
}

/**
 * The localization suite: for each repository, unpack its corpus, index it with the pipeline,
 * record each query's chunk hits (top 10 and the deep list) and the peers' file lists, then score
 * every system's file ranking per repository and split.
 */
export async function runLocalization({ profile, scratch, log, systems = [] }: LocalizationRunOptions): Promise<LocalizationResult> {
  const started = performance.now()
  const all = [...baselineSystems(), ...systems]
  const rows: LocalizationRow[] = []
  const repos: RepoInfo[] = []
  const recordings: { context: SystemContext; recorded: readonly RecordedQuery[] }[] = []
  for (const id of profile.repos) {
    const { context, recorded, info } = await recordRepo(id, profile, scratch, log)
    repos.push(info)
    for (const system of all) rows.push(...rowsOf(system, context, recorded))
    if (profile.querySet === 'questions') recordings.push({ context, recorded })
  }
  const styles = profile.querySet === 'questions' ? all.flatMap((system) => styleRowsOf(system, recordings)) : undefined
  const codeSearchNet = profile.codeSearchNet === undefined ? undefined : await routedCodeSearchNet(profile.codeSearchNet, log)
  const latency = profile.latency === undefined ? undefined : await measureLatency({ ...profile.latency, scratch, log })
  return {
    startedAt: new Date(Date.now() - (performance.now() - started)).toISOString(),
    durationMs: performance.now() - started,
    depth: profile.depth,
    pipeline: PIPELINE_DESCRIPTION,
    repos,
    systems: all.map(({ name, group, description }) => ({ name, group, description })),
    rows,
    ...(styles === undefined ? {} : { querySet: 'questions' as const, styles }),
    ...(latency === undefined ? {} : { latency }),
    ...(codeSearchNet === undefined ? {} : { codeSearchNet }),
  }
}
