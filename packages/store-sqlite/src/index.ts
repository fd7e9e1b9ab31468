export { SqliteKnowledgeBase, openSqliteKnowledgeBase, type SqliteKnowledgeBaseOptions } from './sqlite-knowledge-base.js'
export { SqliteTfidfStream, type SqliteTfidfStreamOptions } from './sqlite-tfidf-stream.js'
export type {
  FileFingerprint,
  FingerprintInput,
  GenerationCommit,
  IndexStateJson,
  IndexState,
  JsonValue,
  StoredIndexState,
} from './index-state.js'
export type { DocumentVector, EmbeddedDocuments, StoredVectorEmbedder, StoredVectors, VectorCommit, VectorEmbedderRecord } from '@rag/core'
export { CorruptStoreError, IncompatibleStoreError } from './errors/store-errors.js'
export type { ChunkAudit } from './chunk-audit.js'
export { LOCK_HEARTBEAT_MS, LOCK_STALE_AFTER_MS } from './write-lock.js'
/** The write lock's types are `@rag/core`'s (every store reports its holder the same way). */
export type { AcquireWriteLockOptions, WriteLock, WriteLockOwner } from '@rag/core'
export { APPLICATION_ID, SCHEMA_VERSION } from './schema.js'
export { LAYERS_SQL } from './layer-tables.js'
export type { LayerCommit, LayerFileSelection } from '@rag/core'
