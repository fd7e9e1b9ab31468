export { describeStreamContract, type StreamContractOptions, type StreamUnderTest } from './stream-contract.js'
export { describeKnowledgeBaseContract } from './knowledge-base-contract.js'
export { describeIndexedTextContract, type IndexedTextContractOptions, type IndexedTextSubject } from './indexed-text-contract.js'
export { doc, smallCorpus, generation, symbolChunks } from './corpus.js'
