/**
 * Learned combinations of the file ranking's features, measured in 4-fold cross-validation on
 * the DEV queries of the localization suite (chosen on three folds, scored on the fourth): does
 * any model over the features of `pool-features.ts` reorder the shipped ranking's pool better
 * than `rankFiles` with `DEFAULT_WEIGHTS`? Three families, each starting from the shipped score
 * (`base`), so "no change" is always reachable:
 *
 * - coordinate ascent of `base + sum w_k * z_k` on macro R@10 + MRR@10, one candidate feature at
 *   a time (z: the feature standardised over dev);
 * - a pairwise logistic model (RankNet, linear) over every feature, the relevant files against
 *   the 30 best-scored others;
 * - boosted regression stumps on LambdaRank gradients (NDCG@10 swaps, top 40), a LambdaMART-lite.
 *
 * Reads the pool `dump-pool.ts` writes (about a minute to record); runs in under a minute.
 * Test queries are never scored here.
 *
 *   pnpm exec tsx src/localization/learn-ranking.ts [--layers] [--only=feature,...] [--features=f1,f2 [--ranknet]] [pool.json]
 *
 * `--only` runs the one-feature coordinate ascents of those features alone; `--features` limits
 * the all-feature models to those features; `--ranknet` runs the RankNet model alone.
 */
import { fileURLToPath } from 'node:url'
import { FEATURES, FOLDS, featureRows, foldOf, scoreRows, type FeatureName, type FeatureRow } from './pool-features.js'
import { loadPool } from './pool.js'

const DEFAULT_POOL = fileURLToPath(new URL('../../results/tmp/localization-pool.json', import.meta.url))
const BASE = FEATURES.findIndex(([name]) => name === 'base')
const D = FEATURES.length

type Scorer = (row: FeatureRow, i: number) => number
interface Figures {
  readonly r10: number
  readonly mrr: number
}
const line = (f: Figures): string => `${f.r10.toFixed(3)} / ${f.mrr.toFixed(3)}`

/** Standardises a candidate's features by their mean and standard deviation over the rows' candidates (memoised per candidate). */
function standardiser(rows: readonly FeatureRow[]): (x: readonly number[]) => number[] {
  const mean = new Array<number>(D).fill(0)
  const sd = new Array<number>(D).fill(0)
  let n = 0
  for (const row of rows) {
    for (const x of row.x) {
      n++
      x.forEach((v, d) => (mean[d]! += v))
    }
  }
  for (let d = 0; d < D; d++) mean[d]! /= n
  for (const row of rows) for (const x of row.x) x.forEach((v, d) => (sd[d]! += (v - mean[d]!) ** 2))
  for (let d = 0; d < D; d++) sd[d] = Math.sqrt(sd[d]! / n) || 1
  const cache = new WeakMap<readonly number[], number[]>()
  return (x) => {
    let out = cache.get(x)
    if (out === undefined) cache.set(x, (out = x.map((v, d) => (v - mean[d]!) / sd[d]!)))
    return out
  }
}

/** Held-out figures: `fit` trains on three folds and returns a scorer for the fourth. */
function crossValidate(rows: readonly FeatureRow[], fit: (train: readonly FeatureRow[]) => Scorer): Figures {
  const held = new Map<FeatureRow, number[]>()
  for (let f = 0; f < FOLDS; f++) {
    const scorer = fit(rows.filter((r) => foldOf(r) !== f))
    for (const row of rows.filter((r) => foldOf(r) === f)) held.set(row, row.x.map((_, i) => scorer(row, i)))
  }
  return scoreRows(rows, (row, i) => held.get(row)![i]!)
}

const GRID = [-0.5, -0.3, -0.2, -0.1, -0.05, -0.02, -0.01, 0, 0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5]

