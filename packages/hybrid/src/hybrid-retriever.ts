import {
  assertQuery,
  assertTopK,
  assertWeight,
  ConfigError,
  InvalidArgumentError,
  RagError,
  type Document,
  type SearchResult,
  type Stream,
} from '@rag/core'
import { firstFetchDepth, maxDepthFor, TierFusion, type FetchedList } from './candidate-tiers.js'
import { resolveOptions, show, type HybridRetrieverOptions, type ResolvedOptions } from './options.js'

/** A stream and its weight, as registered with the builder. */
interface WeightedStream {
  readonly stream: Stream
  readonly weight: number
}

/** Options of one {@link HybridRetriever.retrieve}. */
export interface RetrieveOptions {
  /**
   * A positive multiplier of each document's fused score, applied before the per-file cap and the
   * cut, so the ranking still does not depend on `topK`: path priors (tests after source), a
   * definition's boost. Read once per document.
   * @default none
   */
  readonly prior?: ((document: Document) => number) | undefined
  /**
   * This retrieval's cap of results per `file` (a positive integer or `Infinity`), in place of the
   * retriever's: a search within one file wants all of its best chunks.
   * @default the retriever's `maxPerFile`
   */
  readonly maxPerFile?: number
}

/**
 * Fuses several streams (BM25, TF-IDF, vectors, your own) with weighted Reciprocal Rank Fusion.
 * Build one with {@link HybridRetriever.builder}.
 *
 * `retrieve(query, topK)` asks every stream at once for at least `minCandidates` results (more for
 * a large `topK`: `candidateMultiplier × topK`, rounded up to a tier), scores each document
 * `Σ weight / (k + rank + 1)` over the streams that returned it (rank from 0), sorts by that score
 * (ties: best single rank, then id), keeps at most `maxPerFile` results per `file` metadata value
 * and returns `topK`. The fused list is built in tiers of fixed depth (`TierFusion`), so the
 * results for `topK` are the first `topK` of the results for any larger `topK`, and the first
 * result never depends on `topK`. When the per-file cap leaves fewer than `topK` results and a
 * stream may hold more, the streams are asked again, deeper (up to `maxCandidates`), so one file
 * with thousands of matching chunks cannot hide the others. Each result's `explain` lists every
 * stream's rank, own score and share of the fused score. A stream that throws is logged and
 * skipped; if every stream throws, `retrieve` rejects with `RagError` code `ALL_STREAMS_FAILED`.
 *
 * It is a `Stream` itself (`search` is `retrieve`), so retrievers nest.
 *
 * @example
 * const retriever = HybridRetriever.builder()
 *   .stream(bm25Stream, 0.6)
 *   .stream(new KnowledgeBaseStream(knowledgeBase), 0.4)
 *   .build()
 * const results = await retriever.retrieve('authentication flow', 10)
 */
export class HybridRetriever implements Stream {
  /** The retriever's name when used as a stream. */
  readonly name: string
  readonly #streams: readonly WeightedStream[]
  readonly #options: ResolvedOptions

  private constructor(streams: readonly WeightedStream[], options: ResolvedOptions) {
    this.name = options.name
    this.#streams = streams
    this.#options = options
  }

  /**
   * Starts a builder. Options are checked here.
   *
   * @throws ConfigError for an option outside its range, naming the option and the value.
   */
  static builder(options: HybridRetrieverOptions = {}): HybridRetrieverBuilder {
    const resolved = resolveOptions(options)
    return new Builder(resolved, (streams) => new HybridRetriever(streams, resolved))
  }

