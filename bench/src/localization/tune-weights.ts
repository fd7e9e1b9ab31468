/**
 * How `DEFAULT_WEIGHTS` of `@rag/rank` were chosen, rerunnable: a coordinate search over a grid of
 * each weight on the DEV queries of the localization suite only (objective: macro R@10 + MRR@10),
 * then the same search in 4-fold cross-validation on dev (chosen on three folds, scored on the
 * fourth) to see how much of the gain is fitted noise, then each weight swept alone around the
 * optimum. Test queries are recorded with the rest but never scored here.
 *
 *   pnpm exec tsx src/localization/tune-weights.ts     (about 5 minutes on 2 busy cores)
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { RankingWeights } from '@rag/rank'
import { LOCALIZATION_REPOS } from '../corpus/localization-data.js'
import { fnv1a } from '../corpus/real-code.js'
import { listOutcome } from '../eval/metrics.js'
import { recordRepo, type RecordedRepo } from './run-localization.js'
import { FULL_RANKING, rankWith, type RankingConfig } from './systems.js'

type Weights = Partial<RankingWeights>

// The full ranking with the whole-file list available, so that its weight (`list`) is searched too.
const TUNED: RankingConfig = { ...FULL_RANKING, fileLists: ['files: path+symbols+content'] }

/** The grid of each weight searched; the defaults' neighbourhood, plus the values that switch a signal off. */
const GRID: Partial<Record<keyof RankingWeights, readonly number[]>> = {
  chunkK: [30, 60, 100],
  chunkDecay: [0, 0.15, 0.3, 0.45],
  list: [0, 0.25, 0.5],
  definition: [0, 0.25, 0.5, 1],
  properDefinition: [0, 0.5, 1, 1.5, 3],
  termDefinition: [0, 0.1, 0.25, 0.5],
  fileName: [0, 0.25, 0.5, 1],
  fileNameTerm: [0, 0.1, 0.2],
  folderTerm: [0, 0.1, 0.3, 0.5],
  maxFolderFiles: [20, 60, 150],
  companion: [0, 0.3, 0.8],
  importer: [0, 0.05, 0.1, 0.2],
  neighbourDamping: [0, 0.5, 1],
  expandTop: [5, 10, 20],
}

const FOLDS = 4

/**
 * Where every search starts: the weights written before any tuning (by reasoning, not by dev
 * figures), so the cross-validated folds never start from a point chosen on their held-out queries.
 */
const UNTUNED: Weights = {
  chunkK: 60,
  chunkDecay: 0.3,
  list: 0.5,
  definition: 0.5,
  properDefinition: 0.5,
  termDefinition: 0,
  fileName: 0.5,
  fileNameTerm: 0.25,
  folderTerm: 0.1,
  maxFolderFiles: 60,
  companion: 0.3,
  // The probe of graph expansion (0.1, undamped, top 10), to the importers only.
  importer: 0.1,
  neighbourDamping: 0,
  expandTop: 10,
}

interface Figures {
  readonly r10: number
  readonly mrr: number
}

/** Dev macro R@10 and MRR@10 (each repository counts the same) under `weights`, on the queries `keep` accepts. */
function score(repos: readonly RecordedRepo[], weights: Weights, keep: (id: string) => boolean = () => true): Figures {
  const per = repos.map(({ context, recorded }) => {
    const outcomes = recorded
      .filter((r) => r.query.split === 'dev' && keep(r.query.id))
      .map((r) => listOutcome(rankWith(TUNED, r, context, weights), new Set(r.query.relevant)))
    const n = Math.max(1, outcomes.length)
    return { r10: outcomes.reduce((s, o) => s + o.recall10, 0) / n, mrr: outcomes.reduce((s, o) => s + o.rr10, 0) / n }
  })
  return { r10: per.reduce((s, p) => s + p.r10, 0) / per.length, mrr: per.reduce((s, p) => s + p.mrr, 0) / per.length }
}

/** Coordinate search from `start`: each weight in turn takes the grid value that raises R@10 + MRR@10 most, until nothing moves. */
function search(repos: readonly RecordedRepo[], start: Weights, keep?: (id: string) => boolean): Weights {
  let best = start
  let bestScore = Object.values(score(repos, best, keep)).reduce((a, b) => a + b, 0)
  for (let round = 0; round < 3; round++) {
    let moved = false
    for (const [key, values] of Object.entries(GRID)) {
      for (const value of values) {
        const candidate = { ...best, [key]: value }
        const s = Object.values(score(repos, candidate, keep)).reduce((a, b) => a + b, 0)
        if (s > bestScore + 1e-9) {
          best = candidate
          bestScore = s
          moved = true
        }
      }
    }
    if (!moved) break
  }
  return best
}

const line = (f: Figures): string => `R@10 ${f.r10.toFixed(3)} MRR@10 ${f.mrr.toFixed(3)}`

async function main(): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), 'rag-tune-'))
  try {
    const repos: RecordedRepo[] = []
    for (const id of LOCALIZATION_REPOS) repos.push(await recordRepo(id, { repos: LOCALIZATION_REPOS, depth: 300 }, scratch, (l) => console.log(l)))
    console.log(`untuned: dev ${line(score(repos, UNTUNED))}; DEFAULT_WEIGHTS: dev ${line(score(repos, {}))}`)
    const chosen = search(repos, UNTUNED)
    console.log(`coordinate search on all of dev: ${JSON.stringify(chosen)} -> ${line(score(repos, chosen))}`)
    const fold = (id: string): number => fnv1a(`fold:${id}`) % FOLDS
    let r10 = 0
    let mrr = 0
    for (let f = 0; f < FOLDS; f++) {
      const weights = search(repos, UNTUNED, (id) => fold(id) !== f)
      const held = score(repos, weights, (id) => fold(id) === f)
      console.log(`fold ${f}: chosen on the other folds ${JSON.stringify(weights)} -> held-out ${line(held)}`)
      r10 += held.r10 / FOLDS
      mrr += held.mrr / FOLDS
    }
    console.log(`cross-validated on dev: R@10 ${r10.toFixed(3)} MRR@10 ${mrr.toFixed(3)}`)
    for (const [key, values] of Object.entries(GRID)) {
      for (const value of values) console.log(`  ${key} = ${value}: ${line(score(repos, { ...chosen, [key]: value }))}`)
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
