import { configKey, type Config } from './grid.js'
import type { Metrics } from './metrics.js'
import type { QualityRow } from './quality.js'
import type { Split } from './queries.js'

/** The score that picks configurations: chunk-level MRR@10, averaged over corpora (each corpus counts the same). */
export function macroScore(rows: readonly QualityRow[], key: string, split: Split, pick: (row: QualityRow) => number = (r) => r.chunk.mrr10): number {
  const matching = rows.filter((r) => r.key === key && r.split === split)
  return matching.length === 0 ? Number.NaN : matching.reduce((sum, r) => sum + pick(r), 0) / matching.length
}

/** A configuration with its dev score. */
export interface Ranked {
  readonly config: Config
  readonly key: string
  readonly dev: number
}

/**
 * Every configuration that `accept` keeps, best dev score first (ties: key order, so the result
 * is deterministic). Only dev rows are read.
 */
export function rankOnDev(rows: readonly QualityRow[], accept: (config: Config) => boolean = () => true): Ranked[] {
  const configs = new Map<string, Config>()
  for (const row of rows) if (accept(row.config)) configs.set(row.key, row.config)
  return [...configs.entries()]
    .map(([key, config]) => ({ key, config, dev: macroScore(rows, key, 'dev') }))
    .sort((a, b) => b.dev - a.dev || (a.key < b.key ? -1 : 1))
}

/** The row of one configuration on one corpus and split. */
export function rowOf(rows: readonly QualityRow[], config: Config, corpus: string, split: Split): QualityRow | undefined {
  const key = configKey(config)
  return rows.find((r) => r.key === key && r.corpus === corpus && r.split === split)
}

/** Mean of several metrics objects, field by field (for macro averages across corpora). */
export function meanOf(list: readonly Metrics[]): Metrics {
  const n = list.length || 1
  const sum = (f: (m: Metrics) => number): number => list.reduce((s, m) => s + f(m), 0) / n
  return {
    recall1: sum((m) => m.recall1),
    recall5: sum((m) => m.recall5),
    recall10: sum((m) => m.recall10),
    mrr10: sum((m) => m.mrr10),
    ndcg10: sum((m) => m.ndcg10),
    n: list.reduce((s, m) => s + m.n, 0),
  }
}
