/**
 * A chunker for measurements only (plain JavaScript: ingest's worker threads import it without a
 * TypeScript loader). It runs `@rag/chunker`'s layer extraction on every file and clones the
 * records (what sending them from a worker to the main thread costs), then returns the chunks.
 * `@rag/ingest` does not carry layer records yet; with this spec a cold index pays for extraction
 * and transport, so its time is that of an index with layers, short of storing them.
 */
import { createLayeredChunker } from '@rag/chunker'

/** Records extracted by this thread so far (a sink, so the clone is not optimised away). */
export let extractedRecords = 0

/**
 * A `Chunker` that extracts (and clones) every file's layers and returns its chunks.
 *
 * @param {import('@rag/chunker').ChunkerOptions} [options]
 * @returns {import('@rag/core').Chunker}
 */
export function createExtractingChunker(options = {}) {
  const layered = createLayeredChunker(options)
  return {
    id: layered.id,
    async chunk(file) {
      const { chunks, layers } = await layered.chunkWithLayers(file)
      const copy = globalThis.structuredClone(layers)
      extractedRecords += copy.symbols.length + copy.edges.length + copy.entrypoints.length
      return chunks
    },
  }
}
