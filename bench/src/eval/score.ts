import type { Document } from '@rag/core'
import type { FunctionTarget } from '../corpus/eval-corpus.js'
import { distinctInOrder, firstRelevantRank, summarize, type Metrics } from './metrics.js'

/** The prompt budget of budget recall: 20,000 characters of chunk text, about 5,000 tokens. */
export const BUDGET_CHARS = 20_000

/** How one query went for one configuration. */
export interface Outcome {
  /** 1-based rank of the first relevant chunk in the top 10, if any. */
  readonly chunkRank: number | undefined
  /** 1-based rank of the target's file among the distinct files of the wide list, if within 10. */
  readonly fileRank: number | undefined
  /** A relevant chunk lies within the first {@link BUDGET_CHARS} characters of the wide list. */
  readonly budgetHit: boolean
}

/** Metrics of many outcomes. */
export interface Scores {
  /** Chunk level: a chunk overlapping the target function among the first k chunks. */
  readonly chunk: Metrics
  /** File level: the target's file among the first k distinct files of the top 50 chunks. */
  readonly file: Metrics
  /**
   * Share of queries with a relevant chunk among the top-50 results that fit, in rank order,
   * within {@link BUDGET_CHARS} characters (a chunk that would cross the budget does not count),
   * so chunk sizes compare at equal reading cost.
   */
  readonly budgetRecall: number
}

/**
 * Scores one query: `top10` is what a caller asking for 10 results gets, `wide` what a caller
 * asking for 50 gets (the file ranking and the budget read it).
 */
export function outcomeOf(top10: readonly Document[], wide: readonly Document[], target: FunctionTarget, relevant: ReadonlySet<string>): Outcome {
  const files = distinctInOrder(wide, (d) => String(d.metadata.file))
  let used = 0
  let budgetHit = false
  for (const doc of wide) {
    used += doc.content.length
    if (used > BUDGET_CHARS) break
    if (relevant.has(doc.id)) {
      budgetHit = true
      break
    }
  }
  return {
    chunkRank: firstRelevantRank(top10, (d) => relevant.has(d.id)),
    fileRank: firstRelevantRank(files, (f) => f === target.file),
    budgetHit,
  }
}

/** Averages outcomes into {@link Scores}. */
export function scoresOf(outcomes: readonly Outcome[]): Scores {
  return {
    chunk: summarize(outcomes.map((o) => o.chunkRank)),
    file: summarize(outcomes.map((o) => o.fileRank)),
    budgetRecall: outcomes.filter((o) => o.budgetHit).length / Math.max(1, outcomes.length),
  }
}
