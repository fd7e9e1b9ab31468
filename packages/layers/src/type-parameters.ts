import type { SymbolRecord } from '@rag/core'
import type { SymbolIndex } from './symbol-index.js'

/** Languages whose signatures declare type parameters with `extends` bounds. */
const BOUNDED = new Set(['typescript', 'tsx'])
/** A type parameter's name: a capitalised word. */
const TYPE_PARAMETER = /^[A-Z][\w$]*$/
/** The class after a parameter's `extends`: `S extends LayerStore`, `M extends models.Model`. */
const BOUND = /^\s+extends\s+((?:[A-Za-z_$][\w$]*\.)*[A-Z][\w$]*)(?![\w$.]|\s*\[|\s*\?)/

/**
 * The class a type parameter is bounded by in the declarations around a symbol: `LayerStore` for
 * `S` in `function describeContract<S extends LayerStore>(...)` or in a method of `class
 * Harness<S extends LayerStore>`, innermost first (an inner declaration of `S` hides an outer
 * one). A value typed `S` has at least the bound's members. `undefined` when no enclosing
 * signature declares `name` with a class bound, or the language has none.
 */
export function constraintOf(name: string, sourceSymbolId: string, index: SymbolIndex): string | undefined {
  if (!TYPE_PARAMETER.test(name)) return undefined
  for (let symbol: SymbolRecord | undefined = index.symbol(sourceSymbolId); symbol; symbol = symbol.parentId ? index.symbol(symbol.parentId) : undefined) {
    if (!BOUNDED.has(symbol.language)) return undefined
    const declared = boundIn(symbol.signature, symbol.name, name)
    if (declared !== undefined) return declared || undefined
  }
  return undefined
}

/**
 * The bound of the type parameter `name` where the signature of the symbol `owner` declares it (`<S extends X`, `, S extends X`; not a
 * conditional type's `S extends X ? A : B`): `''` when the symbol's own parameter list opens with
 * it unbounded (`create<S>(`, which hides an outer `S`), `undefined` when not declared.
 */
export function boundIn(signature: string, owner: string, name: string): string | undefined {
  for (let at = signature.indexOf(name); at >= 0; at = signature.indexOf(name, at + 1)) {
    let before = at - 1
    while (before >= 0 && /\s/.test(signature[before] as string)) before--
    if (signature[before] !== '<' && signature[before] !== ',') continue
    const after = signature.slice(at + name.length)
    if (/^[\w$]/.test(after)) continue
    const bound = BOUND.exec(after)
    if (bound) return bound[1] as string
    // `open<T>(`, `open<T = Row, U>(`: declared by the symbol, with no class bound (`Promise<T>` only uses it).
    if (signature[before] === '<' && signature.slice(0, before).trimEnd().endsWith(owner) && /^\s*[,>=]/.test(after)) return ''
  }
  return undefined
}
