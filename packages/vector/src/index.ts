export { VectorStream, type VectorStreamOptions, type VectorWriteOptions } from './vector-stream.js'
export { createVectorRows, MAX_ROWS, type Quantization, type VectorRows } from './vector-rows.js'
export { toUnitVector } from './unit-vector.js'
export { checkVectors } from './check-vectors.js'
export { EmbeddingError, type EmbeddingErrorOptions } from './embedding-error.js'
export { createHashEmbedder, type HashEmbedderOptions } from './hash-embedder.js'
export { createOpenAiEmbedder, type OpenAiEmbedderOptions } from './http/openai-embedder.js'
export { createOllamaEmbedder, type OllamaEmbedderOptions } from './http/ollama-embedder.js'
export type { HttpEmbedder, HttpEmbedderOptions } from './http/http-embedder.js'
export { trainStaticModel, trainStaticEmbeddings, type AnalysedTexts, type StaticEmbeddings, type StaticTrainingOptions, type TrainingTexts } from './static/train-static-model.js'
export { createStaticEmbedder, type StaticEmbedder, type StaticEmbedderOptions } from './static/static-embedder.js'
export type { StaticModel, TermFrequencyWeight } from './static/static-model.js'
export { isIdentifierQuery } from './identifier-query.js'
export { runRowBlock, SERIAL_ROWS, type RowRunner, type RowTask } from './static/row-tasks.js'
export { encodeStaticModel, decodeStaticModel } from './static/static-model-codec.js'
export {
  vocabularyCoverage,
  vocabularyDrift,
  needsRetraining,
  type VocabularyCoverage,
  type VocabularyDrift,
} from './static/vocabulary-drift.js'
