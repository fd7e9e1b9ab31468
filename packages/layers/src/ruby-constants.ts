import type { SymbolRecord } from '@rag/core'
import type { SymbolIndex } from './symbol-index.js'

/** A Ruby constant path as a receiver: `Article`, `Publishing::Notifier`, `::Article`. */
const RUBY_CONSTANT = /^(?:::)?[A-Z]\w*(?:::[A-Z]\w*)*$/

/** The Ruby class or module of the index with exactly this qualified name, when there is one (reopened in several files: none for sure). */
function definedAs(qname: string, index: SymbolIndex): SymbolRecord | undefined {
  let found: SymbolRecord | undefined
  for (const symbol of index.named(qname.slice(qname.lastIndexOf('.') + 1))) {
    if (symbol.language !== 'ruby' || (symbol.kind !== 'class' && symbol.kind !== 'module') || symbol.qname !== qname) continue
    if (found !== undefined) return undefined
    found = symbol
  }
  return found
}

/**
 * The Ruby class or module a constant path names where it is written, as Ruby looks it up: in the
 * modules and classes around the code, innermost first, then at the top level (`Logger` inside
 * `Publishing::Notifier` is `Publishing::Notifier::Logger`, `Publishing::Logger` or `::Logger`;
 * `::Logger` only the last). `caller` is the qualified name of the definition the constant is
 * written in (`Publishing.Notifier.call`); `undefined` when none of those is one definition of the index.
 *
 * @example
 * rubyConstant('Article', 'ArticlesController.index', index) // the top-level `class Article`
 */
export function rubyConstant(receiver: string, caller: string, index: SymbolIndex): SymbolRecord | undefined {
  if (!RUBY_CONSTANT.test(receiver)) return undefined
  const path = receiver.replace(/^::/, '').split('::').join('.')
  if (receiver.startsWith('::')) return definedAs(path, index)
  const around = caller.split('.')
  for (let depth = around.length; depth >= 0; depth--) {
    const found = definedAs(depth === 0 ? path : `${around.slice(0, depth).join('.')}.${path}`, index)
    if (found) return found
  }
  return undefined
}
