import { availableParallelism } from 'node:os'
import { CancelledError, type Chunker } from '@rag/core'
import type { ChunkerSpec } from './chunker-spec.js'
import { detectFormat } from './format-detection.js'
import { processFile, type FileResult, type FileTask } from './process-file.js'
import { readRegularFile } from './read-file.js'
import { WorkerPool } from './worker-pool.js'

/** How {@link runTasks} runs: on worker threads or on the calling thread. */
export interface TaskRunnerConfig {
  /** The calling thread's chunker, used when no pool runs. */
  readonly chunker: Chunker
  /** The serialisable description workers build their chunker from; absent for a `Chunker` instance. */
  readonly spec: ChunkerSpec | undefined
  /** Built worker script, or `undefined` when there is none (running from sources). */
  readonly script: URL | undefined
  /** Maximum number of worker threads; 0 chunks on the calling thread. */
  readonly workers: number
  /** Below this many bytes to read, the calling thread does the work (a pool costs ~100 ms to start). */
  readonly thresholdBytes: number
}

/** Default worker count: every core the process may use. */
export function defaultWorkerCount(): number {
  return availableParallelism()
}

// Files read at once on the calling thread: overlaps I/O with chunking.
const LOCAL_CONCURRENCY = 4

/**
 * Chunks one tiny file per code language of the run on the calling thread, so its chunker has
 * compiled those grammars before the workers run. Without this, the first later run on the
 * calling thread (a one-file edit) can wait seconds: V8 compiles WebAssembly on shared background
 * threads, which stay busy optimising the grammars the workers used after the pool is gone.
 * Failures are ignored: the real run reports them.
 */
async function primeCallingThread(chunker: Chunker, tasks: readonly FileTask[]): Promise<void> {
  const languages = new Set<string>()
  for (const task of tasks) {
    const detected = detectFormat(task.path, '')
    if (detected.format === 'code' && detected.language) languages.add(detected.language)
  }
  for (const language of languages) {
    await chunker.chunk({ path: `prime.${language}`, content: 'x\n', format: 'code', language }).catch(() => undefined)
  }
}

/**
 * Runs every task and hands each result to `onResult` as it arrives (for progress and running
 * totals). `onResult` may throw to stop the run: the pool is terminated and the error rethrown.
 * Aborting `signal` stops the run with a `CancelledError`. Worker threads, when used, are always
 * terminated before this returns.
 *
 * @returns the number of worker threads used (0 for the calling thread).
 */
export async function runTasks(
  tasks: readonly FileTask[],
  sizes: readonly number[],
  config: TaskRunnerConfig,
  onResult: (result: FileResult) => void,
  signal?: AbortSignal,
): Promise<number> {
  const totalBytes = sizes.reduce((a, b) => a + b, 0)
  const threads = Math.min(config.workers, tasks.length)
  const usePool = config.spec !== undefined && config.script !== undefined && threads >= 1 && tasks.length >= 2 && totalBytes >= config.thresholdBytes
  let stopError: unknown
  const stop = (error: unknown): void => {
    stopError ??= error
  }
  const onAbort = (): void => stop(new CancelledError('The index run was cancelled while reading and chunking; nothing was committed.'))
  signal?.addEventListener('abort', onAbort, { once: true })
  if (signal?.aborted) onAbort()
  try {
    if (usePool) {
      // Largest files first, so one big file does not finish alone at the end.
      const order = tasks.map((_, i) => i).sort((a, b) => sizes[b]! - sizes[a]!)
      const pool = new WorkerPool(threads, config.script!, config.spec!)
      const priming = primeCallingThread(config.chunker, tasks)
      const closeOnStop = (): void => void pool.close(stopError)
      signal?.addEventListener('abort', closeOnStop, { once: true })
      try {
        await Promise.all(
          order.map((i) =>
            pool.run(tasks[i]!).then(
              (result) => {
                if (stopError !== undefined) return
                try {
                  onResult(result)
                } catch (error) {
                  stop(error)
                  closeOnStop()
                }
              },
              (error: unknown) => {
                stop(error)
                closeOnStop()
              },
            ),
          ),
        )
      } finally {
        signal?.removeEventListener('abort', closeOnStop)
        await Promise.all([pool.close(), priming])
      }
      if (stopError !== undefined) throw stopError
      return threads
    }
    const getChunker = (): Promise<Chunker> => Promise.resolve(config.chunker)
    let next = 0
    const lane = async (): Promise<void> => {
      while (stopError === undefined && next < tasks.length) {
        const result = await processFile(tasks[next++]!, readRegularFile, getChunker)
        if (stopError !== undefined) return
        try {
          onResult(result)
        } catch (error) {
          stop(error)
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(LOCAL_CONCURRENCY, tasks.length) }, lane))
    if (stopError !== undefined) throw stopError
    return 0
  } finally {
    signal?.removeEventListener('abort', onAbort)
  }
}
