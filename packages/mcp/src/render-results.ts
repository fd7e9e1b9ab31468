import type { SearchResult } from '@rag/core'

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

/** A conservative token estimate: 3 characters a token (code is token-dense). */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 3)
}

function location(hit: SearchResult): { file: string; startLine: number | null; endLine: number | null; language: string | null } {
  const { file, startLine, endLine, language } = hit.document.metadata
  return {
    file: typeof file === 'string' ? file : hit.document.id,
    startLine: typeof startLine === 'number' ? startLine : null,
    endLine: typeof endLine === 'number' ? endLine : null,
    language: typeof language === 'string' ? language : null,
  }
}

function header(index: number, hit: Omit<CodeHit, 'snippet' | 'cut'>): string {
  const range = hit.startLine === null ? '' : `:${hit.startLine}-${hit.endLine ?? hit.startLine}`
  return `${index}. ${hit.file}${range}  score ${hit.score.toFixed(4)}${hit.language ? `  ${hit.language}` : ''}`
}

// Cuts `text` to at most `budget` tokens on a line boundary (at least one line, itself cut).
function cutToBudget(text: string, budget: number): string {
  const lines = text.split('\n')
  const kept: string[] = []
  let used = 0
  for (const line of lines) {
    const cost = estimateTokens(line) + 1
    if (used + cost > budget) {
      if (kept.length === 0) kept.push(line.slice(0, Math.max(0, budget * 3)))
      break
    }
    kept.push(line)
    used += cost
  }
  return kept.join('\n')
}

/**
 * Renders search hits for an agent: `N. path:start-end  score  language`, then the snippet in a
 * code fence; the whole text stays within `maxTokens` (estimated). Hits are kept in rank order;
 * the first that does not fit is cut on a line boundary (if at least a few lines fit), the rest
 * are counted in a closing note.
 */
export function renderResults(query: string, results: readonly SearchResult[], maxTokens: number): RenderedResults {
  if (results.length === 0) return { text: `No results for ${JSON.stringify(query)}.`, hits: [], omitted: 0 }
  const parts = [`${results.length} result${results.length === 1 ? '' : 's'} for ${JSON.stringify(query)}:`]
  let used = estimateTokens(parts[0] as string) + 20 // room for the closing note
  const hits: CodeHit[] = []
  for (const [i, result] of results.entries()) {
    const where = { ...location(result), score: result.score }
    const head = header(i + 1, where)
    const fence = '```'
    const frame = estimateTokens(`${head}\n${fence}${where.language ?? ''}\n\n${fence}`) + 2
    const room = maxTokens - used - frame
    const content = result.document.content.replace(/\s+$/, '')
    const whole = estimateTokens(content) + content.split('\n').length
    if (room < Math.min(whole, 20)) break
    const snippet = whole <= room ? content : cutToBudget(content, room)
    const cut = snippet.length < content.length
    parts.push(`${head}\n${fence}${where.language ?? ''}\n${snippet}${cut ? '\n…' : ''}\n${fence}`)
    used += frame + estimateTokens(snippet) + snippet.split('\n').length + (cut ? 1 : 0)
    hits.push({ ...where, snippet, cut })
    if (cut) break
  }
  const omitted = results.length - hits.length
  if (omitted > 0) parts.push(`[${omitted} more result${omitted === 1 ? '' : 's'} left out to stay within max_tokens=${maxTokens}]`)
  return { text: parts.join('\n\n'), hits, omitted }
}
