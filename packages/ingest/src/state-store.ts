import type { Document, Replaceable } from '@rag/core'
import type { IndexState } from './index-state.js'

/**
 * Persists a generation's chunks and the fingerprint state in one transaction, so a crash can
 * never leave new chunks with old fingerprints (or the reverse). A persistent knowledge base
 * (e.g. SQLite) offers it; `FileIndexer` then commits through it instead of
 * `knowledgeBase.replaceDocuments`, and loads the saved state before its first run.
 */
export interface IndexStateStore {
  /** Swaps chunks exactly like `replaceDocuments` and saves `state`, atomically. */
  commit(removeIds: readonly string[], addDocuments: readonly Document[], state: IndexState): Promise<void>
  /** The state saved by the last commit, or `undefined` when nothing was committed yet. */
  load(): Promise<IndexState | undefined>
}

/**
 * The first swap target of a run that persists: the first call commits `next`; a second call is
 * the undo of a later failed swap and commits `previous` again.
 */
export function persistingSwap(store: IndexStateStore, next: IndexState, previous: IndexState | undefined): Replaceable {
  let calls = 0
  const empty: IndexState = { version: 1, root: next.root, context: next.context, files: [] }
  return {
    replaceDocuments: (removeIds, addDocuments) => store.commit(removeIds, addDocuments, calls++ === 0 ? next : (previous ?? empty)),
  }
}
