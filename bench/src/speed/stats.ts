/** The `p`-th percentile (0-100) of `values` by the nearest-rank method; 0 for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)))
  return sorted[rank - 1]!
}

/** The median of `values`; 0 for none. */
export function median(values: readonly number[]): number {
  return percentile(values, 50)
}

/** Milliseconds since `start` (a `performance.now()` value). */
export function since(start: number): number {
  return performance.now() - start
}
