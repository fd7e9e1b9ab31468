import type { FileLayers } from '@rag/core'
import { createLayeredChunker } from '../../src/index.js'

const chunker = createLayeredChunker()

/** The symbols of one file, written `qname kind startLine`. */
export async function symbolsOf(path: string, content: string): Promise<string[]> {
  const { layers } = await chunker.chunkWithLayers({ path, content, format: 'code' })
  return layers.symbols.map((s) => `${s.qname} ${s.kind} ${s.startLine}`)
}

/** The layer records of one file, as the layered chunker extracts them. */
export async function layersOf(path: string, content: string): Promise<FileLayers> {
  return (await chunker.chunkWithLayers({ path, content, format: 'code' })).layers
}
