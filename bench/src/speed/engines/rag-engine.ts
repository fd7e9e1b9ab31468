import type { Stream } from '@rag/core'
import { buildStream } from '../../eval/engines.js'
import { derivedDocuments } from '../../eval/fields.js'
import { configKey, rankerFor, type Config } from '../../eval/grid.js'
import type { EngineSpec } from './search-engine.js'

/** The exact settings of a configuration, for the report. */
function settingsOf(config: Config): string {
  const parts = [`\`${configKey(config).replace(/ max=\d+$/, '')}\``]
  if (config.mode !== 'tfidf') parts.push(`BM25Stream({ analyzer: ${config.bm25Analyzer}, k1: 1.2, b: 0.75, maxDocuments: Infinity, ttlMs: Infinity })`)
  if (config.mode !== 'bm25') parts.push(`InMemoryKnowledgeBase({ analyzer: ${config.tfidfAnalyzer} }) via KnowledgeBaseStream`)
  if (config.mode === 'hybrid' || config.maxPerFile !== undefined) {
    const cap = config.maxPerFile === null ? 'Infinity' : String(config.maxPerFile ?? 3)
    parts.push(`HybridRetriever({ k: 60, candidateMultiplier: 2, minCandidates: 50, maxPerFile: ${cap} })`)
  }
  if (config.fields !== 'content') parts.push(`indexed text = ${config.fields} lines + content (original chunk returned)`)
  return parts.join('; ')
}

/**
 * `@rag` in one {@link Config}: `BM25Stream` and/or `InMemoryKnowledgeBase` (through
 * `KnowledgeBaseStream`), ranked exactly as in the quality grid (`rankerFor`): `HybridRetriever`
 * in hybrid mode or when a per-file cap is set. Fields other than `content` index derived text
 * and still return the original chunk. BM25 holds every document (`maxDocuments: Infinity`, no
 * expiry).
 */
export function ragEngine(label: string, config: Config): EngineSpec {
  return {
    label,
    settings: settingsOf(config),
    async create() {
      let search: (query: string, topK: number) => Promise<readonly string[]> = async () => []
      return {
        async index(docs) {
          const derived = derivedDocuments(docs, config.fields)
          const streams = new Map<string, Stream>()
          if (config.mode !== 'tfidf') {
            const analyzer = config.bm25Analyzer ?? 'compatible'
            streams.set(`bm25:${analyzer}`, (await buildStream({ engine: 'bm25', analyzer }, derived)).stream)
          }
          if (config.mode !== 'bm25') {
            const analyzer = config.tfidfAnalyzer ?? 'basic'
            streams.set(`tfidf:${analyzer}`, (await buildStream({ engine: 'tfidf', analyzer }, derived)).stream)
          }
          const rank = rankerFor(config, streams)
          search = async (q, k) => (await rank(q, k)).map((r) => r.document.id)
        },
        search: (query, topK) => search(query, topK),
      }
    },
  }
}
