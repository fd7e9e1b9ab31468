import type { Arg } from '../args.js'
import type { CallFact, SymbolFact } from '../facts.js'
import { joinRoute, type DjangoEntry } from './detector.js'

/** A stretch of the file whose URL entries an entry includes: its own call (an inline list) or a list the file assigns. */
interface IncludedSpan {
  readonly start: number
  readonly end: number
  /** The including entry. */
  readonly by: DjangoEntry
  readonly route: string
}

/** Includes within includes deeper than this keep the prefixes found so far (and a cycle ends). */
const MAX_INCLUDE_DEPTH = 8

/**
 * What an `include(...)` includes, unwrapped from the `(patterns, app_name)` tuple Django also
 * takes: `include([path(...)])` and `include(([path(...)], 'session'))` a list written in place,
 * `include(extra_patterns)` a name; `include('app.urls')` a module (`mounts.ts`).
 */
export function includedArg(view: Arg | undefined): Arg | undefined {
  if (view?.kind !== 'call' || view.value !== 'include') return undefined
  const first = view.items.find((arg) => !arg.key)
  // `("app.urls", "api")` or `([path(...)], "session")`: a tuple holds the patterns first.
  return first?.kind === 'list' && first.value.startsWith('(') ? first.items[0] : first
}

/**
 * The routes an URLconf's own includes put before its entries: `path('orders/<int:id>/',
 * include(extra))` over `extra = [path('items/', ...)]` serves `orders/<int:id>/items/`, and an
 * inline list (`include(([path('login/', ...)], 'session'))`) the same; as deep as includes nest.
 * Entries no include of the file holds have none.
 */
export function djangoIncludedPrefixes(entries: readonly DjangoEntry[], symbols: readonly SymbolFact[]): Map<CallFact, string> {
  const spans: IncludedSpan[] = []
  for (const entry of entries) {
    const included = includedArg(entry.view)
    if (entry.route?.kind !== 'string' || included === undefined) continue
    if (included.kind === 'list') spans.push({ start: entry.call.offset, end: entry.call.end(), by: entry, route: entry.route.value })
    else if (included.kind === 'name') {
      const list = symbols.find((symbol) => symbol.parent === undefined && symbol.name === included.value)
      if (list) spans.push({ start: list.start, end: list.end, by: entry, route: entry.route.value })
    }
  }
  const out = new Map<CallFact, string>()
  if (spans.length === 0) return out
  const prefixOf = (call: CallFact, depth: number): string => {
    let holder: IncludedSpan | undefined
    for (const span of spans) {
      if (span.by.call === call || call.offset < span.start || call.offset >= span.end) continue
      if (holder === undefined || span.end - span.start < holder.end - holder.start) holder = span
    }
    if (holder === undefined || depth >= MAX_INCLUDE_DEPTH) return ''
    return joinRoute(prefixOf(holder.by.call, depth + 1), holder.route)
  }
  for (const entry of entries) {
    const prefix = prefixOf(entry.call, 0)
    if (prefix !== '') out.set(entry.call, prefix)
  }
  return out
}
