import type { FileLayers, SymbolRecord } from '@rag/core'
import type { Binding, Bindings } from './import-bindings.js'
import type { SymbolIndex } from './symbol-index.js'

/**
 * The function a JavaScript file assigned to a path of objects (`webidl.errors.exception =
 * function () {}`, the method `webidl.errors.exception`) that a call `receiver.name()` reaches: in
 * this file, or, through the import binding the path's first segment names (`head`, `const {
 * webidl } = require('./webidl')`), in the file it binds, or in the module that file requires
 * under the bound name and hands on (a Koa app's `ctrl.favorite.post` of `const ctrl =
 * require('../controllers').articles`). `first` is where the receiver's first segment ends.
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
  bindingsOf?: (file: FileLayers) => Bindings,
): SymbolRecord | undefined {
  const own = index.byQname(file.path, `${receiver}.${name}`, kinds)
  if (own || head?.status !== 'resolved' || !head.path || head.name === '*') return own
  const there = index.byQname(head.path, `${head.name}${receiver.slice(first)}.${name}`, kinds)
  if (there) return there
  // The bound name is a module the bound file requires and hands on (`module.exports = { articles }`
  // of `const articles = require('./articles-controller')`): the path is that module's own object.
  const home = bindingsOf ? index.file(head.path) : undefined
  const module = home ? bindingsOf!(home).names.get(head.name) : undefined
  return module?.status === 'resolved' && module.name === '*' && module.path ? index.byQname(module.path, `${receiver.slice(first + 1)}.${name}`, kinds) : undefined
}
