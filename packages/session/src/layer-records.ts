import type { EdgeRecord, EntrypointRecord, SymbolRecord } from '@rag/core'
import type { LayerGraph } from '@rag/layers'

/** Every record of a layer graph, as the file ranking's structure signals read them. */
export interface GraphRecords {
  readonly symbols: readonly SymbolRecord[]
  readonly edges: readonly EdgeRecord[]
  readonly entrypoints: readonly EntrypointRecord[]
}

/** The symbols, resolved edges and entrypoints of every file of a graph (a snapshot: arrays, not views). */
export function graphRecords(graph: LayerGraph): GraphRecords {
  const symbols: SymbolRecord[] = []
  const edges: EdgeRecord[] = []
  const entrypoints: EntrypointRecord[] = []
  for (const file of graph.files()) {
    symbols.push(...file.symbols)
    entrypoints.push(...file.entrypoints)
    edges.push(...graph.edgesOf(file.path))
  }
  return { symbols, edges, entrypoints }
}
