import type { Metrics } from '../eval/metrics.js'
import type { Split } from '../eval/queries.js'
import type { LatencyResult } from './latency.js'
import type { RoutedCsnRow } from './routed-csn.js'

/** File-level metrics of one system on one repository and split (`recallAll`: relevant files anywhere in its list). */
export type FileMetrics = Metrics & { readonly recallAll: number }

/** One system's figures on one repository and split. */
export interface LocalizationRow {
  readonly system: string
  readonly repo: string
  readonly split: Split
  readonly metrics: FileMetrics
}

/** What a ranked-file system is, for the report. */
export interface LocalizationSystemInfo {
  /** Unique name, used as the row key. */
  readonly name: string
  /** `baseline`: today's pipeline; `final`: the routed file ranking with its defaults; `peer`: another library; `ablation`: the ranking stage with signals switched. */
  readonly group: 'baseline' | 'final' | 'peer' | 'ablation'
  readonly description: string
}

/** One repository of a localization run. */
export interface RepoInfo {
  readonly id: string
  readonly github: string
  readonly language: string
  /** Files in the data set's corpus. */
  readonly corpusFiles: number
  /** Files the pipeline indexed (ingest's walk: ignore files, default skips, format detection). */
  readonly indexedFiles: number
  readonly chunks: number
  readonly indexMs: number
  readonly dev: number
  readonly test: number
  /** Relevant (query, file) pairs, and how many of those files the pipeline did not index. */
  readonly relevantFiles: number
  readonly relevantNotIndexed: number
  /** Lines the TEMPORARY `!` workaround removed from the bench's copy (issue 17); empty when none. */
  readonly strippedIgnoreLines: readonly string[]
}

/** What the localization suite measured. */
export interface LocalizationResult {
  readonly startedAt: string
  readonly durationMs: number
  /** Chunks asked of the pipeline for the deep list. */
  readonly depth: number
  /** One line: how the pipeline was built. */
  readonly pipeline: string
  readonly repos: readonly RepoInfo[]
  readonly systems: readonly LocalizationSystemInfo[]
  readonly rows: readonly LocalizationRow[]
  /** Set when the run measured the question set (`bench/data/questions/`) instead of the commit messages. */
  readonly querySet?: 'questions'
  /** Question runs: each system's figures per question style over every repository pooled (`repo` holds the style). */
  readonly styles?: readonly LocalizationRow[]
  /** In-process latency of route + search + rank on one large index. */
  readonly latency?: LatencyResult
  /** The CodeSearchNet-style suite, plain and routed (the default must not lose its chunk-level MRR@10). */
  readonly codeSearchNet?: readonly RoutedCsnRow[]
}
