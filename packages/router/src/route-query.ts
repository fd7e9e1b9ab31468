import { assertQuery } from '@rag/core'
import { extractAnchors, type Anchor } from './anchors.js'
import { decideIntent, CHANGE_VERBS, type QueryIntent } from './intent.js'
import { createWinkNlp, type NlpToken, type QueryNlp } from './nlp.js'
import { levelCategories, namedCategories, routeCategories, usageCategories } from './named-categories.js'
import { INTENT_PLANS, type PlanCategory, type PlanLayer } from './plan.js'

/**
 * Which words the streams search for: the query as written (`original`), every prose word
 * replaced by its lemma with code anchors untouched (`lemmas`), or the query followed by the
 * lemmas that differ from their words (`original+lemmas`).
 */
export type QueryTerms = 'original' | 'lemmas' | 'original+lemmas'

/** A query's retrieval plan: what it asks, what it names, and how to search and rank for it. */
export interface QueryPlan {
  /** The query as given. */
  readonly query: string
  readonly intent: QueryIntent
  readonly anchors: readonly Anchor[]
  /** Lower-case content words of the prose (no stop words, no change verbs), each once, in order. */
  readonly terms: readonly string[]
  /** The text to give the search streams (see {@link QueryTerms}). */
  readonly searchText: string
  /** Words under a negation ("does not reconnect": `reconnect`), lower case. */
  readonly negated: readonly string[]
  readonly priors: { readonly demote: readonly PlanCategory[]; readonly boost: readonly PlanCategory[] }
  /** What to search: chunk streams, whole-file lists, symbols (C1), the graph (C2), entrypoints (C3). */
  readonly layers: readonly PlanLayer[]
  /** Chunks to ask of the streams, files to return. */
  readonly limits: { readonly chunks: number; readonly files: number }
  /** Why: the intent rule that fired, and the anchors found. */
  readonly reasons: readonly string[]
}

/** Options of {@link createQueryRouter}. */
export interface QueryRouterOptions {
  /**
   * The natural-language side; `false` for none (intent from patterns only, no lemmas, every
   * token a plain word).
   * @default createWinkNlp()
   */
  readonly nlp?: QueryNlp | false
  /** @default 'original' (lemmas lowered dev R@10 from 0.858 to 0.810; bench localization suite) */
  readonly queryTerms?: QueryTerms
}

/** Routes queries to plans. */
export interface QueryRouter {
  route(query: string): QueryPlan
}

/** Words of commit messages and requests that name no place in the code. */
const NOISE = new Set(['test', 'tests', 'testing', 'pr', 'issue', 'issues', 'commit', 'code', 'review', 'also', 'new', 'item', 'thing', 'things', 'way', 'case', 'cases', 'bug', 'fixes', 'feat'])

// Anchors other than capitalised words are code: the NLP sees a placeholder noun instead, so
// `ky.extend()` never becomes "Kentucky extend".
const PLACEHOLDER = 'item'

