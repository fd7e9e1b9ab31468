import type { FileLayers, SymbolRecord } from '@rag/core'
import type { Binding, Bindings } from './import-bindings.js'
import type { SymbolIndex } from './symbol-index.js'

/**
 * The function a JavaScript file assigned to a path of objects (`webidl.errors.exception =
 * function () {}`, the method `webidl.errors.exception`) that a call `receiver.name()` reaches: in
 * this file, or, through the import binding the path's first segment names (`head`, `const {
 * webidl } = require('./webidl')`), in the file it binds, or in the module that file requires
 * under the bound name and hands on, through up to four such modules (a Koa app's
 * `ctrl.favorite.post` and `ctrl.comments.get` of `const ctrl = require('../controllers').articles`).
 * `first` is where the receiver's first segment ends.
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
  // of `const articles = require('./articles-controller')`): the path is that module's own object,
  // whose first segments may be modules it hands on in turn (`ctrl.comments.get`).
  if (bindingsOf === undefined) return undefined
  let module = moduleHandedOn(head.path, head.name, index, bindingsOf)
  const path = receiver.slice(first + 1).split('.')
  for (let depth = 0; module !== undefined && depth < MAX_HANDED_ON; depth++) {
    const found = index.byQname(module, [...path, name].join('.'), kinds)
    if (found || path.length === 0) return found
    module = moduleHandedOn(module, path.shift()!, index, bindingsOf)
  }
  return undefined
}

/** Modules handed on through other modules deeper than this are not followed. */
const MAX_HANDED_ON = 4

/** The module a file binds `name` to when it is a whole required module (`const articles = require('./articles-controller')`). */
function moduleHandedOn(path: string, name: string, index: SymbolIndex, bindingsOf: (file: FileLayers) => Bindings): string | undefined {
  const home = index.file(path)
  const binding = home ? bindingsOf(home).names.get(name) : undefined
  return binding?.status === 'resolved' && binding.name === '*' && binding.path ? binding.path : undefined
}