/** Coordinate ascent of `base + sum w_d * z_d` over `dims` on R@10 + MRR@10. */
function coordinateAscent(z: (x: readonly number[]) => number[], dims: readonly number[]): (train: readonly FeatureRow[]) => Scorer {
  return (train) => {
    const w = new Map(dims.map((d) => [d, 0]))
    const scorer = (weights: ReadonlyMap<number, number>): Scorer => (row, i) => row.x[i]![BASE]! + [...weights].reduce((s, [d, v]) => s + v * z(row.x[i]!)[d]!, 0)
    const objective = (weights: ReadonlyMap<number, number>): number => {
      const f = scoreRows(train, scorer(weights))
      return f.r10 + f.mrr
    }
    let best = objective(w)
    for (let round = 0; round < 3; round++) {
      let moved = false
      for (const d of dims) {
        for (const v of GRID) {
          const candidate = new Map(w).set(d, v)
          const s = objective(candidate)
          if (s > best + 1e-9) [best, moved] = [s, (w.set(d, v), true)]
        }
      }
      if (!moved) break
    }
    return scorer(w)
  }
}

/** A linear pairwise logistic model (RankNet) over `dims` and the shipped score, starting from the shipped score. */
function rankNet(z: (x: readonly number[]) => number[], dims: readonly number[], { epochs = 30, rate = 0.05, l2 = 1e-3 } = {}): (train: readonly FeatureRow[]) => Scorer {
  const used = new Set([...dims, BASE])
  return (train) => {
    const sdBase = z([...new Array<number>(D - 1).fill(0), 1])[BASE]! - z(new Array<number>(D).fill(0))[BASE]!
    const start = new Array<number>(D).fill(0)
    start[BASE] = 1 / sdBase
    const w = [...start]
    const dot = (v: readonly number[]): number => v.reduce((s, x, d) => s + w[d]! * x, 0)
    for (let epoch = 0; epoch < epochs; epoch++) {
      for (const row of train) {
        const positives = row.y.flatMap((y, i) => (y === 1 ? [i] : []))
        if (positives.length === 0) continue
        const zs = row.x.map(z)
        const s = zs.map(dot)
        const negatives = s
          .map((v, i) => ({ v, i }))
          .filter(({ i }) => row.y[i] === 0)
          .sort((a, b) => b.v - a.v)
          .slice(0, 30)
        const g = new Array<number>(D).fill(0)
        for (const p of positives) for (const { i: n } of negatives) {
          const sigma = 1 / (1 + Math.exp(s[p]! - s[n]!))
          for (const d of used) g[d]! += sigma * (zs[p]![d]! - zs[n]![d]!)
        }
        const pairs = positives.length * negatives.length || 1
        for (const d of used) w[d]! += rate * (g[d]! / pairs - l2 * (w[d]! - start[d]!))
      }
    }
    return (row, i) => dot(z(row.x[i]!))
  }
}

interface Stump {
  readonly d: number
  readonly at: number
  readonly left: number
  readonly right: number
}

const TOP = 40

/** LambdaRank gradients (NDCG@10 swaps) of one query's top candidates under scores `s`. */
function lambdas(row: FeatureRow, s: readonly number[]): number[] {
  const n = s.length
  const position = new Array<number>(n)
  s.map((v, i) => ({ v, i }))
    .sort((a, b) => b.v - a.v)
    .forEach(({ i }, p) => (position[i] = p))
  const out = new Array<number>(n).fill(0)
  const relevant = row.y.slice(0, n).filter((y) => y === 1).length
  let ideal = 0
  for (let i = 0; i < Math.min(relevant, 10); i++) ideal += 1 / Math.log2(i + 2)
  if (ideal === 0) return out
  const gain = (p: number): number => (p < 10 ? 1 / Math.log2(p + 2) : 0)
  for (let i = 0; i < n; i++) {
    if (row.y[i] !== 1) continue
    for (let j = 0; j < n; j++) {
      if (row.y[j] === 1) continue
      const delta = Math.abs(gain(position[i]!) - gain(position[j]!)) / ideal
      if (delta === 0) continue
      const rho = (1 / (1 + Math.exp(s[i]! - s[j]!))) * delta
      out[i]! += rho
      out[j]! -= rho
    }
  }
  return out
}

