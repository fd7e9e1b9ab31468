export type { Metadata, MetadataValue, Document, Chunk, ChunkMetadata } from './document.js'
export type { SearchResult, StreamContribution } from './search-result.js'
export type { Stream } from './stream.js'
export type { KnowledgeBase, Replaceable } from './knowledge-base.js'
export type { Analyzer } from './analyzer.js'
export { basicAnalyzer, basicTokenize, foldBasic, LOWERS_TO_ASCII } from './analyzer.js'
export type { TermResolver, TermIdPath } from './term-ids.js'
export { registerTermIdPath, termIdPath, nextEpoch } from './term-ids.js'
export { TokenMemo, type TokenMemoOptions } from './token-memo.js'
export { Uint32List } from './uint32-list.js'
export { growUint32, growUint8, growInt32, growFloat64 } from './grow.js'
export { TermTable, detach } from './term-table.js'
export type { Embedder } from './embedder.js'
export type { IndexedText } from './indexed-text.js'
export { contentText, pathAndSymbolText, symbolNames } from './indexed-text.js'
export type { Chunker, SourceFile } from './chunker.js'
export type { IndexProgress, ProgressListener } from './progress.js'
export type { RagErrorCode, RagErrorOptions } from './errors.js'
export {
  RagError,
  InvalidArgumentError,
  DuplicateIdError,
  ConfigError,
  LimitExceededError,
  CancelledError,
} from './errors.js'
export { Mutex } from './mutex.js'
export { describeValue, assertTopK, assertQuery, assertWeight, assertDocument, assertDocuments, assertIds } from './validate.js'
