import { isLayeredChunker, type Chunk, type Chunker, type FileLayers } from '@rag/core'
import { decodeText, type TextEncoding } from './decode.js'
import { contentHash, fingerprint } from './fingerprint.js'
import { detectFormat, type DetectedFormat, type DocumentFormat } from './format-detection.js'
import type { FileStat, ReadOutcome } from './read-file.js'
import type { SkipReason } from './skips.js'

/** One file to read, fingerprint and (when changed) chunk. Plain data: it crosses to workers. */
export interface FileTask {
  /** Path relative to the root, `/`-separated. */
  readonly path: string
  /** Absolute path to read. */
  readonly absolutePath: string
  /** The previous fingerprint, if the file was indexed before. */
  readonly previousFingerprint?: string
  readonly maxFileBytes: number
  readonly format: DocumentFormat
  /** The pipeline context (see `pipelineContext`). */
  readonly context: string
}

/** A file that was read and decoded. */
interface Extracted {
  readonly path: string
  readonly stat: FileStat
  readonly chars: number
  readonly fingerprint: string
  readonly detected: DetectedFormat
  readonly encoding: TextEncoding
  /** Invalid UTF-8 sequences replaced by U+FFFD. */
  readonly replaced: number
}

/** The outcome of one {@link FileTask}. Plain data: it crosses back from workers. */
export type FileResult =
  /** Read and hashed; the fingerprint equals the previous one, so the old chunks stay. */
  | ({ readonly kind: 'unchanged' } & Extracted)
  /** New or changed: chunked afresh; `layers` when the chunker extracts code layers (`LayeredChunker`). */
  | ({ readonly kind: 'chunked'; readonly chunks: Chunk[]; readonly layers?: FileLayers } & Extracted)
  /** Not a document after all (binary content, grew past the size bound, vanished); `stat` when it was read. */
  | { readonly kind: 'skipped'; readonly path: string; readonly reason: SkipReason; readonly stat?: FileStat }
  /** Could not be read: keeps its previous chunks. */
  | { readonly kind: 'failed'; readonly path: string; readonly code: string; readonly message: string }
  /** The chunker threw (or could not be built): fails the whole run. */
  | { readonly kind: 'chunker-error'; readonly path: string; readonly message: string; readonly stack?: string }

/** Reads a file: {@link readRegularFileSync} in workers, {@link readRegularFile} on the main thread. */
export type ReadFile = (absolutePath: string, maxBytes: number) => ReadOutcome | Promise<ReadOutcome>

/**
 * Runs the per-file pipeline: read (no symlinks, no FIFOs, bounded), decode, detect the format,
 * hash, compare with the previous fingerprint, and chunk only when it differs. Never throws: every
 * outcome is a {@link FileResult}, so a worker never dies on one bad file.
 */
export async function processFile(task: FileTask, read: ReadFile, getChunker: () => Promise<Chunker>): Promise<FileResult> {
  const { path } = task
  const outcome = await read(task.absolutePath, task.maxFileBytes)
  if (!outcome.ok) {
    if (outcome.kind === 'vanished') return { kind: 'skipped', path, reason: { kind: 'vanished' } }
    if (outcome.kind === 'too-large') {
      return { kind: 'skipped', path, reason: { kind: 'too-large', max: task.maxFileBytes, actual: outcome.size } }
    }
    return { kind: 'failed', path, code: outcome.code, message: outcome.message }
  }
  const decoded = decodeText(outcome.bytes)
  if (!decoded.ok) return { kind: 'skipped', path, reason: { kind: 'binary', detail: decoded.detail }, stat: outcome.stat }
  const detected = detectFormat(path, decoded.text, task.format)
  const extracted: Extracted = {
    path,
    stat: outcome.stat,
    chars: decoded.text.length,
    fingerprint: fingerprint(contentHash(outcome.bytes), detected, task.context),
    detected,
    encoding: decoded.encoding,
    replaced: decoded.replaced,
  }
  if (extracted.fingerprint === task.previousFingerprint) return { kind: 'unchanged', ...extracted }
  try {
    const chunker = await getChunker()
    const file = { path, content: decoded.text, format: detected.format, ...(detected.language ? { language: detected.language } : {}) }
    if (isLayeredChunker(chunker)) {
      // One parse gives both: the chunks and the file's code layers.
      const { chunks, layers } = await chunker.chunkWithLayers(file)
      return { kind: 'chunked', ...extracted, chunks: chunks.map((chunk) => withFile(chunk, path)), layers }
    }
    const chunks = await chunker.chunk(file)
    return { kind: 'chunked', ...extracted, chunks: chunks.map((chunk) => withFile(chunk, path)) }
  } catch (error) {
    const err = error instanceof Error ? error : new Error(String(error))
    return { kind: 'chunker-error', path, message: err.message, ...(err.stack ? { stack: err.stack } : {}) }
  }
}

// Every chunk must say which file it came from: the hybrid retriever caps results per `file`.
function withFile(chunk: Chunk, path: string): Chunk {
  return typeof chunk.metadata?.file === 'string' ? chunk : { ...chunk, metadata: { ...chunk.metadata, file: path } }
}
