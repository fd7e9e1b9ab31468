import { appendFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { BM25Stream } from '@rag/bm25'
import { createLimits } from '@rag/ingest'
import { FileIndexer } from '@rag/session'
import { InMemoryKnowledgeBase } from '@rag/kb-tfidf'
import type { LoadedFile } from '../corpus/real-code.js'
import { analyzerOf, type AnalyzerName } from '../eval/engines.js'
import { writeTree } from '../corpus/write-tree.js'

/** The full pipeline on one directory: `FileIndexer` into `InMemoryKnowledgeBase` + `BM25Stream`. */
export interface PipelineRow {
  readonly files: number
  /** Bytes written to the directory (UTF-8). */
  readonly bytes: number
  readonly chunks: number
  readonly workers: number
  /** A fresh indexer over the whole directory. */
  readonly coldMs: number
  /** The same indexer again, nothing changed. */
  readonly noopMs: number
  /** One mid-sized file appended to, then re-indexed: the first edit (loads the grammar on this thread) and a second. */
  readonly editMs: readonly [number, number]
  /** Files the edit runs re-chunked (should be 1 each). */
  readonly editChunked: readonly [number, number]
  readonly editedFileBytes: number
}

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now()
  const value = await run()
  return [value, performance.now() - started]
}

/**
 * Writes `files` under `dir`, backdates them (so the stat fast path may trust them, as it would a
 * checkout that was not edited in the last two seconds), then measures a cold index, a no-op
 * re-index and two one-file edits. Limits are raised so the corpus fits; workers and chunker are
 * the defaults (`os.availableParallelism()` threads, `createNormalizedDocumentChunker()`).
 */
export async function measurePipeline(files: readonly LoadedFile[], dir: string, bm25Analyzer: AnalyzerName, tfidfAnalyzer: AnalyzerName): Promise<PipelineRow> {
  rmSync(dir, { recursive: true, force: true })
  const bytes = writeTree(files, dir)
  const limits = createLimits({ maxFiles: 1_000_000, maxEntries: 2_000_000, maxDecodedBytes: 4 * 1024 * 1024 * 1024 })
  const knowledgeBase = new InMemoryKnowledgeBase({ analyzer: analyzerOf(tfidfAnalyzer) })
  const bm25 = new BM25Stream({ analyzer: analyzerOf(bm25Analyzer), maxDocuments: Number.POSITIVE_INFINITY, ttlMs: Number.POSITIVE_INFINITY })
  const indexer = new FileIndexer({ knowledgeBase, streams: [bm25], limits })
  const [cold, coldMs] = await timed(() => indexer.index(dir))
  const [, noopMs] = await timed(() => indexer.index(dir))
  const records = [...(indexer.exportState()?.files ?? [])].filter((f) => f.size > 10_000 && f.size < 40_000)
  const target = records[Math.floor(records.length / 2)] ?? indexer.exportState()!.files[0]!
  const edits: [number, number][] = []
  for (let i = 0; i < 2; i++) {
    appendFileSync(join(dir, target.path), `\n# bench edit ${i}\n`)
    const [report, ms] = await timed(() => indexer.index(dir))
    edits.push([ms, report.stats.chunked])
  }
  rmSync(dir, { recursive: true, force: true })
  return {
    files: files.length,
    bytes,
    chunks: cold.stats.chunks,
    workers: cold.stats.workerThreads,
    coldMs,
    noopMs,
    editMs: [edits[0]![0], edits[1]![0]],
    editChunked: [edits[0]![1], edits[1]![1]],
    editedFileBytes: target.size,
  }
}
