/**
 * The recorded ranking inputs of `dump-pool.ts`, loaded back: per repository the chunk and layer
 * signals rebuilt, per query the plan and deep chunk list as `SearchResult`s, so `rankFiles` can
 * be rerun over the whole suite in seconds.
 */
import { readFileSync } from 'node:fs'
import type { Document, SearchResult } from '@rag/core'
import { createChunkSignals, createLayerSignals, type LayerRecords, type RankingPlan, type RankingSignals } from '@rag/rank'

/** One recorded query. */
export interface PoolQuery {
  readonly id: string
  readonly split: 'dev' | 'test'
  readonly text: string
  readonly relevant: readonly string[]
  readonly plan: RankingPlan & { readonly searchText: string }
  readonly hits: readonly SearchResult[]
}

/** One recorded repository with its signals rebuilt. */
export interface PoolRepo {
  readonly id: string
  readonly chunks: readonly Document[]
  /** Chunk-derived definitions and paths (an index without layers). */
  readonly chunkSignals: RankingSignals
  /** The same plus C2 neighbours and C3 entrypoints (an index with layers). */
  readonly layerSignals: RankingSignals
  readonly queries: readonly PoolQuery[]
}

interface RawHit {
  readonly id: string
  readonly score: number
  readonly metadata: Record<string, unknown>
  readonly chars: number
  readonly content?: string
}

/** Loads a pool written by `dump-pool.ts`. */
export function loadPool(path: string): PoolRepo[] {
  const raw = JSON.parse(readFileSync(path, 'utf8')) as { repos: { id: string; chunks: RawHit[]; layers: LayerRecords; queries: (Omit<PoolQuery, 'hits'> & { hits: RawHit[] })[] }[] }
  return raw.repos.map((repo) => {
    const content = new Map(repo.chunks.map((c) => [c.id, c.content ?? '']))
    const chunks: Document[] = repo.chunks.map((c) => ({ id: c.id, content: c.content ?? '', metadata: { ...c.metadata, chars: c.chars } as Document['metadata'] }))
    const chunkSignals = createChunkSignals(chunks)
    const layers = createLayerSignals(repo.layers)
    return {
      id: repo.id,
      chunks,
      chunkSignals,
      layerSignals: { ...chunkSignals, neighbours: layers.neighbours, entrypoints: layers.entrypoints },
      queries: repo.queries.map((q) => ({
        ...q,
        hits: q.hits.map((h) => ({ score: h.score, document: { id: h.id, content: content.get(h.id) ?? '', metadata: { ...h.metadata, chars: h.chars } as Document['metadata'] } })),
      })),
    }
  })
}
