import type { FileLayers, SymbolRecord } from '@rag/core'
import type { Binding } from './import-bindings.js'
import type { SymbolIndex } from './symbol-index.js'

/**
 * The function a JavaScript file assigned to a path of objects (`webidl.errors.exception =
 * function () {}`, the method `webidl.errors.exception`) that a call `receiver.name()` reaches: in
 * this file, or, through the import binding the path's first segment names (`head`, `const {
 * webidl } = require('./webidl')`), in the file it binds. `first` is where the receiver's first
 * segment ends.
 *
 * @example
 * assignedThroughPath('webidl.errors', 6, 'exception', head, file, index, CALLABLE) // lib/webidl.js#webidl.errors.exception
 */
export function assignedThroughPath(
  receiver: string,
  first: number,
  name: string,
  head: Binding | undefined,
  file: FileLayers,
  index: SymbolIndex,
  kinds: ReadonlySet<string>,
): SymbolRecord | undefined {
  const own = index.byQname(file.path, `${receiver}.${name}`, kinds)
  if (own || head?.status !== 'resolved' || !head.path || head.name === '*') return own
  return index.byQname(head.path, `${head.name}${receiver.slice(first)}.${name}`, kinds)
}
