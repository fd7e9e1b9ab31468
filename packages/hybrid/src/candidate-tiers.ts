import type { MetadataValue, SearchResult } from '@rag/core'
import { appendCapped, rankFused, type RankedList } from './fuse.js'

/** How deep the streams are read, and how the fused list is built from their lists. */
export interface TierOptions {
  /** The RRF constant. */
  readonly k: number
  /** At most this many results per `file` metadata value (`Infinity`: no cap). */
  readonly maxPerFile: number
  /** The results wanted. */
  readonly topK: number
  /** Depth of the shallowest tier: every stream is read at least this deep. */
  readonly minCandidates: number
  /** A tier of depth `d` places results up to position `floor(d / candidateMultiplier)`. */
  readonly candidateMultiplier: number
  /** Streams are read deeper only up to this depth (or the depth `topK` itself needs, if more). */
  readonly maxCandidates: number
}

/** One stream's list as fetched, and whether the stream has nothing beyond it. */
export interface FetchedList extends RankedList {
  /** `true` when the stream returned fewer results than it was asked for: it has no more. */
  readonly complete: boolean
}

/** What {@link fuseInTiers} could build from the lists it was given. */
export interface TieredFusion {
  /** The fused results so far, at most `topK`. */
  readonly results: SearchResult[]
  /**
   * The depth the streams must be read to for the next tier, when the results are short of `topK`
   * and a stream may hold more than was fetched; `undefined` when the results are final.
   */
  readonly deeper: number | undefined
}

/**
 * The depth of tier `tier`: `minCandidates × 2^tier`, never past `maxDepth`.
 */
export function tierDepth(tier: number, minCandidates: number, maxDepth: number): number {
  return Math.min(minCandidates * 2 ** tier, maxDepth)
}

/**
 * The deepest any stream is read for `topK`: `maxCandidates`, or more when `topK` itself needs it
 * (the depth of the first tier whose positions reach `topK`).
 */
export function maxDepthFor({ topK, minCandidates, candidateMultiplier, maxCandidates }: Omit<TierOptions, 'k' | 'maxPerFile'>): number {
  let depth = minCandidates
  while (Math.floor(depth / candidateMultiplier) < topK && depth < Number.MAX_SAFE_INTEGER / 2) depth *= 2
  return Math.max(maxCandidates, depth)
}

/** The depth the first fetch needs for `topK`: the first tier whose positions reach `topK`. */
export function firstFetchDepth(options: Omit<TierOptions, 'k' | 'maxPerFile'>): number {
  const maxDepth = maxDepthFor(options)
  for (let tier = 0; ; tier++) {
    const depth = tierDepth(tier, options.minCandidates, maxDepth)
    if (Math.floor(depth / options.candidateMultiplier) >= options.topK || depth >= maxDepth) return depth
  }
}

/**
 * Fuses `lists` (each fetched `fetched` deep, or complete) in tiers of fixed depth, so the result
 * for `topK` is the first `topK` of one ranking that does not depend on `topK`.
 *
 * Tier `t` has depth `d = minCandidates × 2^t`. It fuses every list cut to its first `d` entries and
 * fills positions up to `floor(d / candidateMultiplier)` (at most `maxPerFile` per file, counted over
 * all tiers; documents placed by an earlier tier are skipped). When the per-file cap leaves a tier
 * short, the next, deeper tier fills in; so a file with thousands of matching chunks cannot hide the
 * other files. Tiers stop at `topK` results, when no stream has more, or at the deepest tier
 * ({@link maxDepthFor}).
 *
 * Every tier depends only on the lists and its depth, never on `topK`: for streams whose list for
 * `n` is the first `n` of their list for any larger `n` (a total order, ties broken the same way
 * every time), `retrieve(q, a)` is the first `a` of `retrieve(q, b)` for every `a < b` while
 * `b × candidateMultiplier <= maxCandidates`, and the first result is the same for every `topK`.
 *
 * Pure and synchronous.
 */
export function fuseInTiers(lists: readonly FetchedList[], fetched: number, options: TierOptions): TieredFusion {
  const { k, maxPerFile, topK, minCandidates, candidateMultiplier } = options
  const maxDepth = maxDepthFor(options)
  const results: SearchResult[] = []
  const taken = new Set<string>()
  const perFile = new Map<MetadataValue, number>()
  for (let tier = 0; ; tier++) {
    const depth = tierDepth(tier, minCandidates, maxDepth)
    if (depth > fetched && lists.some((list) => !list.complete)) return { results, deeper: depth }
    // The last tier: the deepest allowed, or no list goes past this depth and no stream has more
    // (every deeper tier would fuse these very lists). It fills every position left.
    const last = depth >= maxDepth || lists.every((list) => list.complete && list.results.length <= depth)
    const limit = last ? topK : Math.min(topK, Math.floor(depth / candidateMultiplier))
    appendCapped(rankFused(lists, k, depth), results, { limit, maxPerFile, taken, perFile })
    if (results.length >= topK || last) return { results, deeper: undefined }
  }
}
