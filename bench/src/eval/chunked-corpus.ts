import type { Chunk } from '@rag/core'
import { createNormalizedDocumentChunker } from '@rag/chunker'
import type { EvalCorpus, FunctionTarget } from '../corpus/eval-corpus.js'

/** An evaluation corpus cut into chunks by the real `@rag/chunker`. */
export interface ChunkedCorpus {
  readonly corpus: EvalCorpus
  /** The chunker's `maxChars`. */
  readonly maxChars: number
  /** The chunker's id (names its version and options). */
  readonly chunkerId: string
  readonly chunks: readonly Chunk[]
  /** Wall time of chunking every file, in milliseconds. */
  readonly chunkMs: number
}

/**
 * Chunks every file of `corpus` with `createNormalizedDocumentChunker({ maxChars })` (other
 * options at their defaults), as format `code` in the corpus language.
 */
export async function chunkCorpus(corpus: EvalCorpus, maxChars: number): Promise<ChunkedCorpus> {
  const chunker = createNormalizedDocumentChunker({ maxChars })
  const started = performance.now()
  const chunks: Chunk[] = []
  for (const file of corpus.files) {
    chunks.push(...(await chunker.chunk({ path: file.path, content: file.content, format: 'code', language: corpus.language })))
  }
  return { corpus, maxChars, chunkerId: chunker.id, chunks, chunkMs: performance.now() - started }
}

/**
 * The chunks relevant to a target function: those of its file whose line range overlaps the
 * function's definition lines (first decorator or overload to the end of the body). A function
 * split over several chunks has several relevant chunks; a small function merged into a larger
 * chunk makes that chunk relevant.
 */
export function relevantChunks(byFile: ReadonlyMap<string, readonly Chunk[]>, target: FunctionTarget): Set<string> {
  const out = new Set<string>()
  for (const chunk of byFile.get(target.file) ?? []) {
    const start = Number(chunk.metadata.startLine)
    const end = Number(chunk.metadata.endLine)
    if (start <= target.endLine && end >= target.startLine) out.add(chunk.id)
  }
  return out
}

/** Chunks grouped by their `file` metadata. */
export function chunksByFile(chunks: readonly Chunk[]): Map<string, Chunk[]> {
  const out = new Map<string, Chunk[]>()
  for (const chunk of chunks) {
    const file = String(chunk.metadata.file)
    const list = out.get(file)
    if (list) list.push(chunk)
    else out.set(file, [chunk])
  }
  return out
}
