import type { EdgeRecord } from '@rag/core'
import type { LayerGraph } from '../../src/index.js'

/** The call edges of a file whose callee is one of `names`, as `receiver.target -> resolution target`. */
export function callsNamed(graph: LayerGraph, path: string, names: readonly string[]): string[] {
  return graph
    .edgesOf(path)
    .filter((edge: EdgeRecord) => edge.kind === 'calls' && names.includes(edge.target))
    .map((edge) => `${edge.receiver ? `${edge.receiver}.` : ''}${edge.target} -> ${edge.resolution} ${edge.targetSymbolId}`)
}

/** Every call edge of a file, as `receiver.target -> resolution target` (the target symbol, else the target file). */
export function callsOf(graph: LayerGraph, path: string): string[] {
  return graph
    .edgesOf(path)
    .filter((edge: EdgeRecord) => edge.kind === 'calls')
    .map((edge) => `${edge.receiver ? `${edge.receiver}.` : ''}${edge.target} -> ${edge.resolution} ${edge.targetSymbolId || edge.targetPath}`)
}
