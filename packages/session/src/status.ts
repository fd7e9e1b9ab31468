import type { LayerCounts } from '@rag/core'
import type { VectorStatus } from './staged-vectors.js'

/** What `RagService.getStatus()` reports (seed 001: file count, chunk count, last index time, indexed path). */
export interface RagStatus {
  /** The absolute, symlink-free directory last indexed, or `undefined` before the first run. */
  readonly indexedPath: string | undefined
  /** Files in the index (binary files the indexer remembers are not counted). */
  readonly fileCount: number
  /** Chunks contributed by indexed files. */
  readonly chunkCount: number
  /** Every document in the knowledge base: chunks plus documents added with `addDocument`. */
  readonly documentCount: number
  /** When the last index run committed, or `undefined` before the first run (and after `clear()`). */
  readonly lastIndexedAt: Date | undefined
  /** `true` while an index run or `clear()` of this session is in progress. */
  readonly indexing: boolean
  /** The embedder, its dimensions and how many documents have a vector; absent without an embedder. */
  readonly vectors?: VectorStatus
  /**
   * What the code layers hold (files, definitions, resolved dependency edges, entrypoints); absent
   * when the index has none and the session does not extract them (`layers: false`).
   */
  readonly layers?: LayerCounts
}

/** {@link RagStatus} as JSON: what the server's status route and the MCP `get_status` tool return. */
export interface RagStatusJson {
  readonly indexedPath: string | null
  readonly fileCount: number
  readonly chunkCount: number
  readonly documentCount: number
  /** ISO time, or `null` before the first run. */
  readonly lastIndexedAt: string | null
  readonly indexing: boolean
  /** Present only for a session with an embedder. */
  readonly vectors?: { readonly kind: string; readonly embedder: string | null; readonly dimensions: number | null; readonly embedded: number }
  /** Present only for an index with code layers (or a session that extracts them). */
  readonly layers?: LayerCounts
}

/** The one JSON form of a status, shared by every surface. */
export function statusToJson(status: RagStatus): RagStatusJson {
  return {
    indexedPath: status.indexedPath ?? null,
    fileCount: status.fileCount,
    chunkCount: status.chunkCount,
    documentCount: status.documentCount,
    lastIndexedAt: status.lastIndexedAt?.toISOString() ?? null,
    indexing: status.indexing,
    ...(status.vectors
      ? { vectors: { kind: status.vectors.kind, embedder: status.vectors.embedder ?? null, dimensions: status.vectors.dimensions ?? null, embedded: status.vectors.embedded } }
      : {}),
    ...(status.layers ? { layers: { ...status.layers } } : {}),
  }
}
