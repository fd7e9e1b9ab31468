import type { Analyzer } from '@rag/core'
import { nextEpoch, termIdPath, Uint32List, type TermResolver, type TermTable } from '@rag/lexical'

/**
 * Appends the term ids of `text` (as `analyze` or `analyzeQuery` gives its terms) to `out`, through
 * the analyzer's term-id shortcut when it has one (no strings built for tokens seen before).
 * `resolver.idOf` decides what a term maps to: a growing table while counting, a fixed
 * vocabulary (unknown terms to one id) while embedding.
 */
export function appendTermIds(analyzer: Analyzer, text: string, resolver: TermResolver, out: Uint32List, query = false): void {
  const path = query ? undefined : termIdPath(analyzer)
  if (path) {
    path.appendIds(text, resolver, out)
    return
  }
  for (const term of query ? analyzer.analyzeQuery(text) : analyzer.analyze(text)) out.push(resolver.idOf(term))
}

/** A resolver that adds every new term to `table`. */
export function growingResolver(table: TermTable): TermResolver {
  return { epoch: nextEpoch(), idOf: (term) => table.intern(term) }
}

/** A resolver over a fixed vocabulary: known terms to their ids, every other term to `unknown`. */
export function fixedResolver(table: TermTable, unknown: number): TermResolver {
  return { epoch: nextEpoch(), idOf: (term) => table.id(term) ?? unknown }
}

export { Uint32List }
