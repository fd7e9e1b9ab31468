/**
 * The shipped ranking with and without the code layers' signals (C2 importers, C3 routes) over
 * the recorded pool of `dump-pool.ts`, per split: macro R@10 / MRR@10 of each, and the paired
 * per-query difference (layers minus none) with its standard error, to judge whether turning
 * `index.layers` on by default pays for its indexing cost.
 *
 *   pnpm exec tsx src/localization/compare-layers.ts [pool.json]
 */
import { fileURLToPath } from 'node:url'
import { rankFiles } from '@rag/rank'
import { listOutcome } from '../eval/metrics.js'
import { loadPool, type PoolRepo } from './pool.js'

const DEFAULT_POOL = fileURLToPath(new URL('../../results/tmp/localization-pool.json', import.meta.url))

/** Mean ± standard error of the mean. */
function meanAndError(values: readonly number[]): string {
  const mean = values.reduce((s, v) => s + v, 0) / values.length
  const variance = values.reduce((s, v) => s + (v - mean) ** 2, 0) / Math.max(1, values.length - 1)
  return `${mean >= 0 ? '+' : ''}${mean.toFixed(4)} ± ${Math.sqrt(variance / values.length).toFixed(4)}`
}

function compare(repos: readonly PoolRepo[], keep: (split: 'dev' | 'test') => boolean): string {
  const recallDiff: number[] = []
  const rrDiff: number[] = []
  const macro = { none: [0, 0], layers: [0, 0] }
  for (const repo of repos) {
    const queries = repo.queries.filter((q) => keep(q.split))
    for (const query of queries) {
      const relevant = new Set(query.relevant)
      const none = listOutcome(rankFiles(query.hits, query.plan, repo.chunkSignals, { limit: 10 }).map((f) => f.file), relevant)
      const layers = listOutcome(rankFiles(query.hits, query.plan, repo.layerSignals, { limit: 10 }).map((f) => f.file), relevant)
      recallDiff.push(layers.recall10 - none.recall10)
      rrDiff.push(layers.rr10 - none.rr10)
      const share = 1 / queries.length / repos.length
      macro.none[0]! += none.recall10 * share
      macro.none[1]! += none.rr10 * share
      macro.layers[0]! += layers.recall10 * share
      macro.layers[1]! += layers.rr10 * share
    }
  }
  const pair = ([r, m]: number[]): string => `${r!.toFixed(3)} / ${m!.toFixed(3)}`
  return `${recallDiff.length} queries: without layers ${pair(macro.none)}, with ${pair(macro.layers)}; per-query difference R@10 ${meanAndError(recallDiff)}, RR@10 ${meanAndError(rrDiff)}; ${rrDiff.filter((d) => d !== 0).length} queries change RR@10`
}

const repos = loadPool(process.argv[2] ?? DEFAULT_POOL)
console.log(`dev:  ${compare(repos, (s) => s === 'dev')}`)
console.log(`test: ${compare(repos, (s) => s === 'test')}`)
console.log(`all:  ${compare(repos, () => true)}`)
