import type { Document, MetadataValue, SearchResult, StreamContribution } from '@rag/core'

/** One stream's answer, as fusion sees it. */
export interface RankedList {
  /** The stream's name, copied into each contribution. */
  readonly stream: string
  /** The stream's weight: a finite number greater than 0. */
  readonly weight: number
  /** The stream's results, best first. */
  readonly results: readonly SearchResult[]
}

/** Options of {@link fuse}. */
export interface FuseOptions {
  /** The RRF constant. */
  readonly k: number
  /** At most this many results per `file` metadata value (`Infinity`: no cap). */
  readonly maxPerFile: number
  /** At most this many results in all. */
  readonly topK: number
}

/** A fused document before the per-file cap: what {@link rankFused} returns, best first. */
export interface FusedCandidate {
  readonly document: Document
  /** Σ weight / (k + rank + 1) over the lists that named the document. */
  readonly score: number
  /** Best rank of the document in any list. */
  readonly bestRank: number
  /** One contribution per list that named the document, in list order. */
  readonly contributions: readonly StreamContribution[]
}

interface Candidate {
  document: Document
  /** Best rank of the document in any list; the document object comes from that list. */
  bestRank: number
  readonly contributions: StreamContribution[]
}

/**
 * Weighted Reciprocal Rank Fusion without the cut. A document's score is the sum over lists of
 * `weight / (k + rank + 1)`, rank counted from 0 after dropping repeats of an id within one list
 * (a list that names a document twice counts it once, at its first and best place). Documents are
 * merged by `document.id`, never by content; the document object returned is the one from the list
 * that ranked it best (the earlier list on a tie).
 *
 * Sorted by fused score, then best single rank, then id, so the order never depends on timing or
 * hash order. Contributions are summed smallest first, so documents with the same contributions get
 * bit-identical scores whatever the list order. `depth` cuts every list to its first `depth`
 * entries first (repeats included), as if each stream had been asked for `depth`.
 *
 * Pure and synchronous.
 */
export function rankFused(lists: readonly RankedList[], k: number, depth = Number.POSITIVE_INFINITY): FusedCandidate[] {
  const byId = new Map<string, Candidate>()
  for (const { stream, weight, results } of lists) {
    const seen = new Set<string>()
    let rank = 0
    const end = Math.min(results.length, depth)
    for (let i = 0; i < end; i++) {
      const { document, score } = results[i]!
      if (seen.has(document.id)) continue
      seen.add(document.id)
      const contribution: StreamContribution = { stream, rank, score, fused: weight / (k + rank + 1) }
      const candidate = byId.get(document.id)
      if (candidate === undefined) {
        byId.set(document.id, { document, bestRank: rank, contributions: [contribution] })
      } else {
        if (rank < candidate.bestRank) {
          candidate.bestRank = rank
          candidate.document = document
        }
        candidate.contributions.push(contribution)
      }
      rank++
    }
  }
  const ranked = [...byId.values()].map(({ document, bestRank, contributions }) => ({ document, bestRank, contributions, score: sumSmallestFirst(contributions) }))
  ranked.sort((a, b) => b.score - a.score || a.bestRank - b.bestRank || compareIds(a.document.id, b.document.id))
  return ranked
}

/**
 * Keeps at most `maxPerFile` results per `file` metadata value (counted in `perFile`, which the
 * caller may carry over from an earlier call) while appending `ranked` to `out` until `out` holds
 * `limit` results; ids in `taken` are skipped and every appended id is added to it. Holes in
 * `contributions` (lists that did not name the document) are left out of `explain`.
 */
export function appendCapped(
  ranked: readonly { readonly document: Document; readonly score: number; readonly contributions: readonly (StreamContribution | undefined)[] }[],
  out: SearchResult[],
  { limit, maxPerFile, taken, perFile }: { readonly limit: number; readonly maxPerFile: number; readonly taken: Set<string>; readonly perFile: Map<MetadataValue, number> },
): void {
  for (const { document, score, contributions } of ranked) {
    if (out.length >= limit) return
    if (taken.has(document.id)) continue
    // `?.`: a hand-written stream may return documents without metadata.
    const file = document.metadata?.file
    if (file !== undefined) {
      const count = perFile.get(file) ?? 0
      if (count >= maxPerFile) continue
      perFile.set(file, count + 1)
    }
    taken.add(document.id)
    out.push({ document, score, explain: contributions.filter((c): c is StreamContribution => c !== undefined) })
  }
}

/**
 * Weighted Reciprocal Rank Fusion ({@link rankFused}), then at most `maxPerFile` results per `file`
 * value are kept, up to `topK`.
 *
 * Pure and synchronous.
 */
export function fuse(lists: readonly RankedList[], { k, maxPerFile, topK }: FuseOptions): SearchResult[] {
  const out: SearchResult[] = []
  appendCapped(rankFused(lists, k), out, { limit: topK, maxPerFile, taken: new Set(), perFile: new Map() })
  return out
}

/** The sum of `contributions`' `fused` shares, smallest first (the same bits in any order). */
export function sumSmallestFirst(contributions: readonly StreamContribution[]): number {
  if (contributions.length === 1) return contributions[0]!.fused
  // Two shares: IEEE addition is commutative, so either order gives the sorted sum's bits.
  if (contributions.length === 2) return contributions[0]!.fused + contributions[1]!.fused
  return contributions
    .map((c) => c.fused)
    .sort((a, b) => a - b)
    .reduce((sum, x) => sum + x, 0)
}

/** Code-unit order of two ids. */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
