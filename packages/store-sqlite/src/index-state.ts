import type { IndexStateJson } from '@rag/core'

export type { FileFingerprint, FingerprintInput, GenerationCommit, IndexStateJson, JsonValue, StoredIndexState } from '@rag/core'

/**
 * @deprecated Renamed `IndexStateJson`: `IndexState` is `@rag/ingest`'s fingerprint state (the one
 * type of that name). This alias goes in the next minor release.
 */
export type IndexState = IndexStateJson
