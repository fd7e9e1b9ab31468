export { InMemoryKnowledgeBase, type InMemoryKnowledgeBaseOptions } from './in-memory-knowledge-base.js'
export { KnowledgeBaseStream, type KnowledgeBaseStreamOptions } from './knowledge-base-stream.js'
