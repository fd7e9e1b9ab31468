import type { Document } from '@rag/core'
import { blockText, type PromptLayout, type RenderedBlock } from './layout.js'
import type { TokenCounter } from './token-count.js'

/** How much of the last kept hit survived a cut. */
export interface LineCut {
  /** Lines of content kept, from the top. */
  readonly keptLines: number
  /** Lines of content the hit has. */
  readonly totalLines: number
}

/** A prompt that fits the budget, and what it holds. */
export interface BudgetFit {
  /** The prompt; `tokens <= maxTokens`. */
  readonly prompt: string
  /** Its token count, as measured. */
  readonly tokens: number
  /** How many hits, from the first, are rendered whole. */
  readonly full: number
  /** Set when the hit after the whole ones is rendered cut short. */
  readonly cut: LineCut | undefined
}

/** Renders every hit with no budget. */
export function renderAll(layout: PromptLayout, documents: readonly Document[]): string {
  let text = layout.start
  documents.forEach((document, rank) => (text += blockText(layout.block(document, rank))))
  return text + layout.end
}

/**
 * The note inside the truncation marker, e.g.
 * `last result cut to 12 of 40 lines and 2 results omitted to fit the 800-token budget`.
 */
export function truncationNote(cut: LineCut | undefined, omitted: number, maxTokens: number): string {
  const parts: string[] = []
  if (cut !== undefined) parts.push(`last result cut to ${cut.keptLines} of ${cut.totalLines} lines`)
  if (omitted > 0) parts.push(`${omitted} ${omitted === 1 ? 'result' : 'results'} omitted`)
  return `${parts.join(' and ')} to fit the ${maxTokens}-token budget`
}

/** Offsets of the `\n` characters of a text, and how many lines it has (a final `\n` ends the last line). */
function lineBreaks(text: string): { breaks: number[]; totalLines: number } {
  const breaks: number[] = []
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) breaks.push(at)
  const totalLines = text.endsWith('\n') ? breaks.length : breaks.length + 1
  return { breaks, totalLines }
}

/**
 * The largest `k` in `[0, max]` for which `fits(k)` holds, assuming that once it fails it fails
 * for every larger `k`; 0 when `fits(1)` fails. Gallops (1, 2, 4, ...) and then bisects, so it
 * evaluates `fits` about `2 log2 k` times and never past twice the answer. Every returned `k > 0`
 * was evaluated and held, so a counter that is not monotone can cost hits but never break the
 * budget.
 */
export function largestFitting(max: number, fits: (k: number) => boolean): number {
  let lo = 0
  let probe = 1
  while (probe <= max && fits(probe)) {
    lo = probe
    probe *= 2
  }
  let hi = Math.min(probe, max + 1)
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1
    if (fits(mid)) lo = mid
    else hi = mid
  }
  return lo
}

/**
 * Fits hits into `maxTokens`, in rank order:
 *
 * 1. all hits whole, if that fits (no marker);
 * 2. otherwise the most leading hits that fit whole together with the marker;
 * 3. then the next hit cut on a line boundary to as many lines as fit, if that keeps at least one
 *    non-blank line (its header names the lines kept); otherwise it is dropped. Hits after it are omitted.
 *
 * Each candidate is measured as the whole prompt, so the marker and the frame are always inside
 * the budget, whatever the counter. Blocks are rendered (escaped) once and candidates share their
 * prefixes; the number of candidates measured grows with the logarithm of the hits and of the
 * lines kept, not with their count, and no candidate is built line by line.
 *
 * @returns `undefined` when not even part of the first hit fits.
 */
export function fitToBudget(
  layout: PromptLayout,
  documents: readonly Document[],
  maxTokens: number,
  count: TokenCounter,
): BudgetFit | undefined {
  const n = documents.length
  const blocks: RenderedBlock[] = []
  const prefixes: string[] = ['']
  const block = (i: number): RenderedBlock => (blocks[i] ??= layout.block(documents[i] as Document, i))
  const prefix = (k: number): string => {
    while (prefixes.length <= k) {
      const i = prefixes.length - 1
      prefixes.push((prefixes[i] as string) + blockText(block(i)))
    }
    return prefixes[k] as string
  }
  const compose = (full: number, partial: string, cut: LineCut | undefined): string => {
    const omitted = n - full - (cut === undefined ? 0 : 1)
    const marker = cut !== undefined || omitted > 0 ? layout.marker(truncationNote(cut, omitted, maxTokens)) : ''
    return layout.start + prefix(full) + partial + marker + layout.end
  }
  const measure = (full: number, partial = '', cut?: LineCut): BudgetFit | undefined => {
    const prompt = compose(full, partial, cut)
    const tokens = count(prompt)
    return tokens <= maxTokens ? { prompt, tokens, full, cut } : undefined
  }

  const everything = measure(n)
  if (everything !== undefined) return everything

  // `largestFitting` returns the largest k it saw fit, so its fit is the one recorded for it.
  const wholeFits = new Map<number, BudgetFit>()
  const full = largestFitting(n - 1, (k) => {
    const fit = measure(k)
    if (fit !== undefined) wholeFits.set(k, fit)
    return fit !== undefined
  })

  const next = block(full)
  const { breaks, totalLines } = lineBreaks(next.body)
  const kept = (lines: number): string => next.body.slice(0, breaks[lines - 1])
  // The cut hit's header names the lines it keeps (`lines 190-211`, not the chunk's 190-259).
  const cutDocument = documents[full] as Document
  const startLine = cutDocument.metadata['startLine']
  const header = (lines: number): string =>
    typeof startLine === 'number' && typeof cutDocument.metadata['endLine'] === 'number'
      ? layout.block({ ...cutDocument, metadata: { ...cutDocument.metadata, endLine: startLine + lines - 1 } }, full).before
      : next.before
  const cutFits = new Map<number, BudgetFit>()
  let lo = 0
  let hi = totalLines
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1
    const fit = measure(full, header(mid) + kept(mid) + next.after, { keptLines: mid, totalLines })
    if (fit === undefined) {
      hi = mid
    } else {
      cutFits.set(mid, fit)
      lo = mid
    }
  }
  if (lo > 0 && /\S/.test(kept(lo))) return cutFits.get(lo)
  return wholeFits.get(full)
}
