import type { FileLayers } from '@rag/core'

/** Per file: the receiver type of each call edge, by calling symbol, receiver and callee. */
const typesByFile = new WeakMap<FileLayers, ReadonlyMap<string, string>>()

const keyOf = (sourceSymbolId: string, receiver: string, target: string): string => `${sourceSymbolId}\t${receiver}\t${target}`

/**
 * The type the file gives the receiver of a callee written `receiver.target` where `sourceSymbolId`
 * calls it: the receiver type of that call's own edge (`app.get` of `const app = express()`, for
 * the callback of `app.get('/', (req, res) => ...)`), or `undefined` when the call has none, or
 * several calls of it there have different ones.
 */
export function calleeReceiverType(file: FileLayers, sourceSymbolId: string, receiver: string, target: string): string | undefined {
  let types = typesByFile.get(file)
  if (types === undefined) {
    const found = new Map<string, string>()
    const mixed = new Set<string>()
    for (const edge of file.edges) {
      if (edge.kind !== 'calls' || edge.receiver === undefined) continue
      const key = keyOf(edge.sourceSymbolId, edge.receiver, edge.target)
      const type = edge.receiverType ?? ''
      if (found.has(key) && found.get(key) !== type) mixed.add(key)
      else found.set(key, type)
    }
    for (const key of mixed) found.delete(key)
    typesByFile.set(file, (types = found))
  }
  return types.get(keyOf(sourceSymbolId, receiver, target)) || undefined
}
