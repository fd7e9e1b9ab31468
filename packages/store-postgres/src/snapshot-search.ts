import type pg from 'pg'
import {
  BM25_DEFAULTS,
  rankBm25Postings,
  rankTfidfPostings,
  topScoredDocuments,
  type Bm25Parameters,
  type CollectionStatistics,
  type ScoredDocuments,
  type TermPostings,
} from '@rag/lexical'
import type { Document } from '@rag/core'
import { rowToDocument } from './document-rows.js'
import { loadPostings } from './postings-blocks.js'
import type { PostingsCache } from './postings-cache.js'
import type { ResolvedProjectKey } from './project-key.js'
import { readProject } from './project-rows.js'

/** Which formula a ranking uses; ties go by insertion order (BM25, as `BM25Stream`) or by id (TF-IDF, as `InMemoryKnowledgeBase`). */
export type Ranking = 'bm25' | 'tfidf'

/** A ranked stored document. */
export interface ScoredDocument {
  readonly document: Document
  readonly score: number
}

/** One ranking asked of a snapshot. */
export interface RankRequest {
  readonly ranking: Ranking
  readonly topK: number
}

/** The project row a search reads first: which project, at which generation, and its statistics. */
export interface ProjectSnapshot {
  readonly id: number
  readonly generation: number
  readonly statistics: CollectionStatistics
}

/**
 * The postings of each distinct term, in query order, through `cache` (validated for this
 * snapshot); terms no live chunk holds are left out. One statement for every term not cached.
 * What the cache held is taken before that statement: another search may move the cache to
 * another generation while it runs.
 */
export async function readPostings(client: pg.ClientBase, project: ProjectSnapshot, terms: readonly string[], cache: PostingsCache): Promise<TermPostings[]> {
  const key = cache.validate(project.id, project.generation)
  const distinct = [...new Set(terms)]
  const known = new Map<string, TermPostings | undefined>()
  const missing: string[] = []
  for (const term of distinct) {
    if (cache.has(key, term)) known.set(term, cache.get(key, term))
    else missing.push(term)
  }
  if (missing.length > 0) {
    const found = await loadPostings(client, project.id, missing)
    for (const term of missing) {
      known.set(term, found.get(term))
      cache.set(key, term, found.get(term))
    }
  }
  return distinct.map((term) => known.get(term)).filter((postings): postings is TermPostings => postings !== undefined)
}

/** Scores by chunk seq (ascending) for one ranking. */
export function score(ranking: Ranking, postings: readonly TermPostings[], statistics: CollectionStatistics, bm25: Bm25Parameters = BM25_DEFAULTS): ScoredDocuments {
  return ranking === 'bm25' ? rankBm25Postings(postings, statistics, bm25) : rankTfidfPostings(postings, statistics)
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/**
 * The best `topK` seqs of each request, in rank order: highest score first, ties by id (code-unit
 * order, as the in-memory streams and the SQLite store; the ids of the tied candidates are read in
 * the same snapshot), so the order never depends on when a chunk was written.
 */
export async function rankSeqs(client: pg.ClientBase, projectId: number, requests: readonly RankRequest[], scored: readonly ScoredDocuments[]): Promise<[number, number][][]> {
  const ranked: [number, number][][] = []
  const needIds = new Set<number>()
  const pending: { index: number; list: [number, number][] }[] = []
  requests.forEach((request, index) => {
    const list = topScoredDocuments(scored[index]!, request.topK)
    if (list.length <= 1) {
      ranked[index] = list
      return
    }
    for (const [seq] of list) needIds.add(seq)
    pending.push({ index, list })
  })
  if (pending.length > 0) {
    const { rows } = await client.query<{ seq: number; id: string }>('SELECT seq, id FROM rag_chunks WHERE project_id = $1 AND seq = ANY($2::int4[])', [projectId, [...needIds]])
    const ids = new Map(rows.map((row) => [Number(row.seq), row.id]))
    for (const { index, list } of pending) {
      const known = list.filter(([seq]) => ids.has(seq))
      known.sort((a, b) => b[1] - a[1] || compareIds(ids.get(a[0])!, ids.get(b[0])!))
      ranked[index] = known.slice(0, requests[index]!.topK)
    }
  }
  return ranked
}

/** Reads the documents of `seqs` in the caller's snapshot, by seq. */
export async function readDocuments(client: pg.ClientBase, projectId: number, seqs: readonly number[]): Promise<Map<number, Document>> {
  if (seqs.length === 0) return new Map()
  const { rows } = await client.query<{ seq: number; id: string; content: string; content_json: boolean; metadata: string }>(
    'SELECT seq, id, content, content_json, metadata FROM rag_chunks WHERE project_id = $1 AND seq = ANY($2::int4[])',
    [projectId, seqs],
  )
  return new Map(rows.map((row) => [Number(row.seq), rowToDocument(row.id, row.content, row.metadata, row.content_json)]))
}

/**
 * Every ranking asked of one query's `terms`, read in the caller's snapshot (run it in one
 * REPEATABLE READ transaction): the project's postings through `cache`, scored, ranked, and the
 * ranked documents read once for all the rankings. An empty or missing project ranks nothing.
 */
export async function rankInSnapshot(client: pg.ClientBase, key: ResolvedProjectKey, terms: readonly string[], requests: readonly RankRequest[], cache: PostingsCache): Promise<ScoredDocument[][]> {
  const project = await readProject(client, key)
  if (project === undefined || project.chunkCount === 0) return requests.map(() => [])
  const snapshot = { id: project.id, generation: project.generation, statistics: { documentCount: project.chunkCount, totalLength: project.totalLength } }
  const postings = await readPostings(client, snapshot, terms, cache)
  const scored = requests.map((request) => score(request.ranking, postings, snapshot.statistics))
  const ranked = await rankSeqs(client, project.id, requests, scored)
  const documents = await readDocuments(client, project.id, [...new Set(ranked.flatMap((list) => list.map(([seq]) => seq)))])
  return ranked.map((list) => list.filter(([seq]) => documents.has(seq)).map(([seq, value]) => ({ document: documents.get(seq)!, score: value })))
}
