import type { FileFingerprint } from '@rag/core'
import type { FingerprintRow, Statements } from './statements.js'

/** Splits an entry into its row: the fingerprint, every other number as a stat object, the chunk ids. */
function toRow(path: string, entry: FileFingerprint): FingerprintRow {
  const { fingerprint, chunkIds, ...stat } = entry
  return [path, fingerprint, JSON.stringify(stat), chunkIds === undefined ? null : JSON.stringify(chunkIds)]
}

function sameRow(a: FingerprintRow, b: FingerprintRow): boolean {
  return a[1] === b[1] && a[2] === b[2] && a[3] === b[3]
}

/** Reads every stored fingerprint, keyed by path. */
export function readFingerprints(statements: Statements): Map<string, FileFingerprint> {
  const out = new Map<string, FileFingerprint>()
  for (const [path, fingerprint, stat, chunkIds] of statements.listFingerprints.all()) {
    out.set(path, {
      fingerprint,
      ...(JSON.parse(stat) as Record<string, number>),
      ...(chunkIds === null ? {} : { chunkIds: JSON.parse(chunkIds) as string[] }),
    })
  }
  return out
}

/**
 * Makes the stored fingerprints equal `next` inside the caller's transaction, writing only rows
 * that changed: a one-file re-index of a 5,000-file repository touches one row, not 5,000.
 * Returns how many rows were written or deleted.
 */
export function syncFingerprints(statements: Statements, next: ReadonlyArray<readonly [string, FileFingerprint]>): number {
  const stored = new Map<string, FingerprintRow>()
  for (const row of statements.listFingerprints.all()) stored.set(row[0], row)
  let changed = 0
  const keep = new Set<string>()
  for (const [path, entry] of next) {
    keep.add(path)
    const row = toRow(path, entry)
    const old = stored.get(path)
    if (old !== undefined && sameRow(old, row)) continue
    statements.putFingerprint.run(...row)
    changed++
  }
  for (const path of stored.keys()) {
    if (keep.has(path)) continue
    statements.deleteFingerprint.run(path)
    changed++
  }
  return changed
}
