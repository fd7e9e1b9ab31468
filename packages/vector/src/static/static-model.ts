/** How term weights grow with a term's count in one text. */
export type TermFrequencyWeight = 'linear' | 'log'

/**
 * A trained static embedding model: one vector per vocabulary term and one weight (idf) per term.
 * A text's vector is the weighted sum of its known terms' vectors, scaled to unit length. Plain
 * data: serialise it with `encodeStaticModel`, share it between threads, keep it with an index.
 */
export interface StaticModel {
  /** Format version of this shape. */
  readonly version: 1
  /** Content hash of the model (16 hex digits): part of the embedder's name, so a retrained model never mixes with stored vectors. */
  readonly id: string
  /** `name` of the analyzer it was trained with; embedding needs the same one. */
  readonly analyzer: string
  /** Vector length. */
  readonly dimensions: number
  /** The vocabulary; term `i` has weight `weights[i]` and vector `vectors[i * dimensions ..]`. */
  readonly terms: readonly string[]
  /** Per term: `ln(1 + N / df)` over the training texts. */
  readonly weights: Float32Array
  /** Per term, a unit vector (or zero for a term with no positive association), row-major. */
  readonly vectors: Float32Array
  /** How a term's count in a text scales its weight: `linear` (tf) or `log` (1 + ln tf). */
  readonly termFrequency: TermFrequencyWeight
  /** Share of the training texts' term occurrences outside the vocabulary: the baseline of drift. */
  readonly unknownShare: number
  /** Training texts, and the term occurrences they held. */
  readonly trainedOn: { readonly texts: number; readonly tokens: number }
}
