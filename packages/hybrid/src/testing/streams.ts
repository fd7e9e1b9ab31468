import { type Document, type SearchResult, type Stream } from '@rag/core'
import { basicTokenize } from '@rag/lexical'

/** A document with `file` metadata; `file` defaults to `<id>.ts`, `null` leaves it out. */
export function doc(id: string, file: string | null = `${id}.ts`, content = `content of ${id}`): Document {
  return { id, content, metadata: file === null ? {} : { file } }
}

/** A user-written stream that returns a fixed list (cut to topK) and records every call. */
export function listStream(name: string, docs: readonly Document[]): Stream & { calls: [string, number][] } {
  const calls: [string, number][] = []
  return {
    name,
    calls,
    async search(query, topK) {
      calls.push([query, topK])
      return docs.slice(0, topK).map((document, i) => ({ document, score: docs.length - i }))
    },
  }
}

/** A user-written stream that always fails with `error`. */
export function failingStream(name: string, error: unknown = new Error(`${name} is down`)): Stream {
  return {
    name,
    async search() {
      throw error
    },
  }
}

/**
 * A small real lexical stream: scores a document by how many distinct query terms it contains,
 * ties by id. Enough to run the shared Stream contract through a retriever.
 */
export function termOverlapStream(name: string, documents: readonly Document[]): Stream {
  const indexed = documents.map((document) => ({ document, terms: new Set(basicTokenize(document.content)) }))
  return {
    name,
    async search(query, topK) {
      const terms = [...new Set(basicTokenize(query))]
      const hits: SearchResult[] = []
      for (const { document, terms: docTerms } of indexed) {
        const score = terms.filter((t) => docTerms.has(t)).length
        if (score > 0) hits.push({ document, score })
      }
      hits.sort((a, b) => b.score - a.score || (a.document.id < b.document.id ? -1 : 1))
      return hits.slice(0, topK)
    },
  }
}
