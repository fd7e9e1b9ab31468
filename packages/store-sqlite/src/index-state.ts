import { RagError, type IndexStateJson, type StoredIndexState } from '@rag/core'
import { META } from './schema.js'
import type { Statements } from './statements.js'

export type { FileFingerprint, FingerprintInput, GenerationCommit, IndexStateJson, JsonValue, StoredIndexState } from '@rag/core'

/**
 * @deprecated Renamed `IndexStateJson`: `IndexState` is `@rag/ingest`'s fingerprint state (the one
 * type of that name). This alias goes in the next minor release.
 */
export type IndexState = IndexStateJson

/** The stored index state, generation counter and last commit time (read inside the caller's transaction). */
export function readStoredState(statements: Statements): StoredIndexState {
  const state = statements.getMeta.get(META.state)
  return {
    generation: Number(statements.getMeta.get(META.generation) ?? 0),
    committedAt: statements.getMeta.get(META.committedAt),
    state: state === undefined ? undefined : (JSON.parse(state) as IndexStateJson),
  }
}

/** Checks, inside the caller's write, that the store is still at the generation a commit was staged at. @throws RagError `CONFLICT` when it moved on. */
export function assertGeneration(statements: Statements, expected: number, path: string): void {
  const generation = Number(statements.getMeta.get(META.generation) ?? 0)
  if (generation !== expected) {
    throw new RagError('CONFLICT', `${path}: the index changed while this generation was staged (generation ${generation}, expected ${expected}); nothing was committed, stage it again.`)
  }
}
