import type { Document, KnowledgeBase, SearchResult } from '@rag/core'

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/**
 * Wraps a knowledge base so every call first yields to the event loop, as a store behind a
 * network or disk does (PostgreSQL, a remote vector store). Its contents and atomicity are the
 * wrapped store's own; only the timing changes.
 */
export function withIoLatency(inner: KnowledgeBase): KnowledgeBase {
  return {
    add: async (documents: readonly Document[]) => (await tick(), inner.add(documents)),
    get: async (id: string) => (await tick(), inner.get(id)),
    remove: async (id: string) => (await tick(), inner.remove(id)),
    list: async () => (await tick(), inner.list()),
    search: async (query: string, topK: number): Promise<SearchResult[]> => (await tick(), inner.search(query, topK)),
    clear: async () => (await tick(), inner.clear()),
    size: async () => (await tick(), inner.size()),
    replaceDocuments: async (removeIds: readonly string[], addDocuments: readonly Document[]) => (await tick(), inner.replaceDocuments(removeIds, addDocuments)),
  }
}
