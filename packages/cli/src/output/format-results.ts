import type { Document, SearchResult } from '@rag/core'
import { escapeTerminal } from './escape-terminal.js'

/** A search result as `--json` prints it. */
export interface JsonResult {
  readonly rank: number
  readonly id: string
  readonly file: string | undefined
  readonly startLine: number | undefined
  readonly endLine: number | undefined
  readonly score: number
  readonly language: string | undefined
  readonly kind: string | undefined
  readonly symbol: string | undefined
  readonly metadata: Document['metadata']
  readonly content: string
  /** Each stream's rank (from 1, as the result's own `rank` and the text output), own score and share of the fused score. */
  readonly explain: readonly { stream: string; rank: number; score: number; fused: number }[]
}

const PREVIEW_LINES = 3

function num(value: unknown): number | undefined {
  return typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : undefined
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}

/** `path:start-end` for a chunk, the id for a document without a file. */
export function locationOf(document: Document): string {
  const file = str(document.metadata['file'])
  if (file === undefined) return document.id
  const start = num(document.metadata['startLine'])
  const end = num(document.metadata['endLine'])
  return start === undefined ? file : `${file}:${start}-${end ?? start}`
}

/** The JSON form of one result. */
export function toJsonResult(result: SearchResult, index: number): JsonResult {
  const { document } = result
  const m = document.metadata
  return {
    rank: index + 1,
    id: document.id,
    file: str(m['file']),
    startLine: num(m['startLine']),
    endLine: num(m['endLine']),
    score: result.score,
    language: str(m['language']),
    kind: str(m['kind']),
    symbol: str(m['qname']) ?? str(m['symbol']),
    metadata: m,
    content: document.content,
    explain: (result.explain ?? []).map(({ stream, rank, score, fused }) => ({ stream, rank: rank + 1, score, fused })),
  }
}

/** The multiplier the search applied to a result's fused sum (path priors, a definition's boost), when it is not 1. */
function priorOf(result: SearchResult): number | undefined {
  const fused = (result.explain ?? []).reduce((sum, e) => sum + e.fused, 0)
  if (fused <= 0) return undefined
  const prior = result.score / fused
  return Math.abs(prior - 1) < 1e-6 ? undefined : prior
}

/**
 * Human lines for results (one line each, corpus text escaped with `escapeTerminal`): `N. path:start-end  score S  kind symbol`, a short preview of the
 * content, and with `explain` each stream's rank and own score, and the prior the search multiplied the fused sum by.
 */
export function formatResults(results: readonly SearchResult[], { explain }: { explain: boolean }): string[] {
  const lines: string[] = []
  results.forEach((result, i) => {
    const j = toJsonResult(result, i)
    const full = [j.kind, j.symbol].filter((x) => x !== undefined && x !== '').join(' ')
    const label = full.length > 60 ? `${full.slice(0, 57)}...` : full
    // Paths, symbols and content come from the corpus: escaped, so a file cannot drive the terminal
    // (OSC 52, ESC[2J) and a newline in a file name cannot split a result's line.
    lines.push(`${String(i + 1).padStart(2)}. ${escapeTerminal(locationOf(result.document))}  score ${result.score.toFixed(4)}${label ? `  ${escapeTerminal(label)}` : ''}`)
    const preview = result.document.content
      .split('\n')
      .map((l) => l.trimEnd())
      .filter((l) => l.trim() !== '')
      .slice(0, PREVIEW_LINES)
    for (const line of preview) lines.push(`      ${escapeTerminal(line.length > 110 ? `${line.slice(0, 107)}...` : line)}`)
    if (explain) {
      for (const e of j.explain) lines.push(`      ${e.stream}: rank ${e.rank}, score ${e.score.toPrecision(4)}, fused ${e.fused.toFixed(5)}`)
      const prior = priorOf(result)
      if (prior !== undefined) lines.push(`      prior: ×${Number(prior.toPrecision(3))} (${prior > 1 ? 'boosted' : 'demoted'} for this query; score = fused sum × prior)`)
    }
  })
  return lines
}
