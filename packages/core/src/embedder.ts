/** Turns texts into dense vectors of a fixed dimension (Ollama, OpenAI-compatible, ONNX, ...). */
export interface Embedder {
  /** A stable name including the model, recorded so vectors of different models never mix. */
  readonly name: string
  /** Length of every vector this embedder returns. */
  readonly dimensions: number
  /** One vector per input text, in input order. */
  embed(texts: readonly string[]): Promise<Float32Array[]>
}
