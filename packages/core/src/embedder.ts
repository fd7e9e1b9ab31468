/** How far an {@link Embedder.embed} call has got: told after each finished batch. */
export interface EmbedProgress {
  /** Texts embedded so far in this call. */
  readonly embedded: number
  /** Texts in this call. */
  readonly total: number
}

/**
 * Per-call options of {@link Embedder.embed}. Every member is optional, so an embedder that
 * ignores them all is still an `Embedder`.
 */
export interface EmbedOptions {
  /**
   * Cancels the call: requests in flight are aborted, no new ones start, and the promise rejects
   * with a `CancelledError`.
   * @default undefined
   */
  readonly signal?: AbortSignal
  /**
   * Told after each finished batch; must not throw (errors it throws are ignored).
   * @default undefined
   */
  readonly onProgress?: (progress: EmbedProgress) => void
  /**
   * What the texts are: chunks to index, or search queries. Models trained with instruction
   * prefixes, and analyzers with query-time synonyms, treat the two differently.
   * @default 'document'
   */
  readonly inputType?: 'document' | 'query'
}

/** Turns texts into dense vectors of a fixed dimension (Ollama, OpenAI-compatible, ONNX, ...). */
export interface Embedder {
  /**
   * A stable id including the model and anything else that changes the vectors (dimensions, a
   * trained model's hash), recorded beside stored vectors so vectors of different models never mix.
   */
  readonly name: string
  /** Length of every vector this embedder returns. */
  readonly dimensions: number
  /** One vector per input text, in input order, each of length {@link dimensions}. */
  embed(texts: readonly string[], options?: EmbedOptions): Promise<Float32Array[]>
}
