import type { EvalCorpus, FunctionTarget } from '../corpus/eval-corpus.js'
import { fnv1a } from '../corpus/real-code.js'

/** Which half of the queries: tune on `dev`, report `test`. */
export type Split = 'dev' | 'test'

/** One CodeSearchNet-style query: a docstring's first sentence and the function it came from. */
export interface Query {
  /** `corpus:file:qname:startLine`; the split and the sample are fixed hashes of it. */
  readonly id: string
  readonly corpus: string
  readonly text: string
  readonly target: FunctionTarget
  readonly split: Split
}

/** Why candidate functions were left out, for the report. */
export interface QueryStats {
  readonly documented: number
  readonly tooShortQuery: number
  readonly tooShortFunction: number
  readonly excludedName: number
  readonly duplicateQuery: number
  readonly eligible: number
  readonly sampled: number
  readonly dev: number
  readonly test: number
}

const SENTENCE = /^(.+?[.!?])(?=\s+["'(`[]?[A-Z0-9]|\s*$)/

/**
 * The first sentence of a docstring or JSDoc description, as plain text: first paragraph only,
 * `{@link X}` becomes `X`, markdown images go, links keep their text, HTML tags and backticks go,
 * whitespace collapses; then everything up to the first `.`, `!` or `?` that ends the text or is
 * followed by a capitalised word (so `e.g. this` and `context.prec` do not end it).
 *
 * @example
 * firstSentence('Return the size.\n\nMore text.') // 'Return the size.'
 */
export function firstSentence(doc: string): string {
  const paragraph = (doc.trim().split(/\n\s*\n/)[0] ?? '')
    .replace(/\{@link(?:code|plain)?\s+([^}|\s]+)[^}]*\}/g, '$1')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/`/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  return SENTENCE.exec(paragraph)?.[1] ?? paragraph
}

function isExcludedName(name: string): boolean {
  return /test/i.test(name) || /^__\w+__$/.test(name) || name === 'constructor'
}

/** Options of {@link buildQueries}. */
export interface QueryOptions {
  /** At most this many queries, chosen by a fixed hash of their ids. @default Infinity */
  readonly maxQueries?: number
}

/**
 * The queries of a corpus, CodeSearchNet's way: one per documented function, its docstring's
 * first sentence. Left out, as CodeSearchNet does: queries of fewer than three words, functions
 * of fewer than three lines, names containing `test`, constructors and dunder methods; and any
 * query whose text occurs twice in the corpus (its target would be ambiguous). The rest are
 * sampled by a fixed hash of the id and split into halves by another.
 */
export function buildQueries(corpus: EvalCorpus, { maxQueries = Number.POSITIVE_INFINITY }: QueryOptions = {}): { queries: Query[]; stats: QueryStats } {
  let tooShortQuery = 0
  let tooShortFunction = 0
  let excludedName = 0
  const candidates: { id: string; text: string; target: FunctionTarget }[] = []
  for (const target of corpus.functions) {
    if (isExcludedName(target.name)) {
      excludedName++
      continue
    }
    if (target.endLine - target.startLine + 1 < 3) {
      tooShortFunction++
      continue
    }
    const text = firstSentence(target.docstring)
    if (text.split(/\s+/).filter((w) => /\w/.test(w)).length < 3) {
      tooShortQuery++
      continue
    }
    candidates.push({ id: `${corpus.name}:${target.file}:${target.qname}:${target.startLine}`, text, target })
  }
  const counts = new Map<string, number>()
  for (const c of candidates) counts.set(c.text.toLowerCase(), (counts.get(c.text.toLowerCase()) ?? 0) + 1)
  const unique = candidates.filter((c) => counts.get(c.text.toLowerCase()) === 1)
  const sampled = unique
    .map((c) => ({ c, h: fnv1a(`sample:${c.id}`) }))
    .sort((a, b) => a.h - b.h || (a.c.id < b.c.id ? -1 : 1))
    .slice(0, maxQueries)
    .map(({ c }) => c)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  const queries: Query[] = sampled.map((c) => ({ ...c, corpus: corpus.name, split: fnv1a(`split:${c.id}`) % 2 === 0 ? 'dev' : 'test' }))
  const dev = queries.filter((q) => q.split === 'dev').length
  return {
    queries,
    stats: {
      documented: corpus.functions.length,
      tooShortQuery,
      tooShortFunction,
      excludedName,
      duplicateQuery: candidates.length - unique.length,
      eligible: unique.length,
      sampled: queries.length,
      dev,
      test: queries.length - dev,
    },
  }
}
