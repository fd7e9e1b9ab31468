/**
 * The TF-IDF score of @rag's knowledge bases (Lucene's ClassicSimilarity without query norm), the
 * one implementation of the formula behind every @rag TF-IDF ranking (in memory and in the stores):
 *
 * score(q, d) = norm(d) · Σ over unique query terms t in d of tf(t, d) · termWeight(t),
 *
 * with `tf = 1 + ln tf` ({@link tfidfTf}), `termWeight = idf²` where `idf = 1 + ln(N / (df + 1))`
 * ({@link tfidfTermWeight}) and `norm = 1/√|d|` ({@link tfidfNorm}). The sum runs in query order.
 */
export function tfidfTermWeight(documentCount: number, df: number): number {
  const idf = 1 + Math.log(documentCount / (df + 1))
  return idf * idf
}

// `1 + ln tf` for small term frequencies, so query loops rarely call `Math.log` (same values).
const LOG_TF = new Float64Array(1024).map((_, tf) => (tf === 0 ? 0 : 1 + Math.log(tf)))

/** The sublinear term-frequency factor `1 + ln tf` of {@link tfidfTermWeight}'s formula (`tf` >= 1). */
export function tfidfTf(tf: number): number {
  return tf < LOG_TF.length ? LOG_TF[tf]! : 1 + Math.log(tf)
}

/** The length norm `1/√|d|` of {@link tfidfTermWeight}'s formula (0 for a document with no terms). */
export function tfidfNorm(length: number): number {
  return length === 0 ? 0 : 1 / Math.sqrt(length)
}
