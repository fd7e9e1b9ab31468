import type { EdgeRecord } from '@rag/core'
import type { LayerGraph } from '../../src/index.js'

/** The call edges of a file whose callee is one of `names`, as `receiver.target -> resolution target`. */
export function callsNamed(graph: LayerGraph, path: string, names: readonly string[]): string[] {
  return graph
    .edgesOf(path)
    .filter((edge: EdgeRecord) => edge.kind === 'calls' && names.includes(edge.target))
    .map((edge) => `${edge.receiver ? `${edge.receiver}.` : ''}${edge.target} -> ${edge.resolution} ${edge.targetSymbolId}`)
}
