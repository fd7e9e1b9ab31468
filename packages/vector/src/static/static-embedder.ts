import { describeValue, InvalidArgumentError, type Analyzer, type EmbedOptions, type Embedder } from '@rag/core'
import { embedLocally, LOCAL_BATCH_SIZE } from '../local-batches.js'
import { StaticEncoder } from './static-encoder.js'
import type { StaticModel } from './static-model.js'

/** Options of {@link createStaticEmbedder}. */
export interface StaticEmbedderOptions {
  /** The analyzer the model was trained with (checked by `name`). */
  readonly analyzer: Analyzer
  /**
   * Texts embedded between two yields to the event loop.
   * @default 256
   */
  readonly batchSize?: number
}

/** A static-model embedder: an `Embedder` that also exposes its model (to persist it). */
export interface StaticEmbedder extends Embedder {
  readonly model: StaticModel
}

/**
 * The no-download embedder: vectors from a {@link StaticModel} trained on the corpus. Documents
 * use the analyzer's `analyze`, queries its `analyzeQuery` (synonyms included). Its `name` is
 * `static@1:<model id>`, so vectors of a retrained model never mix with older ones.
 *
 * @throws ConfigError when the analyzer is not the model's; InvalidArgumentError for bad options.
 */
export function createStaticEmbedder(model: StaticModel, { analyzer, batchSize = LOCAL_BATCH_SIZE }: StaticEmbedderOptions): StaticEmbedder {
  if (typeof model !== 'object' || model === null || model.version !== 1) {
    throw new InvalidArgumentError(`model must be a StaticModel of version 1; received ${describeValue(model)}.`)
  }
  if (typeof analyzer !== 'object' || analyzer === null || typeof analyzer.analyze !== 'function' || typeof analyzer.analyzeQuery !== 'function') {
    throw new InvalidArgumentError(`analyzer must be an Analyzer (name, analyze, analyzeQuery); received ${describeValue(analyzer)}.`)
  }
  if (!Number.isSafeInteger(batchSize) || batchSize < 1) throw new InvalidArgumentError(`batchSize must be a positive integer; received ${describeValue(batchSize)}.`)
  const encoder = new StaticEncoder(model, analyzer)
  return Object.freeze({
    name: `static@1:${model.id}`,
    dimensions: model.dimensions,
    model,
    embed(texts: readonly string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
      const query = options.inputType === 'query'
      return embedLocally(texts, (text) => encoder.encode(text, query), options, batchSize)
    },
  })
}
