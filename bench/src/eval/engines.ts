import type { Analyzer, Document, SearchResult, Stream } from '@rag/core'
import { basicAnalyzer } from '@rag/lexical'
import { BM25Stream, codeAwareAnalyzer, compatibleAnalyzer } from '@rag/bm25'
import { InMemoryKnowledgeBase, KnowledgeBaseStream } from '@rag/kb-tfidf'
import { openSqliteKnowledgeBase, SqliteTfidfStream } from '@rag/store-sqlite'

/** The analyzers compared: core's `basicAnalyzer` (the knowledge base's default), and the two of `@rag/bm25`. */
export type AnalyzerName = 'basic' | 'compatible' | 'code-aware'

/**
 * The two lexical streams of `@rag`: in memory (`BM25Stream`, `InMemoryKnowledgeBase`), or as the
 * CLI runs them from a `SqliteKnowledgeBase` (`search`, BM25, and `searchTfidf`, both computed from its FTS5 index).
 */
export type EngineName = 'bm25' | 'tfidf' | 'sqlite-bm25' | 'sqlite-tfidf'

/** One stream to build: an engine with an analyzer. */
export interface StreamVariant {
  readonly engine: EngineName
  readonly analyzer: AnalyzerName
}

/** The analyzer object for a name. */
export function analyzerOf(name: AnalyzerName): Analyzer {
  return name === 'basic' ? basicAnalyzer : name === 'compatible' ? compatibleAnalyzer : codeAwareAnalyzer
}

/** `bm25:code-aware` and the like. */
export function variantKey(variant: StreamVariant): string {
  return `${variant.engine}:${variant.analyzer}`
}

/**
 * Builds the stream: a `BM25Stream` (no capacity limit, no expiry: a benchmark must not evict),
 * an `InMemoryKnowledgeBase` behind a `KnowledgeBaseStream`, or a private in-memory SQLite store
 * searched by BM25 (`search`) or TF-IDF (`searchTfidf`), loaded with `docs` in one batch. Call `close` when done.
 */
export async function buildStream(variant: StreamVariant, docs: readonly Document[]): Promise<{ stream: Stream; indexMs: number; close(): Promise<void> }> {
  const analyzer = analyzerOf(variant.analyzer)
  const started = performance.now()
  if (variant.engine === 'sqlite-bm25' || variant.engine === 'sqlite-tfidf') {
    const store = await openSqliteKnowledgeBase(':memory:', { analyzer })
    await store.add(docs)
    const stream: Stream = variant.engine === 'sqlite-tfidf' ? new SqliteTfidfStream(store) : { name: 'bm25', search: (q, k) => store.search(q, k) }
    return { stream, indexMs: performance.now() - started, close: () => store.close() }
  }
  const none = async (): Promise<void> => undefined
  if (variant.engine === 'bm25') {
    const bm25 = new BM25Stream({ analyzer, maxDocuments: Number.POSITIVE_INFINITY, ttlMs: Number.POSITIVE_INFINITY, name: 'bm25' })
    await bm25.add(docs)
    return { stream: bm25, indexMs: performance.now() - started, close: none }
  }
  const kb = new InMemoryKnowledgeBase({ analyzer })
  await kb.add(docs)
  return { stream: new KnowledgeBaseStream(kb), indexMs: performance.now() - started, close: none }
}

/**
 * A stream that answers from results recorded once per query, so many fusion settings can run
 * over the same stream output. `search(query, k)` returns the first `k` recorded results: valid
 * because the recorded streams rank deterministically (ties by insertion order or id), so their
 * top `k` is a prefix of their top `depth`.
 */
export class RecordedStream implements Stream {
  readonly name: string
  readonly #results: ReadonlyMap<string, readonly SearchResult[]>
  readonly #depth: number

  constructor(name: string, results: ReadonlyMap<string, readonly SearchResult[]>, depth: number) {
    this.name = name
    this.#results = results
    this.#depth = depth
  }

  async search(query: string, topK: number): Promise<SearchResult[]> {
    if (topK > this.#depth) throw new RangeError(`recorded only ${this.#depth} results; asked for ${topK}.`)
    return (this.#results.get(query) ?? []).slice(0, topK)
  }
}

/**
 * Runs every query once against `stream` for its top `depth`, swapping each returned document for
 * the original chunk with the same id (the stream may have indexed derived text).
 */
export async function recordResults(
  stream: Stream,
  queries: readonly string[],
  depth: number,
  originals: ReadonlyMap<string, Document>,
): Promise<{ results: Map<string, SearchResult[]>; queryMs: number }> {
  const results = new Map<string, SearchResult[]>()
  const started = performance.now()
  for (const query of queries) {
    const hits = await stream.search(query, depth)
    results.set(
      query,
      hits.map((hit) => ({ document: originals.get(hit.document.id) ?? hit.document, score: hit.score })),
    )
  }
  return { results, queryMs: performance.now() - started }
}
