import { BM25Stream } from '@rag/bm25'
import type { Document } from '@rag/core'
import { HybridRetriever } from '@rag/hybrid'
import { KnowledgeBaseStream } from '@rag/kb-tfidf'
import { createChunkSignals, rankFiles } from '@rag/rank'
import { createQueryRouter } from '@rag/router'
import { recommendedRetrieval } from '@rag/session'
import type { EvalCorpus } from '../corpus/eval-corpus.js'
import { loadPythonCorpus } from '../corpus/python-corpus.js'
import { loadTypeScriptCorpus } from '../corpus/typescript-corpus.js'
import { chunkCorpus, chunksByFile, relevantChunks } from '../eval/chunked-corpus.js'
import { buildQueries, type Query } from '../eval/queries.js'
import { outcomeOf, scoresOf, type Outcome, type Scores } from '../eval/score.js'

/** The CodeSearchNet-style suite with and without the routed, file-aware ranking, per corpus and split. */
export interface RoutedCsnRow {
  readonly corpus: string
  readonly split: 'dev' | 'test'
  /** `recommendedRetrieval()` as the CLI ranks today: the fused chunk list. */
  readonly recommended: Scores
  /** The same streams, a deep list routed and ranked by `rankFiles`, chunks printed in their file's order. */
  readonly routed: Scores
}

/** What the check runs on: the CodeSearchNet corpora, cut like the main run or smaller. */
export interface RoutedCsnProfile {
  readonly pythonFiles?: number
  readonly typescriptFiles?: number
  readonly pythonQueries: number
}

const silent = { warn: (): void => undefined }

/**
 * Chunks of a file ranking in the order `rag search` would print them: files by rank, each file's
 * chunk hits in their own order.
 */
export function chunksInFileOrder(ranked: ReturnType<typeof rankFiles>, byId: ReadonlyMap<string, Document>): Document[] {
  return ranked.flatMap((file) => file.chunks.map((chunk) => byId.get(chunk.id)!))
}

async function corpusRows(corpus: EvalCorpus, queries: readonly Query[]): Promise<RoutedCsnRow[]> {
  const chunked = await chunkCorpus(corpus, 2000)
  const { knowledgeBase, bm25, weights } = recommendedRetrieval()
  const stream = new BM25Stream({ ...(bm25 === false ? {} : bm25), name: 'bm25' })
  await stream.add(chunked.chunks)
  await knowledgeBase.add(chunked.chunks)
  const retriever = HybridRetriever.builder({ logger: silent })
    .stream(stream, weights.bm25 ?? 0.6)
    .stream(new KnowledgeBaseStream(knowledgeBase), weights.knowledgeBase ?? 0.4)
    .build()
  const signals = createChunkSignals(chunked.chunks)
  const byFile = chunksByFile(chunked.chunks)
  const byId = new Map<string, Document>(chunked.chunks.map((c) => [c.id, c]))
  const router = createQueryRouter()
  const plain: Outcome[] = []
  const routed: Outcome[] = []
  for (const query of queries) {
    const relevant = relevantChunks(byFile, query.target)
    const top10 = (await retriever.retrieve(query.text, 10)).map((r) => r.document)
    const wide = (await retriever.retrieve(query.text, 50)).map((r) => r.document)
    plain.push(outcomeOf(top10, wide, query.target, relevant))
    const plan = router.route(query.text)
    const order = chunksInFileOrder(rankFiles(await retriever.retrieve(plan.searchText, plan.limits.chunks), plan, signals, { limit: plan.limits.files }), byId)
    routed.push(outcomeOf(order.slice(0, 10), order.slice(0, 50), query.target, relevant))
  }
  return (['dev', 'test'] as const).map((split) => ({
    corpus: corpus.name,
    split,
    recommended: scoresOf(plain.filter((_, i) => queries[i]!.split === split)),
    routed: scoresOf(routed.filter((_, i) => queries[i]!.split === split)),
  }))
}

/**
 * The CodeSearchNet-style suite (docstring sentence -> its function) scored for the recommended
 * configuration as it ranks today and with the routed file ranking in front of it, so a change of
 * default can be checked against the chunk-level MRR@10 it must not lose.
 */
export async function routedCodeSearchNet(profile: RoutedCsnProfile, log: (line: string) => void): Promise<RoutedCsnRow[]> {
  const rows: RoutedCsnRow[] = []
  for (const corpus of [loadPythonCorpus(profile.pythonFiles), loadTypeScriptCorpus(profile.typescriptFiles)]) {
    const { queries } = buildQueries(corpus, corpus.language === 'python' ? { maxQueries: profile.pythonQueries } : {})
    const started = performance.now()
    rows.push(...(await corpusRows(corpus, queries)))
    log(`  CodeSearchNet ${corpus.name}: ${queries.length} queries, plain and routed, in ${((performance.now() - started) / 1000).toFixed(0)} s`)
  }
  return rows
}
