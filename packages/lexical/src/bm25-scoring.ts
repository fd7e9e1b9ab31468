/** Okapi BM25 parameters. */
export interface Bm25Parameters {
  /** Term-frequency saturation. */
  readonly k1: number
  /** Length normalisation, 0 (none) to 1 (full). */
  readonly b: number
}

/**
 * The BM25 parameters of every @rag BM25 ranking (SPEC §6, seeds 000/001: k1 1.2, b 0.75). This
 * is the one place to change them: `BM25Stream` (`@rag/bm25`), the SQLite store and the session
 * presets all default to it.
 */
export const BM25_DEFAULTS: Bm25Parameters = Object.freeze({ k1: 1.2, b: 0.75 })

/**
 * The non-negative BM25 idf of Lucene, `ln(1 + (N - df + 0.5) / (df + 0.5))`, for a term found in
 * `df` of `documentCount` documents. Always > 0, even for a term in every document.
 *
 * @example
 * bm25Idf(4, 2) // ln(2) = 0.693...
 */
export function bm25Idf(documentCount: number, df: number): number {
  return Math.log(1 + (documentCount - df + 0.5) / (df + 0.5))
}

/**
 * The BM25 score of one query over one index snapshot, the one implementation of the formula
 * behind every @rag BM25 ranking (in memory and in the stores):
 *
 * score(q, d) = Σ over unique query terms t in d of idf(t) · tf · (k1 + 1) / (tf + k1 · (1 − b + b · |d| / avgdl)),
 *
 * with {@link bm25Idf}. Build one per query (it holds the snapshot's constants), call
 * {@link Bm25Scorer.idf} once per term and {@link Bm25Scorer.score} once per posting.
 *
 * @example
 * const scorer = new Bm25Scorer(BM25_DEFAULTS, documentCount, totalLength)
 * const idf = scorer.idf(df)
 * total += scorer.score(idf, tf, documentLength)
 */
export class Bm25Scorer {
  readonly #documentCount: number
  readonly #k1Plus1: number
  readonly #kConst: number
  readonly #kLength: number

  /**
   * @param documentCount live documents (N).
   * @param totalLength sum of their lengths in terms (so avgdl = totalLength / N).
   */
  constructor({ k1, b }: Bm25Parameters, documentCount: number, totalLength: number) {
    const avgdl = documentCount > 0 ? totalLength / documentCount : 0
    this.#documentCount = documentCount
    this.#k1Plus1 = k1 + 1
    this.#kConst = k1 * (1 - b)
    this.#kLength = avgdl > 0 ? (k1 * b) / avgdl : 0
  }

  /** The idf of a term held by `df` live documents. */
  idf(df: number): number {
    return bm25Idf(this.#documentCount, df)
  }

  /** One posting's share: a term with this `idf`, `tf` times in a document of `length` terms. */
  score(idf: number, tf: number, length: number): number {
    return (idf * tf * this.#k1Plus1) / (tf + this.#kConst + this.#kLength * length)
  }
}
