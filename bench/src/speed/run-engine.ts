import { execFile } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import type { EngineRequest } from './engines/registry.js'

/** One measurement for `engine-worker.ts`: plain data written to a JSON file. */
export interface EngineJob {
  readonly engine: EngineRequest
  /** JSON array of `Document`s. */
  readonly chunksFile: string
  /** JSON array of query strings. */
  readonly queriesFile: string
  /** Queries run once, untimed, before timing starts. */
  readonly warmup: number
  /** Results per timed query. */
  readonly topK: number
  /** If set, every query again (untimed) for this many results, for file-level quality. */
  readonly wideTopK?: number
  readonly outFile: string
}

/** What one worker measured. */
export interface EngineResult {
  readonly label: string
  readonly settings: string
  readonly docs: number
  /** Wall time of indexing every document in one batch. */
  readonly indexMs: number
  /** CPU time (user + system, all threads) of that indexing: steadier than wall time on a busy machine. */
  readonly indexCpuMs: number
  /** Growth of V8 heap plus external memory (typed-array stores) after indexing and a full GC. */
  readonly heapBytes: number
  /** Wall time of each timed query, in query order. */
  readonly queryMs: number[]
  /** Ids returned for each query (top `topK`). */
  readonly top: string[][]
  /** Ids for each query at `wideTopK`, or empty. */
  readonly wide: string[][]
}

const WORKER = fileURLToPath(new URL('./engine-worker.ts', import.meta.url))

function spawnWorker(jobFile: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      [...process.execArgv, '--expose-gc', '--max-old-space-size=8192', WORKER, jobFile],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, _stdout, stderr) => (error ? reject(new Error(`engine worker failed: ${stderr || error.message}`)) : resolve()),
    )
  })
}

/**
 * Runs one engine measurement in a fresh Node process (same Node, same tsx loader, plus
 * `--expose-gc`) and returns what it measured.
 *
 * @throws Error with the child's stderr when it fails.
 */
export async function runEngine(job: Omit<EngineJob, 'outFile'>, scratch: string, tag: string): Promise<EngineResult> {
  const jobFile = join(scratch, `${tag}.job.json`)
  const outFile = join(scratch, `${tag}.out.json`)
  writeFileSync(jobFile, JSON.stringify({ ...job, outFile }))
  // A package's dist vanishes for a moment while someone rebuilds it (tsup cleans first): retry
  // that case a few times instead of losing a long run. Any other failure is thrown at once.
  for (let attempt = 1; ; attempt++) {
    try {
      await spawnWorker(jobFile)
      break
    } catch (error) {
      if (attempt >= 4 || !String((error as Error).message).includes('ERR_MODULE_NOT_FOUND')) throw error
      await sleep(5_000 * attempt)
    }
  }
  return JSON.parse(readFileSync(outFile, 'utf8')) as EngineResult
}
