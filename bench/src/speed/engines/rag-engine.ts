import type { Stream } from '@rag/core'
import { HybridRetriever } from '@rag/hybrid'
import { buildStream } from '../../eval/engines.js'
import { derivedDocuments } from '../../eval/fields.js'
import { configKey, type Config } from '../../eval/grid.js'
import type { EngineSpec } from './search-engine.js'

/**
 * `@rag` in one {@link Config}: `BM25Stream` and/or `InMemoryKnowledgeBase` (through
 * `KnowledgeBaseStream`), fused by `HybridRetriever` (k = 60, 2 x topK candidates, at most 3 per
 * file) in hybrid mode. Fields other than `content` index derived text and still return the
 * original chunk. BM25 holds every document (`maxDocuments: Infinity`, no expiry).
 */
export function ragEngine(label: string, config: Config): EngineSpec {
  return {
    label,
    settings: configKey(config).replace(/ max=\d+$/, ''),
    async create() {
      let search: (query: string, topK: number) => Promise<readonly string[]> = async () => []
      return {
        async index(docs) {
          const derived = derivedDocuments(docs, config.fields)
          const streams: [Stream, number][] = []
          const [wb, wt] = config.weights ?? [1, 1]
          if (config.mode !== 'tfidf') streams.push([(await buildStream({ engine: 'bm25', analyzer: config.bm25Analyzer ?? 'compatible' }, derived)).stream, wb])
          if (config.mode !== 'bm25') streams.push([(await buildStream({ engine: 'tfidf', analyzer: config.tfidfAnalyzer ?? 'basic' }, derived)).stream, wt])
          if (streams.length === 1) {
            const [stream] = streams[0]!
            search = async (q, k) => (await stream.search(q, k)).map((r) => r.document.id)
            return
          }
          let builder = HybridRetriever.builder()
          for (const [stream, weight] of streams) builder = builder.stream(stream, weight)
          const retriever = builder.build()
          search = async (q, k) => (await retriever.retrieve(q, k)).map((r) => r.document.id)
        },
        search: (query, topK) => search(query, topK),
      }
    },
  }
}