  /**
   * The best `topK` documents for `query` across all streams, highest fused score first. With
   * `options.prior`, each document's fused score is multiplied by its prior before the per-file cap
   * and the cut (its `score` is the product; `explain` keeps the streams' own contributions).
   *
   * @throws InvalidArgumentError for an empty query, a `topK` that is not a positive integer, or a
   *   prior that is not a positive finite number.
   * @throws RagError with code `ALL_STREAMS_FAILED` if every stream throws; its `cause` is an
   * `AggregateError` holding each stream's error, in stream order.
   */
  async retrieve(query: string, topK: number, options: RetrieveOptions = {}): Promise<SearchResult[]> {
    assertQuery(query)
    assertTopK(topK)
    const { candidateMultiplier, k, minCandidates, maxCandidates, name } = this.#options
    const maxPerFile = options.maxPerFile ?? this.#options.maxPerFile
    if (!(maxPerFile === Number.POSITIVE_INFINITY || (Number.isSafeInteger(maxPerFile) && maxPerFile >= 1))) {
      throw new InvalidArgumentError(`maxPerFile must be a positive integer or Infinity; received ${String(maxPerFile)}.`)
    }
    const tiers = { k, maxPerFile, topK, minCandidates, candidateMultiplier, maxCandidates, prior: options.prior }
    let fetched = firstFetchDepth(tiers)
    const answers = await Promise.all(this.#streams.map(({ stream }) => ask(stream, query, fetched)))

    const lists: (FetchedList & { readonly index: number })[] = []
    const errors: unknown[] = []
    answers.forEach((answer, index) => {
      const { stream, weight } = this.#streams[index]!
      if (answer.ok) {
        lists.push({ index, stream: stream.name, weight, results: answer.results, complete: answer.results.length < fetched })
        return
      }
      errors.push(answer.error)
      this.#warnSkipped(stream.name, answer.error)
    })
    if (lists.length === 0) {
      const names = this.#streams.map(({ stream }, i) => `"${stream.name}" (${messageOf(errors[i])})`).join(', ')
      const message = `HybridRetriever "${name}": all ${errors.length} streams failed: ${names}.`
      throw new RagError('ALL_STREAMS_FAILED', message, { cause: new AggregateError(errors, message) })
    }
    const fusion = new TierFusion(tiers)
    for (;;) {
      const { results, deeper } = fusion.advance(lists, fetched)
      if (deeper === undefined) return results
      // The per-file cap left the results short: read the streams that may hold more, deeper.
      // Four times as deep covers two tiers per round, so a huge file costs few rounds.
      const depth = Math.min(Math.max(deeper, fetched * 4), maxDepthFor(tiers))
      await Promise.all(
        lists.map(async (list, at) => {
          if (list.complete) return
          const { stream } = this.#streams[list.index]!
          const answer = await ask(stream, query, depth)
          if (answer.ok) {
            lists[at] = { ...list, results: answer.results, complete: answer.results.length < depth }
          } else {
            // Keep what it gave before, as all it has: the tiers already fused from it stay as they were.
            this.#warnSkipped(stream.name, answer.error)
            lists[at] = { ...list, complete: true }
          }
        }),
      )
      fetched = depth
    }
  }

  #warnSkipped(stream: string, error: unknown): void {
    try {
      this.#options.logger.warn(`HybridRetriever "${this.#options.name}": stream "${stream}" failed and was skipped: ${messageOf(error)}`, error)
    } catch {
      // A broken logger must not turn a skipped stream into a failed retrieval.
    }
  }

  /** Same as {@link HybridRetriever.retrieve}: lets a retriever serve as a stream of another. */
  search(query: string, topK: number): Promise<SearchResult[]> {
    return this.retrieve(query, topK)
  }
}

/**
 * Collects weighted streams for a {@link HybridRetriever}; get one from
 * {@link HybridRetriever.builder}. Each `stream(...)` call is checked at once, so a mistake points
 * at the line that made it.
 */
export interface HybridRetrieverBuilder {
  /**
   * Adds a stream with its weight. Weights need not sum to 1; only their ratios matter.
   *
   * @throws InvalidArgumentError if `stream` has no non-empty `name` or no `search` method, or
   * `weight` is not a finite number greater than 0.
   * @throws ConfigError if a stream with the same name was already added.
   */
  stream(stream: Stream, weight: number): HybridRetrieverBuilder
  /**
   * The retriever over the streams added so far. The builder can keep going and build again; a
   * built retriever does not change.
   *
   * @throws ConfigError if no stream was added.
   */
  build(): HybridRetriever
}

class Builder implements HybridRetrieverBuilder {
  readonly #streams: WeightedStream[] = []
  readonly #options: ResolvedOptions
  readonly #create: (streams: readonly WeightedStream[]) => HybridRetriever

  constructor(options: ResolvedOptions, create: (streams: readonly WeightedStream[]) => HybridRetriever) {
    this.#options = options
    this.#create = create
  }

  stream(stream: Stream, weight: number): this {
    if (typeof stream?.search !== 'function' || typeof stream.name !== 'string' || stream.name.trim().length === 0) {
      const what = typeof stream?.search !== 'function' ? 'a search method' : `a non-empty name; received name ${show(stream.name)}`
      throw new InvalidArgumentError(`stream must be a Stream with ${what}.`)
    }
    assertWeight(weight, `weight of stream "${stream.name}"`)
    if (this.#streams.some((s) => s.stream.name === stream.name)) {
      throw new ConfigError(`stream "${stream.name}" was added twice; give each stream of a retriever its own name.`)
    }
    this.#streams.push({ stream, weight })
    return this
  }

  build(): HybridRetriever {
    if (this.#streams.length === 0) {
      throw new ConfigError(`HybridRetriever "${this.#options.name}" needs at least one stream; add one with .stream(stream, weight).`)
    }
    return this.#create([...this.#streams])
  }
}

type Answer = { readonly ok: true; readonly results: readonly SearchResult[] } | { readonly ok: false; readonly error: unknown }

/** Asks one stream; never rejects. A malformed answer counts as a failure of that stream. */
async function ask(stream: Stream, query: string, wanted: number): Promise<Answer> {
  try {
    const results: unknown = await stream.search(query, wanted)
    if (!Array.isArray(results)) {
      throw new InvalidArgumentError(`stream "${stream.name}" must return an array of results; received ${show(results)}.`)
    }
    results.forEach((result, i) => {
      const id = (result as SearchResult | undefined)?.document?.id
      if (typeof id !== 'string' || typeof (result as SearchResult).score !== 'number') {
        throw new InvalidArgumentError(
          `stream "${stream.name}" returned a malformed result at [${i}]: expected { document: { id: string }, score: number }.`,
        )
      }
    })
    return { ok: true, results: results.length > wanted ? results.slice(0, wanted) : results }
  } catch (error) {
    return { ok: false, error }
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
