/**
 * Replacing a part: the TF-IDF stream swapped for a user-written one. Any object with a `name`
 * and a `search(query, topK)` is a `Stream`; here, one that scores chunks by how many query words
 * appear in their file path, so `router` finds `src/router.ts` even when its code never says it.
 *
 * Run: `pnpm --filter @rag/examples exec tsx src/custom-stream.ts [query]`
 */
import { resolve } from 'node:path'
import { BM25Stream, codeAwareAnalyzer } from '@rag/bm25'
import { assertQuery, assertTopK, type Document, type SearchResult, type Stream } from '@rag/core'
import { basicTokenize } from '@rag/lexical'
import { HybridRetriever } from '@rag/hybrid'
import { readRepository } from './read-repository.js'

/** A stream that ranks documents by the share of query words found in their `file` path. */
function createPathStream(documents: readonly Document[]): Stream {
  return {
    name: 'path',
    async search(query: string, topK: number): Promise<SearchResult[]> {
      assertQuery(query)
      assertTopK(topK)
      const words = new Set(basicTokenize(query))
      const scored: SearchResult[] = []
      for (const document of documents) {
        const path = String(document.metadata.file ?? '').toLowerCase()
        let hits = 0
        for (const word of words) if (path.includes(word)) hits++
        if (hits > 0) scored.push({ document, score: hits / words.size })
      }
      return scored.sort((a, b) => b.score - a.score || a.document.id.localeCompare(b.document.id)).slice(0, topK)
    },
  }
}

const root = resolve(import.meta.dirname, '../..')
const query = process.argv[2] ?? 'hybrid retriever builder'
const chunks = readRepository(root, 'packages')
const bm25 = new BM25Stream({ analyzer: codeAwareAnalyzer, maxDocuments: Number.POSITIVE_INFINITY, ttlMs: Number.POSITIVE_INFINITY })
await bm25.replaceDocuments([], chunks)

const retriever = HybridRetriever.builder()
  .stream(bm25, 0.6)
  .stream(createPathStream(chunks), 0.4)
  .build()

const results = await retriever.retrieve(query, 5)
console.log(`Top ${results.length} for "${query}" with a user-written path stream:`)
for (const { document, score, explain } of results) {
  const why = explain?.map((e) => `${e.stream}#${e.rank}`).join(', ')
  console.log(`  ${String(document.metadata.file)}:${String(document.metadata.startLine)}  ${score.toFixed(5)}  (${why})`)
}
