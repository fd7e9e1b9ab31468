export { describeStreamContract, type StreamContractOptions, type StreamUnderTest } from './stream-contract.js'
export { describeKnowledgeBaseContract } from './knowledge-base-contract.js'
export { doc, smallCorpus, generation, symbolChunks } from './corpus.js'
