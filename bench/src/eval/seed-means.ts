import type { Split } from './queries.js'
import type { Scores } from './score.js'

/** A tier of the vector-quality bench that may train a static model. */
interface SeededTier {
  readonly key: string
  readonly tier: string
  readonly training?: { readonly seed?: number }
}

const SEED_SUFFIX = / seed=(\d+)/

/**
 * Every static tier `seeds` times, seeds `0 .. seeds - 1` (keys `"<key> seed=<s>"`); other tiers
 * once. One seed leaves the tiers as they are. The static tier's ranking moves with the seed of
 * its random projection about as much as with most training settings, so settings are compared
 * over several seeds.
 */
export function withSeeds<T extends SeededTier>(tiers: readonly T[], seeds: number): T[] {
  if (seeds <= 1) return [...tiers]
  return tiers.flatMap((t) => (t.tier !== 'static' ? [t] : Array.from({ length: seeds }, (_, seed) => ({ ...t, key: `${t.key} seed=${seed}`, training: { ...t.training, seed } }))))
}

/** One configuration's scores on one corpus and split (as the bench's rows are). */
interface ScoredRow {
  readonly config: string
  readonly corpus: string
  readonly split: Split
  readonly scores: Scores
}

const f3 = (x: number): string => x.toFixed(3)

function meanAndSd(values: readonly number[]): { mean: number; sd: number } {
  const mean = values.reduce((s, v) => s + v, 0) / values.length
  const sd = values.length < 2 ? 0 : Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / (values.length - 1))
  return { mean, sd }
}

/**
 * A markdown table of the configurations run with several seeds (names with ` seed=<s>`): per
 * configuration, the mean over seeds of the chunk MRR@10 (dev and test, mean of the corpora, with
 * its standard deviation over seeds) and of each corpus's split. Empty when no row has a seed.
 */
export function seedMeansTable(rows: readonly ScoredRow[], corpora: readonly string[]): string {
  const groups = new Map<string, ScoredRow[]>()
  for (const row of rows) {
    if (!SEED_SUFFIX.test(row.config)) continue
    const base = row.config.replace(SEED_SUFFIX, '')
    groups.set(base, [...(groups.get(base) ?? []), row])
  }
  if (groups.size === 0) return ''
  const lines = [
    `| configuration | seeds | MRR@10 dev (mean ± sd over seeds) | MRR@10 test (mean ± sd over seeds) | ${corpora.map((c) => `${c} dev | ${c} test`).join(' | ')} |`,
    `| --- | --- | --- | --- | ${corpora.map(() => '--- | ---').join(' | ')} |`,
  ]
  for (const [base, group] of groups) {
    const seeds = [...new Set(group.map((r) => r.config))]
    // Per seed, the mean over corpora (as the main table's mean columns); then over seeds.
    const perSeed = (split: Split): number[] =>
      seeds.map((config) => {
        const scores = group.filter((r) => r.config === config && r.split === split).map((r) => r.scores.chunk.mrr10)
        return scores.reduce((s, v) => s + v, 0) / scores.length
      })
    const cell = (corpus: string, split: Split): string => f3(meanAndSd(group.filter((r) => r.corpus === corpus && r.split === split).map((r) => r.scores.chunk.mrr10)).mean)
    const dev = meanAndSd(perSeed('dev'))
    const test = meanAndSd(perSeed('test'))
    lines.push(`| ${base} | ${seeds.length} | ${f3(dev.mean)} ± ${f3(dev.sd)} | ${f3(test.mean)} ± ${f3(test.sd)} | ${corpora.map((c) => `${cell(c, 'dev')} | ${cell(c, 'test')}`).join(' | ')} |`)
  }
  return lines.join('\n')
}
