import type { PathCategory } from './path-category.js'
import type { RankingPlan } from './ranking-plan.js'
import type { RankingWeights } from './weights.js'

/**
 * The path prior of a file with `categories` under a plan's priors: `weights.boost` when one of
 * them is boosted, else the strongest demotion among them (`weights.demote`), else 1. The file
 * ranking multiplies a file's evidence by it, the session's chunk search a chunk's fused score.
 *
 * @example
 * pathPrior(['test'], { demote: ['test', 'docs'], boost: [] }, DEFAULT_WEIGHTS) // 0.1
 * pathPrior(['test'], { demote: ['docs'], boost: ['test'] }, DEFAULT_WEIGHTS)   // 2
 */
export function pathPrior(categories: readonly PathCategory[], priors: RankingPlan['priors'], weights: Pick<RankingWeights, 'boost' | 'demote'>): number {
  if (categories.some((c) => priors.boost.includes(c))) return weights.boost
  let prior = 1
  for (const c of categories) if (priors.demote.includes(c)) prior = Math.min(prior, weights.demote[c])
  return prior
}
