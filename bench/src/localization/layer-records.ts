import { RagError, type EdgeRecord, type EntrypointRecord, type SymbolRecord } from '@rag/core'
import type { RagService } from '@rag/session'

/** Every code-layer record of an index (C1 symbols, C2 edges, C3 entrypoints), as the session's public API returns them. */
export interface LayerRecords {
  readonly symbols: readonly SymbolRecord[]
  readonly edges: readonly EdgeRecord[]
  readonly entrypoints: readonly EntrypointRecord[]
}

/**
 * Reads every layer record of an index indexed with layers, through `rag.symbols('*')`,
 * `rag.dependencies(file)` of each file and `rag.entrypoints()`: what the ranking's structure
 * signals are built from, recorded once per repository.
 */
export async function readLayerRecords(rag: RagService, files: readonly string[]): Promise<LayerRecords> {
  const symbols = await rag.symbols('*', { limit: Number.MAX_SAFE_INTEGER })
  const edges: EdgeRecord[] = []
  for (const file of files) {
    try {
      for (const step of await rag.dependencies(file)) edges.push(step.edge)
    } catch (error) {
      // A file the layers do not know (an added document) has no edges.
      if (!(error instanceof RagError && error.code === 'NOT_FOUND')) throw error
    }
  }
  const entrypoints = await rag.entrypoints()
  return { symbols, edges, entrypoints }
}
