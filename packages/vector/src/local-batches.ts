import { CancelledError, type EmbedOptions } from '@rag/core'

/** Texts embedded between two yields to the event loop by an in-process embedder. */
export const LOCAL_BATCH_SIZE = 256

/**
 * Runs an in-process embedder over `texts` in batches of `batchSize`: between batches it yields to
 * the event loop (so a long run never blocks searches or I/O), checks the signal and reports
 * progress. `embedOne(text, i)` writes nothing shared; the result is one vector per text.
 *
 * @throws CancelledError when `signal` aborts; nothing is returned then.
 */
export async function embedLocally(
  texts: readonly string[],
  embedOne: (text: string) => Float32Array,
  { signal, onProgress }: EmbedOptions,
  batchSize = LOCAL_BATCH_SIZE,
): Promise<Float32Array[]> {
  const out: Float32Array[] = new Array(texts.length)
  for (let start = 0; start < texts.length; start += batchSize) {
    if (signal?.aborted) throw new CancelledError('Embedding was cancelled before it finished; nothing was returned.', { cause: signal.reason })
    const end = Math.min(texts.length, start + batchSize)
    for (let i = start; i < end; i++) out[i] = embedOne(texts[i]!)
    if (onProgress) {
      try {
        onProgress({ embedded: end, total: texts.length })
      } catch {
        // A listener must not break embedding.
      }
    }
    if (end < texts.length) await new Promise<void>((resolve) => setImmediate(resolve))
  }
  return out
}
