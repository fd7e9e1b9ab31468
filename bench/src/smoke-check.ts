import type { BenchResult } from './bench-result.js'
import { LOCALIZATION_REPOS, loadLocalizationRepo } from './corpus/localization-data.js'
import { loadQuestions } from './corpus/question-data.js'
import type { LocalizationResult } from './localization/result.js'
import { SESSION_SYSTEM } from './localization/systems.js'

/**
 * What the smoke run asserts: every stage ran and produced finite numbers. No thresholds and no
 * timing expectations (CI machines vary).
 *
 * @returns the problems found; empty when the run is sound.
 */
export function smokeProblems(result: BenchResult): string[] {
  const problems: string[] = []
  const finite = (what: string, value: number): void => {
    if (!Number.isFinite(value)) problems.push(`${what} is not a finite number (${value}).`)
  }
  if (result.corpora.length !== 2) problems.push(`expected 2 corpora, got ${result.corpora.length}.`)
  for (const c of result.corpora) if (c.queries.sampled === 0) problems.push(`corpus ${c.name} produced no queries.`)
  if (result.quality.rows.length === 0) problems.push('the quality grid produced no rows.')
  for (const row of result.quality.rows) {
    finite(`${row.corpus} ${row.split} ${row.key} MRR@10`, row.chunk.mrr10)
    finite(`${row.corpus} ${row.split} ${row.key} file MRR@10`, row.file.mrr10)
  }
  if (!result.selection.best?.key) problems.push('no configuration was selected.')
  if (!result.selection.bestCli?.key) problems.push('no configuration of the CLI\'s engines was selected.')
  for (const peer of result.peers) {
    if (peer.engines.length === 0) problems.push(`no engine ran on ${peer.corpus}.`)
    for (const e of peer.engines) {
      finite(`${peer.corpus} ${e.label} MRR@10`, e.chunk.mrr10)
      finite(`${peer.corpus} ${e.label} index ms`, e.indexMs)
      finite(`${peer.corpus} ${e.label} p50`, e.p50Ms)
    }
  }
  if (result.scaling.points.length === 0) problems.push('no scaling point was measured.')
  for (const point of result.scaling.points) {
    for (const e of point.engines) {
      finite(`${point.scale}x ${e.label} index ms`, e.indexMs)
      finite(`${point.scale}x ${e.label} heap`, e.heapBytes)
    }
    finite(`${point.scale}x cold index ms`, point.pipeline.coldMs)
    finite(`${point.scale}x no-op ms`, point.pipeline.noopMs)
    finite(`${point.scale}x parse ms`, point.parseMs)
    if (point.pipeline.chunks === 0) problems.push(`${point.scale}x: the pipeline indexed no chunks.`)
  }
  if (result.localization === undefined) problems.push('the localization suite did not run.')
  else problems.push(...localizationProblems(result.localization))
  return problems
}

/** What the smoke run asserts of the localization suite: every repository indexed, every system scored with finite numbers. */
export function localizationProblems(result: LocalizationResult): string[] {
  const problems: string[] = []
  if (result.repos.length === 0) problems.push('the localization suite indexed no repository.')
  for (const repo of result.repos) {
    if (repo.chunks === 0) problems.push(`localization: ${repo.id} produced no chunks.`)
    if (repo.dev + repo.test === 0) problems.push(`localization: ${repo.id} has no queries.`)
  }
  for (const system of result.systems) {
    const rows = result.rows.filter((r) => r.system === system.name)
    if (rows.length === 0) problems.push(`localization: ${system.name} produced no rows.`)
    for (const row of rows) {
      for (const [what, value] of Object.entries({ 'R@10': row.metrics.recall10, 'MRR@10': row.metrics.mrr10, 'nDCG@10': row.metrics.ndcg10 })) {
        if (!Number.isFinite(value)) problems.push(`localization: ${system.name} ${row.repo} ${row.split} ${what} is not a finite number (${value}).`)
      }
    }
  }
  // The surfaces rank with `RagService.locateFiles`: it must give exactly the measured ranking.
  for (const row of result.rows.filter((r) => r.system === SESSION_SYSTEM)) {
    const reference = result.rows.find((r) => r.system === 'rank: full' && r.repo === row.repo && r.split === row.split)
    if (reference !== undefined && JSON.stringify(reference.metrics) !== JSON.stringify(row.metrics)) {
      problems.push(`localization: ${SESSION_SYSTEM} differs from rank: full on ${row.repo} ${row.split} (R@10 ${row.metrics.recall10} vs ${reference.metrics.recall10}, MRR@10 ${row.metrics.mrr10} vs ${reference.metrics.mrr10}).`)
    }
  }
  if (result.latency !== undefined) {
    for (const [what, value] of Object.entries({ 'route p50': result.latency.route.p50, 'search p50': result.latency.search.p50, 'rank p50': result.latency.rank.p50, 'total p50': result.latency.total.p50 })) {
      if (!Number.isFinite(value)) problems.push(`localization latency: ${what} is not a finite number (${value}).`)
    }
    if (result.latency.chunks === 0) problems.push('localization latency: the index holds no chunks.')
  }
  return problems
}

/**
 * What is wrong with the question set (`bench/data/questions/`): a repository without its file, a
 * malformed question (the loader throws), or a relevant file that is not in the repository's corpus.
 */
export function questionSetProblems(): string[] {
  const problems: string[] = []
  for (const id of LOCALIZATION_REPOS) {
    try {
      const files = new Set(loadLocalizationRepo(id).files)
      for (const question of loadQuestions(id)) {
        for (const file of question.relevant) if (!files.has(file)) problems.push(`question set: ${question.id} names ${file}, which is not in the ${id} corpus`)
      }
    } catch (error) {
      problems.push(`question set: ${id}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  return problems
}
