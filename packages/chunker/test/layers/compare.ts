/** Recall and precision of one multiset of keys against another, with a few misses on each side for the report. */
export interface Agreement {
  readonly expected: number
  readonly found: number
  readonly matched: number
  readonly recall: number
  readonly precision: number
  /** Up to 20 expected keys that were not found. */
  readonly missed: string[]
  /** Up to 20 found keys that were not expected. */
  readonly extra: string[]
}

/** Compares two lists of keys as multisets (a key may occur more than once on either side). */
export function agreement(expected: readonly string[], found: readonly string[]): Agreement {
  const counts = new Map<string, number>()
  for (const key of expected) counts.set(key, (counts.get(key) ?? 0) + 1)
  let matched = 0
  const extra: string[] = []
  for (const key of found) {
    const left = counts.get(key) ?? 0
    if (left > 0) {
      counts.set(key, left - 1)
      matched++
    } else if (extra.length < 20) extra.push(key)
  }
  const missed: string[] = []
  for (const [key, left] of counts) for (let i = 0; i < left && missed.length < 20; i++) missed.push(key)
  return {
    expected: expected.length,
    found: found.length,
    matched,
    recall: expected.length === 0 ? 1 : matched / expected.length,
    precision: found.length === 0 ? 1 : matched / found.length,
    missed,
    extra,
  }
}

/** `recall 0.991 (5120/5166), precision 0.987 (5120/5187)`. */
export function describeAgreement(a: Agreement): string {
  return `recall ${a.recall.toFixed(3)} (${a.matched}/${a.expected}), precision ${a.precision.toFixed(3)} (${a.matched}/${a.found})`
}

/**
 * Time an oracle test may take: it parses hundreds of real files and runs the real compiler or
 * interpreter over them. Seconds on an idle machine; far longer when CI runs the other packages'
 * process-heavy tests on the same two cores (30 s was exceeded there).
 */
export const ORACLE_TIMEOUT_MS = 180_000
