import { describeValue, InvalidArgumentError, type Document, type MetadataValue, type SearchResult, type StreamContribution } from '@rag/core'
import { appendCapped, compareIds, sumSmallestFirst, type RankedList } from './fuse.js'

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
  /**
   * A multiplier of each document's fused score, applied before the per-file cap and the cut
   * (path priors, a definition's boost): a positive finite number, read once per document.
   * @default none (every multiplier 1)
   */
  readonly prior?: ((document: Document) => number) | undefined
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

interface TierCandidate {
  document: Document
  bestRank: number
  bestList: number
  /** One contribution per list, by list index (holes for lists that did not name it). */
  readonly contributions: (StreamContribution | undefined)[]
  score: number
  /** {@link TierOptions.prior} of the document. */
  readonly prior: number
  /** Got a contribution since its score was last summed. */
  dirty: boolean
  /** Placed, or its file is full: it can never be placed again. */
  dead: boolean
}

/** How far one list has been read into the candidates. */
interface ListCursor {
  next: number
  rank: number
}

/**
 * Fuses lists in tiers of fixed depth, so the result for `topK` is the first `topK` of one ranking
 * that does not depend on `topK`.
 *
 * Tier `t` has depth `d = minCandidates × 2^t`. It fuses every list cut to its first `d` entries (the
 * very scores {@link rankFused} gives at depth `d`) and fills positions up to
 * `floor(d / candidateMultiplier)` (at most `maxPerFile` per file, counted over all tiers; documents
 * placed by an earlier tier are skipped). When the per-file cap leaves a tier short, the next, deeper
 * tier fills in; so a file with thousands of matching chunks cannot hide the other files. Tiers stop
 * at `topK` results, when no stream has more, or at the deepest tier ({@link maxDepthFor}).
 *
 * With a `prior`, each candidate's fused score is multiplied by its document's before anything is
 * placed, so demoted documents fall behind and boosted ones ahead within every tier, the per-file
 * cap counting what the priors put first.
 *
 * Every tier depends only on the lists and its depth, never on `topK`: for streams whose list for
 * `n` is the first `n` of their list for any larger `n` (a total order, ties broken the same way
 * every time), `retrieve(q, a)` is the first `a` of `retrieve(q, b)` for every `a < b` while
 * `b × candidateMultiplier <= maxCandidates`, and the first result is the same for every `topK`.
 *
 * Incremental: each tier adds only the entries between the previous depth and its own, and
 * {@link TierFusion.advance} resumes where it stopped when the lists come back deeper (each longer
 * list must start with the shorter one).
 */
export class TierFusion {
  readonly #options: TierOptions
  readonly #maxDepth: number
  readonly #results: SearchResult[] = []
  readonly #taken = new Set<string>()
  readonly #perFile = new Map<MetadataValue, number>()
  readonly #byId = new Map<string, TierCandidate>()
  readonly #cursors: ListCursor[] = []
  #tier = 0

  constructor(options: TierOptions) {
    this.#options = options
    this.#maxDepth = maxDepthFor(options)
  }

