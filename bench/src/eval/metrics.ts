/** Retrieval quality of one configuration over a set of queries (means, in [0, 1]). */
export interface Metrics {
  readonly recall1: number
  readonly recall5: number
  readonly recall10: number
  readonly mrr10: number
  readonly ndcg10: number
  /** Standard error of `mrr10` (sample standard deviation / sqrt(n)): differences well below two of these are noise. */
  readonly mrr10StdErr?: number
  /** Number of queries averaged. */
  readonly n: number
}

/**
 * The 1-based rank of the first relevant item among the first `depth`, or `undefined`.
 */
export function firstRelevantRank<T>(ranked: readonly T[], isRelevant: (item: T) => boolean, depth = 10): number | undefined {
  const end = Math.min(depth, ranked.length)
  for (let i = 0; i < end; i++) if (isRelevant(ranked[i]!)) return i + 1
  return undefined
}

/**
 * Averages per-query ranks into {@link Metrics}. Each query has one target (a function, or its
 * file), so: Recall@k is 1 when the first relevant item is within the first k; MRR@10 is
 * 1 / rank within 10, else 0; nDCG@10 gives gain 1 to the first relevant item only (the target
 * counts once however many of its chunks are retrieved) and an ideal DCG of 1, so it is
 * 1 / log2(rank + 1).
 */
export function summarize(ranks: readonly (number | undefined)[]): Metrics {
  let r1 = 0
  let r5 = 0
  let r10 = 0
  let mrr = 0
  let ndcg = 0
  let mrrSquares = 0
  for (const rank of ranks) {
    if (rank === undefined || rank > 10) continue
    mrrSquares += 1 / (rank * rank)
    if (rank <= 1) r1++
    if (rank <= 5) r5++
    r10++
    mrr += 1 / rank
    ndcg += 1 / Math.log2(rank + 1)
  }
  const n = ranks.length
  const mean = (x: number): number => (n === 0 ? 0 : x / n)
  const variance = n > 1 ? (mrrSquares - (mrr * mrr) / n) / (n - 1) : 0
  const mrr10StdErr = n > 1 ? Math.sqrt(Math.max(0, variance) / n) : 0
  return { recall1: mean(r1), recall5: mean(r5), recall10: mean(r10), mrr10: mean(mrr), ndcg10: mean(ndcg), mrr10StdErr, n }
}

/** The distinct values of `key` in order of first appearance: a chunk ranking turned into a file ranking. */
export function distinctInOrder<T>(items: readonly T[], key: (item: T) => string): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const item of items) {
    const k = key(item)
    if (!seen.has(k)) {
      seen.add(k)
      out.push(k)
    }
  }
  return out
}

/** How one ranked list did against a query with one or more relevant items. */
export interface ListOutcome {
  /** Share of the relevant items among the first 1, 5 and 10. */
  readonly recall1: number
  readonly recall5: number
  readonly recall10: number
  /** 1 / rank of the first relevant item within 10, else 0. */
  readonly rr10: number
  /** Binary-gain nDCG@10; the ideal list puts min(relevant, 10) relevant items first. */
  readonly ndcg10: number
  /** Share of the relevant items anywhere in the list (how deep lists cap what reranking can reach). */
  readonly recallAll: number
}

/**
 * Scores a ranked list (distinct items, best first) against `relevant`, as the commit-localization
 * data set defines its metrics: Recall@k is the share of relevant items in the first k, MRR@10 the
 * reciprocal rank of the first relevant item within 10, nDCG@10 binary gain over the first 10
 * with an ideal DCG of min(|relevant|, 10) hits first.
 */
export function listOutcome(ranked: readonly string[], relevant: ReadonlySet<string>): ListOutcome {
  let hits1 = 0
  let hits5 = 0
  let hits10 = 0
  let hitsAll = 0
  let rr10 = 0
  let dcg = 0
  for (let i = 0; i < ranked.length; i++) {
    if (!relevant.has(ranked[i]!)) continue
    hitsAll++
    if (i >= 10) continue
    if (i < 1) hits1++
    if (i < 5) hits5++
    hits10++
    if (rr10 === 0) rr10 = 1 / (i + 1)
    dcg += 1 / Math.log2(i + 2)
  }
  let ideal = 0
  for (let i = 0; i < Math.min(relevant.size, 10); i++) ideal += 1 / Math.log2(i + 2)
  const n = Math.max(1, relevant.size)
  return { recall1: hits1 / n, recall5: hits5 / n, recall10: hits10 / n, rr10, ndcg10: ideal === 0 ? 0 : dcg / ideal, recallAll: hitsAll / n }
}

/** Averages {@link listOutcome}s into {@link Metrics} (with the standard error of MRR@10). */
export function summarizeLists(outcomes: readonly ListOutcome[]): Metrics & { readonly recallAll: number } {
  const n = outcomes.length
  const mean = (pick: (o: ListOutcome) => number): number => (n === 0 ? 0 : outcomes.reduce((s, o) => s + pick(o), 0) / n)
  const mrr10 = mean((o) => o.rr10)
  const variance = n > 1 ? outcomes.reduce((s, o) => s + (o.rr10 - mrr10) ** 2, 0) / (n - 1) : 0
  return {
    recall1: mean((o) => o.recall1),
    recall5: mean((o) => o.recall5),
    recall10: mean((o) => o.recall10),
    mrr10,
    ndcg10: mean((o) => o.ndcg10),
    mrr10StdErr: n > 1 ? Math.sqrt(variance / n) : 0,
    recallAll: mean((o) => o.recallAll),
    n,
  }
}
