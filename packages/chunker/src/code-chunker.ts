import type { Chunk, Chunker, SourceFile } from '@rag/core'
import { languageForPath } from './languages.js'
import { createNormalizedDocumentChunker } from './normalized-document-chunker.js'
import type { ChunkerOptions } from './options.js'

/**
 * Chunks one source file on its own: the seed's `CodeChunker` facade. It delegates to
 * {@link createNormalizedDocumentChunker}, so its symbol boundaries, ids, limits and provenance
 * (and its `id`) are exactly those of file ingestion.
 *
 * @example
 * const chunker = new CodeChunker()
 * const chunks = await chunker.chunkSource('src/server.py', source)
 */
export class CodeChunker implements Chunker {
  /** Same id as the normalized chunker with the same options. */
  readonly id: string
  readonly #inner: Chunker

  /** @throws InvalidArgumentError for an option out of range. */
  constructor(options: ChunkerOptions = {}) {
    this.#inner = createNormalizedDocumentChunker(options)
    this.id = this.#inner.id
  }

  /** The chunks of one file, in file order. */
  chunk(file: SourceFile): Promise<Chunk[]> {
    return this.#inner.chunk(file)
  }

  /**
   * The chunks of one source text. The language defaults to the one of the path's extension; the
   * format is `code`.
   */
  chunkSource(path: string, content: string, language: string | undefined = languageForPath(path)): Promise<Chunk[]> {
    return this.#inner.chunk({ path, content, format: 'code', ...(language ? { language } : {}) })
  }
}
