/**
 * The seed pipeline, composed by hand from the packages: BM25 (0.6) + TF-IDF (0.4) fused by
 * weighted Reciprocal Rank Fusion, rendered into an injection-safe context prompt.
 *
 * Run: `pnpm --filter @rag/examples exec tsx src/compose-pipeline.ts [query]`
 */
import { resolve } from 'node:path'
import { BM25Stream, codeAwareAnalyzer } from '@rag/bm25'
import { HybridRetriever } from '@rag/hybrid'
import { InMemoryKnowledgeBase, KnowledgeBaseStream } from '@rag/kb-tfidf'
import { buildContextPrompt } from '@rag/prompt'
import { readRepository } from './read-repository.js'

const root = resolve(import.meta.dirname, '../..')
const query = process.argv[2] ?? 'reciprocal rank fusion weight per stream'

const chunks = readRepository(root, 'packages')
const knowledgeBase = new InMemoryKnowledgeBase()
// A whole repository is more than the seed's 10,000-document default; no expiry for a script.
const bm25 = new BM25Stream({ analyzer: codeAwareAnalyzer, maxDocuments: Number.POSITIVE_INFINITY, ttlMs: Number.POSITIVE_INFINITY })
await knowledgeBase.replaceDocuments([], chunks)
await bm25.replaceDocuments([], chunks)

const retriever = HybridRetriever.builder()
  .stream(bm25, 0.6)
  .stream(new KnowledgeBaseStream(knowledgeBase), 0.4)
  .build()

const results = await retriever.retrieve(query, 5)
console.log(`Indexed ${chunks.length} chunks. Top ${results.length} for "${query}":`)
for (const { document, score, explain } of results) {
  const why = explain?.map((e) => `${e.stream}#${e.rank}`).join(', ')
  console.log(`  ${String(document.metadata.file)}:${String(document.metadata.startLine)}-${String(document.metadata.endLine)}  ${score.toFixed(5)}  (${why})`)
}

const prompt = buildContextPrompt(query, results, { maxTokens: 1500 })
console.log(`\nContext prompt (${prompt.length} characters), first lines:`)
console.log(prompt.split('\n').slice(0, 8).join('\n'))