  /**
   * Runs tiers over `lists` (each fetched `fetched` deep, or complete; the same lists in the same
   * order on every call) until the results are final or a tier needs the lists deeper.
   */
  advance(lists: readonly FetchedList[], fetched: number): TieredFusion {
    const { topK, candidateMultiplier, minCandidates } = this.#options
    for (; ; this.#tier++) {
      const depth = tierDepth(this.#tier, minCandidates, this.#maxDepth)
      if (depth > fetched && lists.some((list) => !list.complete)) return { results: this.#results, deeper: depth }
      // The last tier: the deepest allowed, or no list goes past this depth and no stream has more
      // (every deeper tier would fuse these very lists). It fills every position left.
      const last = depth >= this.#maxDepth || lists.every((list) => list.complete && list.results.length <= depth)
      const limit = last ? topK : Math.min(topK, Math.floor(depth / candidateMultiplier))
      this.#read(lists, depth)
      this.#place(limit)
      if (this.#results.length >= topK || last) return { results: this.#results, deeper: undefined }
    }
  }

  // Adds every list's entries up to `depth` to the candidates.
  #read(lists: readonly FetchedList[], depth: number): void {
    const { k } = this.#options
    lists.forEach(({ stream, weight, results }, index) => {
      const cursor = (this.#cursors[index] ??= { next: 0, rank: 0 })
      const end = Math.min(results.length, depth)
      for (; cursor.next < end; cursor.next++) {
        const { document, score } = results[cursor.next]!
        const candidate = this.#byId.get(document.id)
        // A list that names a document twice counts it once, at its first place: every list's
        // contribution is kept on the candidate (dead ones too), so it tells.
        if (candidate !== undefined && candidate.contributions[index] !== undefined) continue
        const rank = cursor.rank++
        const contribution: StreamContribution = { stream, rank, score, fused: weight / (k + rank + 1) }
        if (candidate === undefined) {
          const contributions: (StreamContribution | undefined)[] = new Array<StreamContribution | undefined>(lists.length).fill(undefined)
          contributions[index] = contribution
          this.#byId.set(document.id, { document, bestRank: rank, bestList: index, contributions, score: 0, prior: priorOf(this.#options.prior, document), dirty: true, dead: false })
        } else if (candidate.dead) {
          candidate.contributions[index] = contribution
        } else {
          candidate.contributions[index] = contribution
          candidate.dirty = true
          if (rank < candidate.bestRank || (rank === candidate.bestRank && index < candidate.bestList)) {
            candidate.bestRank = rank
            candidate.bestList = index
            candidate.document = document
          }
        }
      }
    })
  }

  // Sorts the live candidates and places them, capped per file, up to `limit` results.
  #place(limit: number): void {
    const live: TierCandidate[] = []
    for (const candidate of this.#byId.values()) {
      if (candidate.dead) continue
      if (candidate.dirty) {
        candidate.score = sumDefinedSmallestFirst(candidate.contributions) * candidate.prior
        candidate.dirty = false
      }
      live.push(candidate)
    }
    const { maxPerFile } = this.#options
    const caps = { limit, maxPerFile, taken: this.#taken, perFile: this.#perFile }
    // Sorting only the best few (and the rest only if the per-file cap skips too many of them)
    // places exactly what sorting every live candidate would: the comparison starts with the score.
    let rest = live
    while (this.#results.length < limit && rest.length > 0) {
      const [head, tail] = splitBest(rest, Math.max(MIN_PARTIAL, 2 * (limit - this.#results.length)))
      head.sort(byFusedRank)
      appendCapped(head, this.#results, caps)
      rest = tail
    }
    // Placed documents and documents of full files can never be placed: drop them from later sorts.
    for (const candidate of live) {
      const file = candidate.document.metadata?.file
      if (this.#taken.has(candidate.document.id) || (file !== undefined && (this.#perFile.get(file) ?? 0) >= maxPerFile)) candidate.dead = true
    }
  }
}

/** A document's multiplier under `prior`: 1 without one. @throws InvalidArgumentError for a multiplier that is not a positive finite number. */
function priorOf(prior: TierOptions['prior'], document: Document): number {
  if (prior === undefined) return 1
  const value = prior(document)
  if (!(typeof value === 'number' && Number.isFinite(value) && value > 0)) {
    throw new InvalidArgumentError(`prior(${JSON.stringify(document.id)}) must be a positive finite number; received ${describeValue(value)}.`)
  }
  return value
}

/** Fewer live candidates than this are sorted whole. */
const MIN_PARTIAL = 32

/** Best first: fused score, then best rank in any list, then id. */
function byFusedRank(a: TierCandidate, b: TierCandidate): number {
  return b.score - a.score || a.bestRank - b.bestRank || compareIds(a.document.id, b.document.id)
}

/**
 * `candidates` split into those scoring at least the `want`-th best score (at least `want` of them,
 * ties included) and the rest, each every score of the first above every score of the second.
 * With fewer than twice `want` candidates, all are the head.
 */
function splitBest(candidates: TierCandidate[], want: number): [TierCandidate[], TierCandidate[]] {
  if (candidates.length < 2 * want) return [candidates, []]
  const scores = new Float64Array(candidates.length)
  for (let i = 0; i < candidates.length; i++) scores[i] = candidates[i]!.score
  scores.sort()
  const cutoff = scores[candidates.length - want]!
  const head: TierCandidate[] = []
  const tail: TierCandidate[] = []
  for (const candidate of candidates) (candidate.score >= cutoff ? head : tail).push(candidate)
  return [head, tail]
}

function isDefined<T>(value: T | undefined): value is T {
  return value !== undefined
}

/** {@link sumSmallestFirst} of the contributions present (holes skipped); allocates only for three or more. */
function sumDefinedSmallestFirst(contributions: readonly (StreamContribution | undefined)[]): number {
  let first: StreamContribution | undefined
  let second: StreamContribution | undefined
  let count = 0
  for (const contribution of contributions) {
    if (contribution === undefined) continue
    if (count === 0) first = contribution
    else if (count === 1) second = contribution
    count++
  }
  if (count === 1) return first!.fused
  if (count === 2) return first!.fused + second!.fused
  return sumSmallestFirst(contributions.filter(isDefined))
}

/** {@link TierFusion} in one call, for lists fetched `fetched` deep. Pure and synchronous. */
export function fuseInTiers(lists: readonly FetchedList[], fetched: number, options: TierOptions): TieredFusion {
  return new TierFusion(options).advance(lists, fetched)
}
