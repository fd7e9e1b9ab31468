import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { BM25Stream } from '@rag/bm25'
import { createNormalizedDocumentChunker } from '@rag/chunker'
import type { Chunker, Document, KnowledgeBase, ProgressListener, Replaceable } from '@rag/core'
import { InMemoryKnowledgeBase } from '@rag/kb-tfidf'
import { countingChunker as countingChunkerOf, type CountingChunker } from '@rag/test-utils'
import { afterAll, inject } from 'vitest'
import {
  FileIngestionService,
  type FileIngestionServiceOptions,
  type IndexState,
  type IngestionPlan,
  type IngestionResult,
  type SourceOptions,
} from '../index.js'
import { assertIndexState, withoutHashes } from '../index-state.js'

const created: string[] = []
afterAll(() => {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A fresh temporary directory, removed after the test file. */
export function tempDir(prefix = 'rag-ingest-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  created.push(dir)
  return dir
}

/** A tree entry: file content, `null` for an empty directory, or a symbolic link. */
export type TreeEntry = string | Uint8Array | null | { readonly symlink: string }

/** Writes `tree` (paths relative to `root`, `/`-separated) into `root`. */
export function writeTree(root: string, tree: Readonly<Record<string, TreeEntry>>): string {
  for (const [path, entry] of Object.entries(tree)) {
    const abs = join(root, path)
    if (entry === null) {
      mkdirSync(abs, { recursive: true })
      continue
    }
    mkdirSync(dirname(abs), { recursive: true })
    if (typeof entry === 'object' && 'symlink' in entry) symlinkSync(entry.symlink, abs)
    else writeFileSync(abs, entry)
  }
  return root
}

/** A temporary directory holding `tree`. */
export function tree(entries: Readonly<Record<string, TreeEntry>>): string {
  return writeTree(tempDir(), entries)
}

/** The URL of the worker script built by the global setup. */
export function workerScript(): string {
  return inject('chunkWorker')
}

export type { CountingChunker } from '@rag/test-utils'

/** Wraps `@rag/chunker`'s real chunker (by default), recording every file it is asked to chunk. */
export function countingChunker(inner: Chunker = createNormalizedDocumentChunker()): CountingChunker {
  return countingChunkerOf(inner)
}

/** A real BM25 stream whose `replaceDocuments` throws while `failing` is set. */
export class FlakyBM25 extends BM25Stream {
  failing = false

  override replaceDocuments(removeIds: readonly string[], addDocuments: readonly Document[]): Promise<void> {
    if (this.failing) return Promise.reject(new Error('bm25 swap failed on purpose'))
    return super.replaceDocuments(removeIds, addDocuments)
  }
}

/** Options of {@link StagingIndexer}. */
export interface StagingIndexerOptions extends FileIngestionServiceOptions {
  readonly knowledgeBase: KnowledgeBase
  readonly streams?: readonly Replaceable[]
  readonly service?: FileIngestionService
}

/** What one {@link StagingIndexer.index} run returns: the staged result without its documents, plus counts. */
export type StagedReport = Omit<IngestionResult, 'addDocuments' | 'removeIds' | 'state'> & { readonly added: number; readonly removed: number }

/**
 * Test helper: stages each run with the real `FileIngestionService` and applies the generation to
 * the stores with plain `replaceDocuments`, keeping the state between runs. It has no undo and no
 * lock: committing is `@rag/session`'s job (its `FileIndexer`, tested there). These tests prove
 * what ingest stages.
 */
export class StagingIndexer {
  readonly service: FileIngestionService
  readonly #stores: readonly Replaceable[]
  #state: IndexState | undefined

  constructor({ knowledgeBase, streams = [], service, ...options }: StagingIndexerOptions) {
    this.service = service ?? new FileIngestionService(options)
    this.#stores = [knowledgeBase, ...streams]
  }

  async index(root: string, options: { source?: SourceOptions; onProgress?: ProgressListener; signal?: AbortSignal } = {}): Promise<StagedReport> {
    const result = await this.service.ingest(root, { ...options, ...(this.#state ? { previous: this.#state } : {}) })
    if (result.removeIds.length > 0 || result.addDocuments.length > 0) {
      for (const store of this.#stores) await store.replaceDocuments(result.removeIds, result.addDocuments)
    }
    this.#state = result.state
    const { removeIds, addDocuments, state: _state, ...rest } = result
    return { ...rest, added: addDocuments.length, removed: removeIds.length }
  }

  plan(root: string, options: { source?: SourceOptions } = {}): Promise<IngestionPlan> {
    return this.service.plan(root, options)
  }

  get fingerprints(): ReadonlyMap<string, string> {
    return new Map((this.#state?.files ?? []).filter((f) => f.binary === undefined).map((f) => [f.path, f.fingerprint]))
  }

  clearHashes(): void {
    if (this.#state) this.#state = withoutHashes(this.#state)
  }

  exportState(): IndexState | undefined {
    return this.#state
  }

  async restoreState(state: IndexState | undefined): Promise<void> {
    if (state !== undefined) assertIndexState(state)
    this.#state = state
  }
}

/** Real stores and an indexer over them, chunking in-process with a counting wrapper. */
export function setup(options: Partial<StagingIndexerOptions> = {}): {
  kb: InMemoryKnowledgeBase
  bm25: FlakyBM25
  chunker: CountingChunker
  indexer: StagingIndexer
} {
  const kb = new InMemoryKnowledgeBase()
  const bm25 = new FlakyBM25({ maxDocuments: Infinity })
  const chunker = countingChunker()
  const indexer = new StagingIndexer({ knowledgeBase: kb, streams: [bm25], chunker, workers: 0, ...options })
  return { kb, bm25, chunker, indexer }
}

export { contents, indexedFiles, storesAgree } from '@rag/test-utils'

/** Ids the BM25 stream finds for a term present in every chunk it should hold. */
export async function bm25Ids(bm25: BM25Stream, query: string): Promise<string[]> {
  return (await bm25.search(query, 10_000)).map((r) => r.document.id).sort()
}
