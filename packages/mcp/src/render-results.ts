import type { SearchResult } from '@rag/core'
import { renderContextPrompt } from '@rag/session'
import { quotedQuery } from './quoted-query.js'

/** One search hit as the `search_code` tool returns it in structured content. */
export interface CodeHit {
  readonly file: string
  readonly startLine: number | null
  readonly endLine: number | null
  readonly score: number
  readonly language: string | null
  /** The chunk text, possibly cut on a line boundary to fit the budget. */
  readonly snippet: string
  /** `true` when `snippet` is shorter than the chunk. */
  readonly cut: boolean
}

/** What {@link renderResults} returns: the text an agent reads, and the same data structured. */
export interface RenderedResults {
  readonly text: string
  readonly hits: CodeHit[]
  /** Results left out because the budget was spent. */
  readonly omitted: number
}

function codeHit(hit: SearchResult, keptLines?: number): CodeHit {
  const { file, startLine, endLine, language } = hit.document.metadata
  const content = hit.document.content.replace(/\s+$/, '')
  const snippet = keptLines === undefined ? content : content.split('\n').slice(0, keptLines).join('\n')
  return {
    file: typeof file === 'string' ? file : hit.document.id,
    startLine: typeof startLine === 'number' ? startLine : null,
    endLine: typeof endLine === 'number' ? endLine : null,
    score: hit.score,
    language: typeof language === 'string' ? language : null,
    snippet,
    cut: keptLines !== undefined,
  }
}

/**
 * Renders search hits for an agent with `@rag/prompt`'s list format (through `@rag/session`):
 * `N. path:start-end  score  language`, then the snippet in a code fence; the whole text stays
 * within `maxTokens` by the toolkit's one token estimate and budget. Hits are kept in rank order;
 * the first that does not fit is cut on a line boundary, the rest are counted in a closing note.
 */
export function renderResults(query: string, results: readonly SearchResult[], maxTokens: number): RenderedResults {
  if (results.length === 0) return { text: `No results for ${quotedQuery(query)}.`, hits: [], omitted: 0 }
  const render = renderContextPrompt(query, results, { format: 'list', maxTokens })
  if (render.status === 'over-budget' || render.status === 'failed') {
    const n = results.length
    return { text: `${n} result${n === 1 ? '' : 's'} for ${quotedQuery(query)}, but not even the first fits max_tokens=${maxTokens}; raise max_tokens.`, hits: [], omitted: n }
  }
  const hits = render.included.map(({ index }) => codeHit(results[index]!))
  if (render.truncated !== undefined) hits.push(codeHit(results[render.truncated.index]!, render.truncated.keptLines))
  return { text: render.prompt.trimEnd(), hits, omitted: render.omitted.length }
}
