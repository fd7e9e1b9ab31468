import { assertQuery, RagError, type Document, type SearchResult } from '@rag/core'
import { fitToBudget, renderAll, type LineCut } from './budget.js'
import { createFencedLayout } from './fenced-format.js'
import { assertResultList, readHits } from './hits.js'
import type { PromptLayout } from './layout.js'
import { resolveOptions, type ContextPromptOptions, type ResolvedOptions } from './options.js'
import { createListLayout } from './list-format.js'
import { createPlainLayout } from './plain-format.js'
import { checkedCounter, type TokenCounter } from './token-count.js'

/**
 * What happened while rendering:
 * - `complete`: every hit is in the prompt, whole;
 * - `truncated`: the budget cut the last kept hit short and/or omitted later hits (a marker in the
 *   frame says so);
 * - `no-results`: `results` was empty; the prompt is the query;
 * - `over-budget`: not even part of the first hit fits `maxTokens`; the prompt is the query;
 * - `failed`: a hit was malformed or `countTokens` failed; the prompt is the query and `error` says why.
 */
export type RenderStatus = 'complete' | 'truncated' | 'no-results' | 'over-budget' | 'failed'

/** A hit, by its position in `results` and its document id. */
export interface RenderedResult {
  /** Position in the `results` array, from 0 (its rank). */
  readonly index: number
  /** The document's id. */
  readonly id: string
}

/** The hit that was cut short to fit the budget. */
export interface TruncatedResult extends RenderedResult, LineCut {}

/** The prompt and an account of what went into it, for explain output and UIs. */
export interface ContextPromptRender {
  /** The prompt to send; the query itself when nothing was rendered. */
  readonly prompt: string
  /** What happened; see {@link RenderStatus}. */
  readonly status: RenderStatus
  /** Hits rendered whole, in rank order. */
  readonly included: readonly RenderedResult[]
  /** The hit rendered cut short, right after `included`, if any. */
  readonly truncated: TruncatedResult | undefined
  /** Hits left out. `included`, `truncated` and `omitted` partition `results`, except on `failed`, where all are empty. */
  readonly omitted: readonly RenderedResult[]
  /** `countTokens(prompt)`; `undefined` only when the counter failed on the returned prompt. */
  readonly tokens: number | undefined
  /** Why rendering failed (`status: 'failed'`); otherwise `undefined`. */
  readonly error: RagError | undefined
}

function layoutFor(query: string, options: ResolvedOptions, results: readonly SearchResult[]): PromptLayout {
  if (options.format === 'plain') return createPlainLayout(query)
  if (options.format === 'list') return createListLayout(query, results.map((hit) => hit.score))
  return createFencedLayout(query, options)
}

function tryCount(count: TokenCounter, text: string): number | undefined {
  try {
    return count(text)
  } catch {
    return undefined
  }
}

function asRagError(error: unknown): RagError {
  if (error instanceof RagError) return error
  const detail = error instanceof Error ? error.message : String(error)
  return new RagError('INTERNAL', `Rendering the context prompt failed: ${detail}`, { cause: error })
}

const entries = (documents: readonly Document[], from: number, to = documents.length): RenderedResult[] =>
  documents.slice(from, to).map((document, i) => ({ index: from + i, id: document.id }))

/**
 * Renders search results into a context prompt and reports what went in: which hits are whole,
 * which one was cut short, which were omitted, and the token count. `buildContextPrompt` returns
 * just its `prompt`.
 *
 * Arguments and options are checked first and throw, because they are programming errors. After
 * that nothing throws: a malformed hit or a failing `countTokens` makes the prompt the query
 * unchanged (as seed 001 prescribes for a rendering failure), with `status: 'failed'` and the
 * reason in `error`. Without `maxTokens` the counter only fills `tokens` and cannot fail the render.
 *
 * @param query - The user's message; must contain a non-whitespace character. Inserted unchanged.
 * @param results - Hits in rank order (best first), e.g. from `HybridRetriever.retrieve`.
 * @param options - See {@link ContextPromptOptions}.
 * @throws InvalidArgumentError for an empty or non-string query, a `results` that is not an
 * array, or an invalid option (naming it and the received value).
 *
 * @example
 * const { prompt, included, omitted, tokens } = renderContextPrompt('How does auth work?', hits, { maxTokens: 2000 })
 */
export function renderContextPrompt(
  query: string,
  results: readonly SearchResult[],
  options?: ContextPromptOptions,
): ContextPromptRender {
  assertQuery(query)
  assertResultList(results)
  const resolved = resolveOptions(options)
  const count = checkedCounter(resolved.countTokens)
  const report = { truncated: undefined, error: undefined }

  if (results.length === 0) {
    return { ...report, prompt: query, status: 'no-results', included: [], omitted: [], tokens: tryCount(count, query) }
  }
  try {
    const documents = readHits(results)
    const layout = layoutFor(query, resolved, results)
    if (resolved.maxTokens === undefined) {
      const prompt = renderAll(layout, documents)
      return { ...report, prompt, status: 'complete', included: entries(documents, 0), omitted: [], tokens: tryCount(count, prompt) }
    }
    const fit = fitToBudget(layout, documents, resolved.maxTokens, count)
    if (fit === undefined) {
      return { ...report, prompt: query, status: 'over-budget', included: [], omitted: entries(documents, 0), tokens: tryCount(count, query) }
    }
    const cutAt = fit.full
    const truncated = fit.cut === undefined ? undefined : { index: cutAt, id: (documents[cutAt] as Document).id, ...fit.cut }
    const rest = cutAt + (truncated === undefined ? 0 : 1)
    return {
      ...report,
      prompt: fit.prompt,
      status: rest === documents.length && truncated === undefined ? 'complete' : 'truncated',
      included: entries(documents, 0, cutAt),
      truncated,
      omitted: entries(documents, rest),
      tokens: fit.tokens,
    }
  } catch (error) {
    return { ...report, prompt: query, status: 'failed', included: [], omitted: [], tokens: tryCount(count, query), error: asRagError(error) }
  }
}

/**
 * Renders search results into a context prompt for an LLM: by default the injection-safe fence
 * of seed 001 (`<rag-memory>` with one XML-escaped `<evidence>` per hit, then the query in
 * `<rag-user-message>`), or the plain layout of seed 000. Pure and synchronous.
 *
 * - No results: the query, unchanged.
 * - A malformed hit, or with `maxTokens` a `countTokens` that throws or returns a bad count: the
 *   query, unchanged (seed 001); use {@link renderContextPrompt} to see why.
 * - With `maxTokens`: the prompt's count never exceeds it; hits are kept in rank order, the first
 *   that does not fit is cut on a line boundary or dropped, and a marker in the frame says what
 *   was left out. If not even part of the first hit fits, the query is returned unchanged, even
 *   when the query alone is longer than the budget.
 * - The query is never escaped: it is the user's own message. A query that contains
 *   `</rag-user-message>` can close its element early; escape untrusted queries yourself with
 *   `escapeXml` if that matters.
 *
 * The session layer's `rag.buildContextPrompt(query, topK)` searches and then calls this.
 *
 * @throws InvalidArgumentError for an empty or non-string query, a `results` that is not an
 * array, or an invalid option.
 *
 * @example
 * const hits = await retriever.retrieve('How does auth work?', 5)
 * const prompt = buildContextPrompt('How does auth work?', hits, { maxTokens: 4000 })
 */
export function buildContextPrompt(query: string, results: readonly SearchResult[], options?: ContextPromptOptions): string {
  return renderContextPrompt(query, results, options).prompt
}
