import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { BM25Stream } from '@rag/bm25'
import { createNormalizedDocumentChunker } from '@rag/chunker'
import type { Chunk, Chunker, Document, KnowledgeBase, SourceFile } from '@rag/core'
import { InMemoryKnowledgeBase } from '@rag/kb-tfidf'
import { afterAll, inject } from 'vitest'
import { FileIndexer, type FileIndexerOptions } from '../src/index.js'

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

/** The real chunker wrapped to count calls; `failOn` makes it throw for one path. */
export interface CountingChunker extends Chunker {
  readonly calls: string[]
  failOn: string | undefined
}

/** Wraps `@rag/chunker`'s real chunker, recording every file it is asked to chunk. */
export function countingChunker(inner: Chunker = createNormalizedDocumentChunker()): CountingChunker {
  const wrapper: CountingChunker = {
    id: inner.id,
    calls: [],
    failOn: undefined,
    chunk(file: SourceFile): Promise<Chunk[]> {
      wrapper.calls.push(file.path)
      if (file.path === wrapper.failOn) return Promise.reject(new Error(`chunker exploded on ${file.path}`))
      return inner.chunk(file)
    },
  }
  return wrapper
}

/** A real BM25 stream whose `replaceDocuments` throws while `failing` is set. */
export class FlakyBM25 extends BM25Stream {
  failing = false

  override replaceDocuments(removeIds: readonly string[], addDocuments: readonly Document[]): Promise<void> {
    if (this.failing) return Promise.reject(new Error('bm25 swap failed on purpose'))
    return super.replaceDocuments(removeIds, addDocuments)
  }
}

/** Real stores and an indexer over them, chunking in-process with a counting wrapper. */
export function setup(options: Partial<FileIndexerOptions> = {}): {
  kb: InMemoryKnowledgeBase
  bm25: FlakyBM25
  chunker: CountingChunker
  indexer: FileIndexer
} {
  const kb = new InMemoryKnowledgeBase()
  const bm25 = new FlakyBM25({ maxDocuments: Infinity })
  const chunker = countingChunker()
  const indexer = new FileIndexer({ knowledgeBase: kb, streams: [bm25], chunker, workers: 0, ...options })
  return { kb, bm25, chunker, indexer }
}

/** Every stored document as `id -> content`, sorted: compare before and after a run. */
export async function contents(kb: KnowledgeBase): Promise<[string, string][]> {
  return (await kb.list()).map((doc): [string, string] => [doc.id, doc.content]).sort((a, b) => (a[0] < b[0] ? -1 : 1))
}

/** The distinct `file` values stored. */
export async function indexedFiles(kb: KnowledgeBase): Promise<string[]> {
  return [...new Set((await kb.list()).map((doc) => String(doc.metadata['file'])))].sort()
}

/** Ids the BM25 stream finds for a term present in every chunk it should hold. */
export async function bm25Ids(bm25: BM25Stream, query: string): Promise<string[]> {
  return (await bm25.search(query, 10_000)).map((r) => r.document.id).sort()
}

/** `true` when the BM25 stream holds exactly the knowledge base's documents. */
export async function storesAgree(kb: KnowledgeBase, bm25: BM25Stream): Promise<boolean> {
  const docs = await kb.list()
  if ((await bm25.size()) !== docs.length) return false
  for (const doc of docs) if ((await bm25.get(doc.id))?.content !== doc.content) return false
  return true
}
