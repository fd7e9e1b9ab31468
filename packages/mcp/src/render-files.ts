import { estimateTokens, lineRangesOf, oneLine, type FileLocation, type LocatedFile } from '@rag/session'
import { quotedQuery } from './quoted-query.js'

/** One file as the `locate_files` tool returns it in structured content. */
export interface FileHit {
  readonly file: string
  readonly rank: number
  readonly score: number
  /** The best chunks' line ranges, best first (`L12-40`). */
  readonly ranges: string[]
  /** The path-prior multiplier (1 for plain source). */
  readonly prior: number
  readonly categories: string[]
  /** What each signal added before the prior. */
  readonly contributions: { signal: string; value: number }[]
}

/** What {@link renderFiles} returns: the text an agent reads, and the same data structured. */
export interface RenderedFiles {
  readonly text: string
  readonly files: FileHit[]
  /** Files left out because the budget was spent. */
  readonly omitted: number
}

function fileHit(file: LocatedFile): FileHit {
  return {
    file: file.file,
    rank: file.rank,
    score: file.score,
    ranges: lineRangesOf(file),
    prior: file.prior,
    categories: [...file.categories],
    contributions: file.contributions.map(({ signal, value }) => ({ signal, value })),
  }
}

function line(hit: FileHit): string {
  const why = hit.contributions.map((c) => `${c.signal} ${c.value.toFixed(2)}`).join(', ')
  const prior = hit.prior === 1 ? '' : `; prior x${hit.prior} (${hit.categories.join(', ')})`
  return oneLine(`${hit.rank}. ${hit.file}${hit.ranges.length > 0 ? `  ${hit.ranges.join(', ')}` : ''}  score ${hit.score.toFixed(4)}  [${why}${prior}]`)
}

/**
 * Renders a file location for an agent: the plan's reasons on one line, then one line per file
 * (`N. path  L12-40, L88-95  score S  [signal contributions; prior]`), best first, within
 * `maxTokens` by the toolkit's one token estimate. Files that do not fit are counted in a
 * closing note; a file line is never cut.
 */
export function renderFiles(location: FileLocation, maxTokens: number): RenderedFiles {
  const { query, plan, files } = location
  if (files.length === 0) return { text: `No files for ${quotedQuery(query)}.`, files: [], omitted: 0 }
  const header = `Files for ${quotedQuery(query)} (${plan.reasons.join('; ')}):`
  const lines = [header]
  const kept: FileHit[] = []
  // Room for the closing note, so the whole text stays within the budget.
  const note = (omitted: number): string => `[${omitted} file${omitted === 1 ? '' : 's'} omitted to fit the ${maxTokens}-token budget]`
  let used = estimateTokens(header)
  for (const [i, file] of files.entries()) {
    const hit = fileHit(file)
    const text = line(hit)
    const rest = files.length - i - 1
    const cost = estimateTokens(`\n${text}`) + (rest > 0 ? estimateTokens(`\n${note(rest)}`) : 0)
    if (used + cost > maxTokens) break
    used += estimateTokens(`\n${text}`)
    lines.push(text)
    kept.push(hit)
  }
  const omitted = files.length - kept.length
  if (kept.length === 0) {
    return { text: `${files.length} file${files.length === 1 ? '' : 's'} for ${quotedQuery(query)}, but not even the first fits max_tokens=${maxTokens}; raise max_tokens.`, files: [], omitted }
  }
  if (omitted > 0) lines.push(note(omitted))
  return { text: lines.join('\n'), files: kept, omitted }
}
