import { CancelledError } from '@rag/core'

/**
 * Runs `task(0) .. task(count - 1)` with at most `concurrency` running at once, in index order of
 * start. The first failure aborts the signal given to the other tasks and is rethrown once they
 * have settled; an abort of `signal` makes the whole run reject with a `CancelledError`.
 */
export async function runPool(count: number, concurrency: number, signal: AbortSignal | undefined, task: (index: number, signal: AbortSignal) => Promise<void>): Promise<void> {
  const stop = new AbortController()
  const runSignal = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal
  let next = 0
  let failure: { error: unknown } | undefined
  const worker = async (): Promise<void> => {
    while (next < count && failure === undefined && !runSignal.aborted) {
      const index = next++
      try {
        await task(index, runSignal)
      } catch (error) {
        failure ??= { error }
        stop.abort()
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker))
  if (signal?.aborted) throw new CancelledError('Embedding was cancelled before it finished; nothing was returned.', { cause: signal.reason })
  if (failure) throw failure.error
}
