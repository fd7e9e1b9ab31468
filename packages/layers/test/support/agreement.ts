/** How resolved imports compare with an oracle's. */
export interface ImportAgreement {
  /** Imports the oracle resolves to a file inside the root. */
  readonly inRoot: number
  /** Of those, resolved to the same file. */
  readonly right: number
  /** Resolved to a file the oracle does not name (another file, or one where the oracle finds none in the root). */
  readonly wrong: number
  readonly missedSamples: string[]
  readonly wrongSamples: string[]
}

/** Compares expected (oracle) and actual targets per import key; `undefined` means "no file in the root". */
export function compareImports(expected: ReadonlyMap<string, string | undefined>, actual: ReadonlyMap<string, string | undefined>): ImportAgreement {
  let inRoot = 0
  let right = 0
  let wrong = 0
  const missedSamples: string[] = []
  const wrongSamples: string[] = []
  for (const [key, want] of expected) {
    const got = actual.get(key)
    if (want !== undefined) {
      inRoot++
      if (got === want) right++
      else if (got === undefined) {
        if (missedSamples.length < 15) missedSamples.push(`${key} -> expected ${want}`)
      }
    }
    if (got !== undefined && got !== want) {
      wrong++
      if (wrongSamples.length < 15) wrongSamples.push(`${key} -> ${got}, expected ${want ?? 'no file'}`)
    }
  }
  return { inRoot, right, wrong, missedSamples, wrongSamples }
}

/**
 * Time an oracle test may take: it parses hundreds of real files and asks the real compiler or
 * interpreter about each import. About 4 s on an idle machine; far longer when CI runs the other
 * packages' process-heavy tests on the same two cores.
 */
export const ORACLE_TIMEOUT_MS = 180_000
