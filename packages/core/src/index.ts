export type { Metadata, MetadataValue, Document, Chunk, ChunkMetadata } from './document.js'
export type { JsonValue } from './json.js'
export type { SearchResult, StreamContribution } from './search-result.js'
export type { Stream } from './stream.js'
export type { KnowledgeBase, Replaceable } from './knowledge-base.js'
export type { Analyzer } from './analyzer.js'
export type { Embedder, EmbedOptions, EmbedProgress } from './embedder.js'
export type { IndexedText } from './indexed-text.js'
export type { AnalyzedDocuments } from './analyzed-documents.js'
export type { Chunker, SourceFile } from './chunker.js'
export type {
  CodeLayerName,
  LayerRecordBase,
  SymbolKind,
  SymbolRecord,
  EdgeKind,
  EdgeResolution,
  ImportedName,
  RawEdge,
  EdgeRecord,
  EntrypointKind,
  EntrypointRecord,
  LayerRecord,
} from './layers.js'
export { ENTRYPOINT_KINDS } from './layers.js'
export type { ProjectManifest, FileLayers, ChunksWithLayers, LayeredChunker } from './file-layers.js'
export { SYMBOL_KINDS } from './layers.js'
export { isLayeredChunker, MAX_STRING_CONSTANTS } from './file-layers.js'
export { CLAP_PACKAGE_WORD, dependentFramework, dependentFrameworkChoices, GLOBAL_ROUTE_FACTS, joinRoute, loadedModule } from './route-paths.js'
export { routeDistance, routeMatcher } from './route-match.js'
export { globToRegExp, isGlob } from './glob.js'
export type { PropertyRead } from './property-reads.js'
export { propertyRead, propertyReadText } from './property-reads.js'
export type { CallbackParameterRead, ParameterRead } from './parameter-reads.js'
export { callbackParameterRead, callbackParameterReadText, parameterRead, parameterReadText } from './parameter-reads.js'
export type { CompactFileLayers } from './compact-file-layers.js'
export { encodeFileLayers, decodeFileLayers, isCompactFileLayers } from './compact-file-layers.js'
export { compactLayersJson, fileLayersFromJson, fileLayersFromStoredJson, releaseCompactLayersJson } from './compact-layers-json.js'
export { attachCompressedLayers, releaseCompressedLayers, takeCompressedLayers } from './compressed-layers.js'
export type { IndexProgress, ProgressListener } from './progress.js'
export type { RagErrorCode, RagErrorOptions } from './errors.js'
export {
  RagError,
  InvalidArgumentError,
  DuplicateIdError,
  ConfigError,
  LimitExceededError,
  CancelledError,
  PathNotAllowedError,
} from './errors.js'
export { Mutex } from './mutex.js'
export { describeValue, assertTopK, assertQuery, assertWeight, assertDocument, assertDocuments, assertId, assertIds } from './validate.js'
export type { FileFingerprint, FingerprintInput, IndexStateJson, GenerationCommit, StoredIndexState } from './stored-index.js'
export { normaliseFingerprints, serialiseState } from './stored-index.js'
export { redact, describeEndpoint, bodyExcerpt, credentialsInUrl } from './http/redact.js'
export type { RetryPolicy, RetryAttempt, RetryEnding } from './http/retry.js'
export { isRetryableStatus, retryAfterMs, abortableSleep, retryWithBackoff } from './http/retry.js'
export type { LayerCommit, LayerCounts, LayerFileSelection } from './stored-layers.js'
export { assertLayerCommit, caseVariantPrefixes, isStoredEdge, qnameOfSymbolId, prefixUpperBound } from './stored-layers.js'
export type { DeferredVectorCommit, DocumentVector, EmbeddedDocuments, StoredVectorEmbedder, StoredVectors, VectorCommit, VectorEmbedderRecord } from './stored-vectors.js'
export { assertVectorCommit, resolveVectorCommit } from './stored-vectors.js'
export type { AcquireWriteLockOptions, WriteLock, WriteLockOwner } from './write-lock.js'
