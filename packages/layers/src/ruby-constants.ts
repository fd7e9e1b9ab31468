import type { SymbolRecord } from '@rag/core'
import type { SymbolIndex } from './symbol-index.js'

/** A Ruby constant path as a receiver: `Article`, `Publishing::Notifier`, `::Article`. */
const RUBY_CONSTANT = /^(?:::)?[A-Z]\w*(?:::[A-Z]\w*)*$/

/** The one Ruby class or module of the index a constant path names (its qualified name, or the end of one), else `undefined`. */
export function rubyConstant(receiver: string, index: SymbolIndex): SymbolRecord | undefined {
  if (!RUBY_CONSTANT.test(receiver)) return undefined
  const path = receiver.replace(/^::/, '').split('::').join('.')
  const last = path.slice(path.lastIndexOf('.') + 1)
  let found: SymbolRecord | undefined
  for (const symbol of index.named(last)) {
    if (symbol.language !== 'ruby' || (symbol.kind !== 'class' && symbol.kind !== 'module') || (symbol.qname !== path && !symbol.qname.endsWith(`.${path}`))) continue
    // (Reopened in several files, or two of the name: not one for sure.)
    if (found !== undefined) return undefined
    found = symbol
  }
  return found
}
