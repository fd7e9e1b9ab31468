import type { RankRequest, ScoredDocument } from './snapshot-search.js'

interface Waiting extends RankRequest {
  resolve(hits: ScoredDocument[]): void
  reject(error: unknown): void
}

/** Runs every ranking asked of one query in one snapshot. */
export type RunBatch = (terms: readonly string[], requests: readonly RankRequest[]) => Promise<ScoredDocument[][]>

/**
 * Gathers the rankings asked for the same query terms in the same turn of the event loop (the
 * BM25 and TF-IDF streams of one hybrid search ask together) and answers them from one database
 * snapshot: both streams rank the same generation, even while another server commits, and the
 * postings are read once.
 */
export class SearchBatcher {
  readonly #run: RunBatch
  readonly #open = new Map<string, Waiting[]>()

  constructor(run: RunBatch) {
    this.#run = run
  }

  /** Ranks `terms` as `request` asks, in the snapshot of this turn's batch for the same terms. */
  rank(terms: readonly string[], request: RankRequest): Promise<ScoredDocument[]> {
    const key = terms.join('\u001f')
    let batch = this.#open.get(key)
    if (batch === undefined) {
      const opened: Waiting[] = []
      batch = opened
      this.#open.set(key, opened)
      setImmediate(() => {
        this.#open.delete(key)
        this.#run(terms, opened).then(
          (results) => opened.forEach((waiting, i) => waiting.resolve(results[i]!)),
          (error: unknown) => opened.forEach((waiting) => waiting.reject(error)),
        )
      })
    }
    const joined = batch
    return new Promise((resolve, reject) => joined.push({ ...request, resolve, reject }))
  }
}
