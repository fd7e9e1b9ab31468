import type { SearchResult } from '@rag/core'

/**
 * The first `topK` hits of a search whose content differs from every hit before it: a context
 * for a model gains nothing from the same text twice (a declaration file mirrored as `.d.ts` and
 * `.d.cts`, `index.js` and `index.cjs`, a vendored copy). Asks `search` for twice as many, once:
 * the ranking does not depend on `k`, so the hits kept are the best distinct ones of that deeper
 * list, in order (fewer than `topK` only when it holds fewer distinct ones).
 */
export async function distinctContent(search: (topK: number) => Promise<SearchResult[]>, topK: number): Promise<SearchResult[]> {
  const seen = new Set<string>()
  const out: SearchResult[] = []
  for (const hit of await search(topK * 2)) {
    const text = hit.document.content.trim()
    if (seen.has(text)) continue
    seen.add(text)
    out.push(hit)
    if (out.length === topK) break
  }
  return out
}