/** The regression stump over `dims` that best fits the gradients `g` (least squares). */
function fitStump(xs: readonly (readonly number[])[], g: readonly number[], dims: readonly number[]): Stump {
  let best: Stump = { d: dims[0]!, at: Number.POSITIVE_INFINITY, left: 0, right: 0 }
  let bestGain = 0
  const total = g.reduce((a, b) => a + b, 0)
  for (const d of dims) {
    const order = xs.map((_, i) => i).sort((a, b) => xs[a]![d]! - xs[b]![d]!)
    let sumLeft = 0
    for (let k = 0; k < order.length - 1; k++) {
      sumLeft += g[order[k]!]!
      const a = xs[order[k]!]![d]!
      const b = xs[order[k + 1]!]![d]!
      if (a === b) continue
      const nLeft = k + 1
      const nRight = order.length - nLeft
      const gain = sumLeft ** 2 / nLeft + (total - sumLeft) ** 2 / nRight
      if (gain > bestGain) [bestGain, best] = [gain, { d, at: (a + b) / 2, left: sumLeft / nLeft, right: (total - sumLeft) / nRight }]
    }
  }
  return best
}

/** Boosted stumps on LambdaRank gradients, added to the shipped score with shrinkage `eta`. */
function lambdaStumps(dims: readonly number[], trees: number, eta: number): (train: readonly FeatureRow[]) => Scorer {
  return (train) => {
    const model: Stump[] = []
    const score = (x: readonly number[]): number => x[BASE]! + model.reduce((s, t) => s + eta * (x[t.d]! <= t.at ? t.left : t.right), 0)
    for (let t = 0; t < trees; t++) {
      const xs: (readonly number[])[] = []
      const g: number[] = []
      for (const row of train) {
        const top = row.x.slice(0, TOP)
        const lambda = lambdas(row, top.map(score))
        top.forEach((x, i) => (xs.push(x), g.push(lambda[i]!)))
      }
      model.push(fitStump(xs, g, dims))
    }
    return (row, i) => score(row.x[i]!)
  }
}

function main(): void {
  const args = process.argv.slice(2)
  const layers = args.includes('--layers')
  const path = args.find((a) => !a.startsWith('--')) ?? DEFAULT_POOL
  const rows = featureRows(loadPool(path), { split: 'dev', layers })
  const z = standardiser(rows)
  const index = (name: FeatureName): number => FEATURES.findIndex(([n]) => n === name)
  console.log(`dev, ${layers ? 'with' : 'without'} layers, ${rows.length} queries; shipped rankFiles: R@10 / MRR@10 ${line(scoreRows(rows, (row, i) => row.x[i]![BASE]!))}`)
  const only = args.find((a) => a.startsWith('--only='))?.slice(7).split(',')
  const chosen = args.find((a) => a.startsWith('--features='))?.slice(11).split(',')
  const candidates = FEATURES.map((_, d) => d).filter((d) => d !== BASE && (chosen === undefined || chosen.includes(FEATURES[d]![0])))
  const which = chosen === undefined ? 'every feature' : chosen.join(', ')
  if (args.includes('--ranknet')) {
    console.log(`  RankNet (linear, pairwise logistic), ${which}: ${line(crossValidate(rows, rankNet(z, candidates)))}`)
    return
  }
  for (const [name, what] of FEATURES) {
    if (name === 'base' || (only !== undefined && !only.includes(name))) continue
    console.log(`  coordinate ascent, base + ${name} (${what}): ${line(crossValidate(rows, coordinateAscent(z, [index(name)])))}`)
  }
  if (only !== undefined) return
  console.log(`  coordinate ascent, base + ${which}: ${line(crossValidate(rows, coordinateAscent(z, candidates)))}`)
  console.log(`  RankNet (linear, pairwise logistic), ${which}: ${line(crossValidate(rows, rankNet(z, candidates)))}`)
  for (const [trees, eta] of [
    [20, 0.1],
    [50, 0.1],
    [100, 0.05],
  ] as const) {
    console.log(`  LambdaRank stumps, ${trees} trees, eta ${eta}: ${line(crossValidate(rows, lambdaStumps(candidates, trees, eta)))}`)
  }
}

main()
