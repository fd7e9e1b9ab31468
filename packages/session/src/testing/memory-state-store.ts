import type { Document, KnowledgeBase } from '@rag/core'
import type { IndexState } from '@rag/ingest'
import type { IndexStateStore, IndexStateStoreInfo } from '../index-state-store.js'

/** An {@link IndexStateStore} over any knowledge base, with the state held beside it in memory. */
export interface MemoryStateStore extends IndexStateStore {
  readonly knowledgeBase: KnowledgeBase
  info(): Promise<IndexStateStoreInfo>
}

/**
 * A state store over `knowledgeBase`, keeping the state and a generation counter in memory, so
 * several services can share it like processes share one SQLite file. `withInfo: false` leaves
 * out `info()`.
 */
export function createMemoryStateStore(knowledgeBase: KnowledgeBase, clock: () => number = Date.now): MemoryStateStore {
  let state: IndexState | undefined
  let generation = 0
  let indexedAt: string | undefined
  return {
    knowledgeBase,
    async commit(removeIds: readonly string[], addDocuments: readonly Document[], next: IndexState) {
      await knowledgeBase.replaceDocuments(removeIds, addDocuments)
      state = structuredClone(next)
      indexedAt = new Date(clock()).toISOString()
      generation++
    },
    async load() {
      return state === undefined ? undefined : structuredClone(state)
    },
    async info() {
      return { generation, ...(indexedAt ? { indexedAt } : {}) }
    },
    async clear() {
      state = undefined
      indexedAt = undefined
      generation++
    },
  }
}
