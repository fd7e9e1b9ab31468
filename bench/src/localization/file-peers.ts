import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import MiniSearch from 'minisearch'
import { BM25Stream, codeAwareAnalyzer } from '@rag/bm25'
import type { LocalizationRepo } from '../corpus/localization-data.js'
import { installedVersion } from '../speed/engines/registry.js'

/** One whole file of a corpus. */
export interface WholeFile {
  readonly path: string
  readonly content: string
}

/** Ranks files for a query: distinct paths, best first, at most `depth`. */
export type FileRanker = (query: string, depth: number) => Promise<string[]>

/**
 * Every file of the corpus manifest, read from the unpacked folder (UTF-8, invalid bytes
 * replaced), in manifest order: what the data set's baselines index.
 */
export function readWholeFiles(repo: LocalizationRepo, dir: string): WholeFile[] {
  return repo.files.map((path) => ({ path, content: readFileSync(join(dir, path), 'utf8') }))
}

/**
 * Whole-file BM25, the data set's `spec-bm25-code` baseline done with `@rag/bm25`: one document per
 * file, its content only (no path), `BM25Stream` with the code-aware analyzer (k1 1.2, b 0.75;
 * identifiers kept whole and split, stop words, suffixes stemmed), ties in insertion (manifest) order.
 */
export async function wholeFileBm25(files: readonly WholeFile[]): Promise<FileRanker> {
  const stream = new BM25Stream({ analyzer: codeAwareAnalyzer, maxDocuments: Number.POSITIVE_INFINITY, ttlMs: Number.POSITIVE_INFINITY, name: 'file-bm25' })
  await stream.add(files.map((f) => ({ id: f.path, content: f.content, metadata: { file: f.path } })))
  return async (query, depth) => (await stream.search(query, depth)).map((hit) => hit.document.id)
}

/** The installed minisearch version, for labels. */
export function miniSearchVersion(): string {
  return installedVersion('minisearch')
}

/**
 * The data set's `minisearch` baseline: `new MiniSearch({ fields: ['text'], storeFields: [] })`
 * over whole files and `search(query)` with its defaults (own tokenizer, OR, no prefix or fuzzy
 * matching, BM25+).
 */
export function wholeFileMiniSearch(files: readonly WholeFile[]): FileRanker {
  const index = new MiniSearch<{ id: string; text: string }>({ fields: ['text'], storeFields: [] })
  index.addAll(files.map((f) => ({ id: f.path, text: f.content })))
  return async (query, depth) =>
    index
      .search(query)
      .slice(0, depth)
      .map((r) => String(r.id))
}
