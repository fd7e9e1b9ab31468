/**
 * The time a command reports (`tookMs`), read with `process.hrtime`: the `performance` global
 * loads `node:perf_hooks` on first use, a cost a one-shot `rag search` need not pay.
 *
 * @example
 * const started = startStopwatch()
 * await work()
 * elapsedMs(started) // 12.3
 */
export function startStopwatch(): bigint {
  return process.hrtime.bigint()
}

/** Milliseconds since `started` (a {@link startStopwatch} value). */
export function elapsedMs(started: bigint): number {
  return Number(process.hrtime.bigint() - started) / 1e6
}
