export { describeStreamContract, type StreamContractOptions, type StreamUnderTest } from './stream-contract.js'
export { describeKnowledgeBaseContract } from './knowledge-base-contract.js'
export { describeIndexedTextContract, type IndexedTextContractOptions, type IndexedTextSubject } from './indexed-text-contract.js'
export { doc, smallCorpus, generation, symbolChunks } from './corpus.js'
export { contents, indexedFiles, storesAgree, countingChunker, withFailingSwaps, type CountingChunker, type ReadableStore } from './store-fixtures.js'
export {
  startOpenAiChatServer,
  type ChatReply,
  type OpenAiChatServer,
  type OpenAiChatServerOptions,
  type SeenChatRequest,
} from './openai-chat-server.js'
export { pythonStdlibDir, copyStdlibSubset, STDLIB_SUBSET } from './python-stdlib.js'
export {
  startEmbeddingServer,
  expectedVector,
  type EmbeddingServer,
  type EmbeddingServerOptions,
  type Misbehaviour,
  type SeenRequest,
} from './embedding-server.js'
export { seededRandom, randomWordQueries } from './random-queries.js'
export { runChild, killChildren, type ChildRun } from './child-process.js'
export {
  describeLayerStoreContract,
  layerEdge,
  layerFile,
  layerRoute,
  layerSymbol,
  type LayerRows,
  type LayerStore,
  type LayerStoreHarness,
  type PersistentStoreHarness,
} from './layer-store-contract.js'
export { describeVectorStoreContract, type VectorStore } from './vector-store-contract.js'
