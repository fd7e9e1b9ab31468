import { lineRangesOf, type FileLocation, type LocatedFile, type QueryPlan } from '@rag/session'
import { escapeTerminal } from './escape-terminal.js'

/** `rag search --files --json`: the location as the session returns it, with where and how long. */
export interface JsonFileLocation extends FileLocation {
  readonly root: string
  readonly topK: number
  readonly tookMs: number
}

const SIGNAL_DIGITS = 3

/** The plan in one or a few lines: intent and why, anchors, content words, priors, depth. */
export function formatPlan(plan: QueryPlan): string[] {
  const lines = plan.reasons.map((reason) => `plan: ${escapeTerminal(reason)}`)
  if (plan.terms.length > 0) lines.push(`plan: terms ${escapeTerminal(plan.terms.join(', '))}`)
  const priors = [
    ...(plan.priors.demote.length > 0 ? [`demote ${plan.priors.demote.join(', ')}`] : []),
    ...(plan.priors.boost.length > 0 ? [`boost ${plan.priors.boost.join(', ')}`] : []),
  ]
  lines.push(`plan: ${priors.length > 0 ? `${priors.join('; ')}; ` : ''}${plan.limits.chunks} chunks searched`)
  return lines
}

/** What each signal added, and the prior: `first-hit 0.984, definitions 1.000; prior x0.25 (test)`. */
export function formatContributions(file: LocatedFile): string {
  const parts = file.contributions.map((c) => `${c.signal} ${c.value.toFixed(SIGNAL_DIGITS)}`).join(', ')
  const prior = file.prior === 1 ? '' : `; prior x${file.prior}${file.categories.length > 0 ? ` (${file.categories.join(', ')})` : ''}`
  return `${parts}${prior}`
}

/**
 * `rag search --files`: one line per file, `path  L12-40, L88-95  score S`, best first; the path
 * comes from the corpus and is escaped for the terminal. With `explain`, the plan first and each
 * file's signal contributions below it.
 */
export function formatFiles(location: FileLocation, { explain }: { readonly explain: boolean }): string[] {
  const lines = explain ? formatPlan(location.plan) : []
  for (const file of location.files) {
    const ranges = lineRangesOf(file)
    lines.push(`${escapeTerminal(file.file)}${ranges.length > 0 ? `  ${ranges.join(', ')}` : ''}  score ${file.score.toFixed(4)}`)
    if (explain) lines.push(`      ${formatContributions(file)}`)
  }
  return lines
}