function maskAnchors(text: string, anchors: readonly Anchor[]): string {
  let out = ''
  let at = 0
  for (const anchor of anchors) {
    if (anchor.kind === 'proper' || anchor.kind === 'message' || anchor.offset < at) continue
    const end = text.indexOf(anchor.text, anchor.offset)
    if (end !== anchor.offset) continue
    out += text.slice(at, anchor.offset) + PLACEHOLDER
    at = anchor.offset + anchor.text.length
  }
  return (out + text.slice(at)).replace(/`/g, ' ')
}

function plainTokens(text: string): NlpToken[] {
  return (text.match(/[\p{L}\p{N}_']+|[^\s\p{L}\p{N}_']/gu) ?? []).map((word) => ({
    text: word,
    lemma: word.toLowerCase(),
    pos: /^[\p{L}]/u.test(word) ? 'X' : 'PUNCT',
    type: /^[\p{L}\p{N}]/u.test(word) ? 'word' : 'punctuation',
    stop: false,
    negated: false,
    sentence: 0,
  }))
}

function contentTerms(tokens: readonly NlpToken[]): string[] {
  const out = new Set<string>()
  for (const token of tokens) {
    const word = token.text.toLowerCase()
    if (token.stop || token.type !== 'word' || token.pos === 'AUX' || word.length < 3 || NOISE.has(word) || !/^[\p{L}][\p{L}\p{N}_-]*$/u.test(word)) continue
    // A change verb in its base form ("fix", "add") asks for the change; "handling" names a thing.
    if (token.pos === 'VERB' && CHANGE_VERBS.has(token.lemma) && word === token.lemma) continue
    out.add(word)
  }
  return [...out]
}

function searchTextOf(query: string, anchors: readonly Anchor[], tokens: readonly NlpToken[], mode: QueryTerms): string {
  if (mode === 'original') return query
  const changed = tokens.filter((t) => t.type === 'word' && t.text.toLowerCase() !== t.lemma && t.lemma !== PLACEHOLDER)
  if (mode === 'original+lemmas') return changed.length === 0 ? query : `${query} ${changed.map((t) => t.lemma).join(' ')}`
  // Lemmas: prose words replaced in place; anchors (code) kept as written.
  const code = anchors.filter((a) => a.kind !== 'proper' && a.kind !== 'message').map((a) => a.text)
  const prose = tokens.filter((t) => t.type === 'word' && t.text !== PLACEHOLDER).map((t) => t.lemma)
  return [...code, ...prose].join(' ')
}

/**
 * Creates a router: query -> intent (rule-based: `decideIntent`), anchors (`extractAnchors`), content
 * words, search text, and the intent's plan (`INTENT_PLANS`). Deterministic; no network, no model
 * download (the NLP is an npm package). Synchronous; the NLP loads on the first query.
 *
 * @example
 * const router = createQueryRouter()
 * router.route('Fix `ky.extend()` dropping hooks').intent // 'locate'
 */
export function createQueryRouter(options: QueryRouterOptions = {}): QueryRouter {
  const { queryTerms = 'original' } = options
  let nlp: QueryNlp | false | undefined = options.nlp
  return {
    route(query) {
      assertQuery(query)
      const anchors = extractAnchors(query)
      nlp ??= createWinkNlp()
      const masked = maskAnchors(query, anchors)
      const tokens = nlp === false ? plainTokens(masked) : nlp.analyze(masked)
      const proper = new Set(tokens.filter((t) => t.pos === 'PROPN' || t.pos === 'NOUN' || t.pos === 'X').map((t) => t.text))
      // A capitalised word is kept as a possible type name only where the NLP reads it as a noun.
      const kept = nlp === false ? anchors : anchors.filter((a) => a.kind !== 'proper' || proper.has(a.text))
      const decision = decideIntent(query, kept, tokens, masked)
      const plan = INTENT_PLANS[decision.intent]
      const named = kept.filter((a) => a.kind !== 'proper')
      // Categories a question names ("an example of ...") are boosted rather than demoted; a change
      // request that mentions one ("fix the example's ...") still asks for source (bench localization suite).
      const question = decision.intent === 'explain' || decision.intent === 'general'
      const asked = question ? namedCategories(query).filter((c) => !plan.boost.includes(c)) : []
      // "How do I ...": docs, examples and prose are answers too, kept level with source; so is the configuration a question names.
      const usage = question ? [...usageCategories(query), ...levelCategories(query)] : []
      // Categories a route's path names stay level with source for any intent: the route's pages live there.
      const routed = routeCategories(kept.filter((a) => a.kind === 'endpoint').map((a) => a.text)).filter((c) => plan.demote.includes(c) && !asked.includes(c))
      const level = [...new Set([...usage, ...routed])].filter((c) => !asked.includes(c))
      return {
        query,
        intent: decision.intent,
        anchors: kept,
        terms: contentTerms(tokens),
        searchText: searchTextOf(query, kept, tokens, queryTerms),
        negated: [...new Set(tokens.filter((t) => t.negated && t.type === 'word' && !t.stop).map((t) => t.text.toLowerCase()))],
        priors: asked.length === 0 && level.length === 0 ? { demote: plan.demote, boost: plan.boost } : { demote: plan.demote.filter((c) => !asked.includes(c) && !level.includes(c)), boost: [...plan.boost, ...asked] },
        layers: plan.layers,
        limits: { chunks: plan.chunks, files: plan.files },
        reasons: [
          `intent ${decision.intent}: ${decision.reason}`,
          ...(named.length > 0 ? [`anchors: ${named.map((a) => `${a.kind} ${a.method ? `${a.method} ` : ''}${a.text}`).join(', ')}`] : []),
          ...(asked.length > 0 ? [`asks for: ${asked.join(', ')}`] : []),
          ...(usage.length > 0 ? [`a usage question: ${[...new Set(usage)].filter((c) => !asked.includes(c)).join(', ')} not demoted`] : []),
          ...(routed.length > 0 ? [`a route's path names: ${routed.join(', ')} (not demoted)`] : []),
        ],
      }
    },
  }
}

let defaultRouter: QueryRouter | undefined

/**
 * Routes one query with the default router (wink-nlp, original query terms).
 *
 * @throws InvalidArgumentError for an empty query.
 * @example
 * routeQuery('where are the tests for parseArgs?') // { intent: 'find-tests', anchors: [{ kind: 'identifier', text: 'parseArgs', ... }], ... }
 */
export function routeQuery(query: string): QueryPlan {
  defaultRouter ??= createQueryRouter()
  return defaultRouter.route(query)
}
