import type { Chunk, Chunker, Document, KnowledgeBase, SourceFile } from '@rag/core'

/** Every stored document as `[id, content]`, sorted by id: compare a store before and after a run. */
export async function contents(kb: Pick<KnowledgeBase, 'list'>): Promise<[string, string][]> {
  return (await kb.list()).map((doc): [string, string] => [doc.id, doc.content]).sort((a, b) => (a[0] < b[0] ? -1 : 1))
}

/** The distinct `file` values of the stored documents, sorted. */
export async function indexedFiles(kb: Pick<KnowledgeBase, 'list'>): Promise<string[]> {
  return [...new Set((await kb.list()).map((doc) => String(doc.metadata['file'])))].sort()
}

/** A store that can be read back by id (a knowledge base, a `BM25Stream`). */
export interface ReadableStore {
  get(id: string): Promise<Document | undefined>
  size(): Promise<number>
}

/** `true` when `other` holds exactly the knowledge base's documents (same ids and contents). */
export async function storesAgree(kb: Pick<KnowledgeBase, 'list'>, other: ReadableStore): Promise<boolean> {
  const docs = await kb.list()
  if ((await other.size()) !== docs.length) return false
  for (const doc of docs) if ((await other.get(doc.id))?.content !== doc.content) return false
  return true
}

/** A chunker that records the path of every file it is asked to chunk, and throws for `failOn`. */
export interface CountingChunker extends Chunker {
  readonly calls: string[]
  failOn: string | undefined
}

/** Wraps a real chunker, recording every file it is asked to chunk. */
export function countingChunker(inner: Chunker): CountingChunker {
  const wrapper: CountingChunker = {
    id: inner.id,
    calls: [],
    failOn: undefined,
    chunk(file: SourceFile): Promise<Chunk[]> {
      wrapper.calls.push(file.path)
      if (file.path === wrapper.failOn) return Promise.reject(new Error(`chunker exploded on ${file.path}`))
      return inner.chunk(file)
    },
  }
  return wrapper
}

/** Makes `target.replaceDocuments` reject while `failing` is set (a swap that fails on purpose). */
export function withFailingSwaps<T extends { replaceDocuments(removeIds: readonly string[], addDocuments: readonly Document[]): Promise<void> }>(
  target: T,
  message = 'swap failed on purpose',
): T & { failing: boolean } {
  const flaky = target as T & { failing: boolean }
  const real = target.replaceDocuments.bind(target)
  flaky.failing = false
  flaky.replaceDocuments = (removeIds, addDocuments) => (flaky.failing ? Promise.reject(new Error(message)) : real(removeIds, addDocuments))
  return flaky
}
