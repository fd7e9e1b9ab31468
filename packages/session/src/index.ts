export { RagService, type IndexDirectoryOptions, type BuildContextPromptOptions } from './rag-service.js'
export type { RagServiceOptions, RagWeights, WeightedStream } from './rag-service-options.js'
export { recommendedRetrieval, type RecommendedRetrieval } from './recommended-retrieval.js'
export type { RagIngestOptions } from './session-indexer.js'
export type { RagStatus } from './status.js'
export type { IndexStateStore, IndexStateStoreInfo } from './index-state-store.js'
export { compileSearchFilter, type SearchFilter, type DocumentPredicate } from './search-filter.js'
export { ADDED_DOCUMENT_PREFIX, PREVIEW_LENGTH, type DocumentInfo } from './documents.js'
export {
  ChatBindingError,
  type ChatAgent,
  type ChatKnowledgeDeclaration,
  type ChatKnowledgeSource,
} from './chat-binding.js'
export { createPathConfinement, PathNotAllowedError, type PathConfinement } from './path-confinement.js'
export { SessionManager, type SessionManagerOptions, type SessionEndReason } from './session-manager.js'
