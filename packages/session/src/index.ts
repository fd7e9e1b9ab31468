export { RagService } from './rag-service.js'
export type { RagServiceOptions, RagIngestOptions, RagWeights, WeightedStream, IndexDirectoryOptions, BuildContextPromptOptions } from './rag-service-options.js'
export type { CommitAnalysisInit } from './commit-analysis.js'
export { recommendedRetrieval, type RecommendedRetrieval } from './recommended-retrieval.js'
export { FileIndexer, type FileIndexerOptions, type IndexOptions, type IndexReport, type IndexRepair } from './file-indexer.js'
export type { WriteAccess } from './write-access.js'
export { createGenerationStateStore, type GenerationStore, type PersistentStore, type StoredFileRecord, type StoredGeneration } from './generation-store.js'
export { statusToJson, type RagStatus, type RagStatusJson } from './status.js'
export type { ChunkAudit, IndexStateCounts, IndexStateStore, IndexStateStoreInfo, IndexStateCommitOptions, WriteLockHolder, WriteLockOptions } from './index-state-store.js'
export { createFileLocator, lineRangesOf, type FileLocator, type FileLocatorOptions, type FileLocatorSource, type FileLocation, type LocatedFile, type LocateFilesOptions } from './locate-files.js'
export type { QueryPlan, Anchor, QueryIntent } from '@rag/router'
export type { FileChunk, SignalContribution, SignalName, PathCategory } from '@rag/rank'
export { compileSearchFilter, MAX_FILTER_PATH_LENGTH, type SearchFilter, type DocumentPredicate } from './search-filter.js'
export type { SearchOptions } from './search-priors.js'
export { ADDED_DOCUMENT_PREFIX, PREVIEW_LENGTH, type DocumentInfo } from './documents.js'
export {
  ChatBindingError,
  type ChatAgent,
  type ChatKnowledgeDeclaration,
  type ChatKnowledgeSource,
} from './chat-binding.js'
export {
  GroundedChat,
  CHAT_PROVENANCE_KEYS,
  citationOf,
  groundedSystemPrompt,
  type AskOptions,
  type ChatNotice,
  type ChatNoticeCode,
  type ChatPreparation,
  type Citation,
  type GroundedChatEvent,
  type GroundedChatOptions,
} from './grounded-chat.js'
export {
  ChatError,
  ChatHistory,
  createChatClient,
  type ChatClient,
  type ChatClientOptions,
  type ChatRetry,
  type ChatFailure,
  type ChatHistoryOptions,
  type ChatMessage,
  type ChatRequestOptions,
  type ChatStreamEvent,
  type ChatTurn,
  type ChatUsage,
} from '@rag/chat'
export { createPathConfinement, PathNotAllowedError, type PathConfinement } from './path-confinement.js'
export { SessionManager, type SessionManagerOptions, type SessionEndReason } from './session-manager.js'
export { EMBEDDER_KINDS, DEFAULT_DIMENSIONS, assertEmbedderSpec, type EmbedderKind, type EmbedderSpec } from './embedder-spec.js'
export { SessionVectors } from './session-vectors.js'
export type { EmbedderSpecResolver, SessionVectorsInit, StageOptions } from './session-vectors-init.js'
export { contentHash } from './vector-persistence.js'
export type { StagedVectors, VectorReport, VectorStatus } from './staged-vectors.js'
export { isVectorPersistence, type StoredEmbedderRecord, type VectorCommitPayload, type VectorPersistence } from './vector-persistence.js'
export type { StoredDocumentChange } from './generation-store.js'
export { createRag, openRag, storeOptions, type RagPipelineOptions, type TfidfSearchable } from './create-rag.js'
export {
  ANALYZERS,
  INDEXED_TEXTS,
  PRESETS,
  resolveRetrieval,
  analyzerByStoredName,
  indexedTextByStoredName,
  type AnalyzerName,
  type IndexedTextName,
  type PresetName,
  type RetrievalOverrides,
  type RetrievalSettings,
  type RetrievalWeights,
} from './retrieval-presets.js'
export { renderContextPrompt, estimateTokens, oneLine, type ContextPromptFormat, type ContextPromptRender, type RenderStatus, type RenderedResult, type TruncatedResult } from '@rag/prompt'
export type {
  ChunkerSpec,
  FileRecord,
  IgnoreMatch,
  IgnoreOptions,
  NegationMode,
  IndexState,
  IngestionPlan,
  IngestWarning,
  Limits,
  PlannedFile,
  PlanCount,
  SkippedEntry,
  SkipReason,
  SourceOptions,
} from '@rag/ingest'
export { defaultSkipDirectories, ignoreFileNames } from './ingest-defaults.js'
/** `@rag/chunker`'s: loads web-tree-sitter's runtime now, so a host can set `--liftoff-only` after it (shells import nothing but this package). */
export { loadTreeSitterRuntime } from '@rag/chunker'
/** `@rag/chunker`'s: the languages the chunker knows (a search filter's `language` takes their ids and aliases). */
export { SUPPORTED_LANGUAGES, languageInfo } from '@rag/chunker'
export type { DependencyOptions, DependencyStep, EntrypointQuery, SymbolOptions, SymbolQuery } from './layer-api.js'
export type { LayerFileSelection, LayerSource, LayerStep, StoredLayerChange } from './session-layers.js'
export type { EdgeKind, EdgeRecord, EdgeResolution, EntrypointKind, EntrypointRecord, FileLayers, SymbolRecord } from '@rag/core'
