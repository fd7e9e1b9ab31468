import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Document } from '@rag/core'
import type { EngineQuality, EngineSpeed } from '../bench-result.js'
import type { ChunkedCorpus } from '../eval/chunked-corpus.js'
import { chunksByFile, relevantChunks } from '../eval/chunked-corpus.js'
import type { Query } from '../eval/queries.js'
import { outcomeOf, scoresOf } from '../eval/score.js'
import type { EngineRequest } from './engines/registry.js'
import { runEngine, type EngineResult } from './run-engine.js'
import { percentile } from './stats.js'

/** Options shared by engine runs. */
export interface EngineRunOptions {
  /** Untimed queries before timing starts. */
  readonly warmup: number
  /** Where job and data files go. */
  readonly scratch: string
  readonly log: (line: string) => void
}

/** The speed part of a worker result. */
export function speedOf(result: EngineResult): EngineSpeed {
  return {
    label: result.label,
    settings: result.settings,
    docs: result.docs,
    indexMs: result.indexMs,
    indexCpuMs: result.indexCpuMs,
    heapBytes: result.heapBytes,
    p50Ms: percentile(result.queryMs, 50),
    p95Ms: percentile(result.queryMs, 95),
    queries: result.queryMs.length,
  }
}

/**
 * Runs each engine, one fresh process each, on the same chunks and queries (top 10, timed), and
 * returns their results in request order.
 */
export async function runEngines(requests: readonly EngineRequest[], docs: readonly Document[], queries: readonly string[], tag: string, options: EngineRunOptions & { readonly wideTopK?: number }): Promise<EngineResult[]> {
  const chunksFile = join(options.scratch, `${tag}.chunks.json`)
  const queriesFile = join(options.scratch, `${tag}.queries.json`)
  writeFileSync(chunksFile, JSON.stringify(docs))
  writeFileSync(queriesFile, JSON.stringify(queries))
  const results: EngineResult[] = []
  for (const [i, engine] of requests.entries()) {
    const started = performance.now()
    const result = await runEngine(
      { engine, chunksFile, queriesFile, warmup: options.warmup, topK: 10, ...(options.wideTopK ? { wideTopK: options.wideTopK } : {}) },
      options.scratch,
      `${tag}.${i}`,
    )
    options.log(`    ${result.label}: index ${result.indexMs.toFixed(0)} ms, p50 ${percentile(result.queryMs, 50).toFixed(2)} ms (${((performance.now() - started) / 1000).toFixed(1)} s)`)
    results.push(result)
  }
  return results
}

/**
 * Every engine on an evaluation corpus (its chunks, the given queries): quality from the ids each
 * returns, scored exactly like the `@rag` grid, plus speed.
 */
export async function engineQuality(requests: readonly EngineRequest[], chunked: ChunkedCorpus, queries: readonly Query[], options: EngineRunOptions): Promise<EngineQuality[]> {
  const byId = new Map<string, Document>(chunked.chunks.map((c) => [c.id, c]))
  const byFile = chunksByFile(chunked.chunks)
  const results = await runEngines(
    requests,
    chunked.chunks,
    queries.map((q) => q.text),
    `quality-${chunked.corpus.name}`,
    { ...options, wideTopK: 50 },
  )
  return results.map((result) => {
    const docsOf = (ids: readonly string[]): Document[] => ids.map((id) => byId.get(id)).filter((d): d is Document => d !== undefined)
    const outcomes = queries.map((q, i) => outcomeOf(docsOf(result.top[i] ?? []), docsOf(result.wide[i] ?? []), q.target, relevantChunks(byFile, q.target)))
    return { ...speedOf(result), ...scoresOf(outcomes) }
  })
}
