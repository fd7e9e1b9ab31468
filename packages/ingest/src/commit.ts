import type { Document, KnowledgeBase, Replaceable } from '@rag/core'

/** The outcome of {@link commitGeneration}. */
export type CommitOutcome =
  | { readonly ok: true }
  /** A swap failed. `consistent` is `true` when every earlier swap was undone. */
  | { readonly ok: false; readonly error: unknown; readonly consistent: boolean; readonly undoErrors: unknown[] }

/**
 * Swaps a staged generation in: first the knowledge base, then each stream in order (seed 001:
 * `KnowledgeBase.replaceDocuments`, then the matching `BM25Stream.replaceDocuments`). Each swap
 * is atomic in a store that implements `replaceDocuments` atomically. If a swap fails, every
 * earlier one is undone in reverse order (the added ids removed, the removed documents put back),
 * so the previous generation stands everywhere. The documents to put back are read from the
 * knowledge base before the first swap. `first` swaps in place of the knowledge base's own
 * `replaceDocuments` (a persistent store that also saves the fingerprint state).
 */
export async function commitGeneration(
  knowledgeBase: KnowledgeBase,
  streams: readonly Replaceable[],
  removeIds: readonly string[],
  addDocuments: readonly Document[],
  first: Replaceable = knowledgeBase,
): Promise<CommitOutcome> {
  if (removeIds.length === 0 && addDocuments.length === 0) return { ok: true }
  let previous: Document[] = []
  if (streams.length > 0) {
    const found = await Promise.all(removeIds.map((id) => knowledgeBase.get(id)))
    previous = found.filter((doc): doc is Document => doc !== undefined)
  }
  const addedIds = addDocuments.map((doc) => doc.id)
  const done: Replaceable[] = []
  for (const target of [first, ...streams]) {
    try {
      await target.replaceDocuments(removeIds, addDocuments)
      done.push(target)
    } catch (error) {
      const undoErrors: unknown[] = []
      for (const swapped of done.reverse()) {
        try {
          await swapped.replaceDocuments(addedIds, previous)
        } catch (undoError) {
          undoErrors.push(undoError)
        }
      }
      return { ok: false, error, consistent: undoErrors.length === 0, undoErrors }
    }
  }
  return { ok: true }
}
