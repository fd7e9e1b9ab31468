export { PostgresDatabase, openPostgresDatabase, openPostgresKnowledgeBase, type OpenPostgresDatabaseOptions, type OpenPostgresKnowledgeBaseOptions, type OpenProjectOptions, type ProjectInfo } from './postgres-database.js'
export { PostgresKnowledgeBase, type PostgresKnowledgeBaseOptions } from './postgres-knowledge-base.js'
export { describeUrl, parsePostgresUrl, type PostgresConnectionOptions } from './connection-options.js'
export type { ProjectKey } from './project-key.js'
export type { FileFingerprint, FingerprintInput, GenerationCommit, IndexStateJson, JsonValue, StoredIndexState } from '@rag/core'
export type {
  DocumentVector,
  EmbeddedDocuments,
  LayerCommit,
  LayerFileSelection,
  StoredVectorEmbedder,
  StoredVectors,
  VectorCommit,
  VectorEmbedderRecord,
} from '@rag/core'
export type { ChunkAudit } from './chunk-audit.js'
/** The write lock's types are `@rag/core`'s (every store reports its holder the same way). */
export type { AcquireWriteLockOptions, WriteLock, WriteLockOwner } from '@rag/core'
export type { MigrationReport } from './migrate.js'
export { IncompatibleStoreError } from './store-errors.js'
export { SCHEMA_VERSION, LOCK_NAMESPACE } from './schema.js'
