import type { Anchor } from './anchors.js'
import type { NlpToken } from './nlp.js'

/**
 * What the query asks for. `locate`: where must the code change (a fix, a feature, a bug
 * report, "where is X implemented"); `explain`: how something works; `find-tests`: the tests of
 * something (or tests to write); `find-entrypoints`: the handler of a route or command; `open-file`:
 * a file the query names and nothing else; `docs`: a question about the documentation;
 * `general`: none of these (a bag of keywords).
 */
export type QueryIntent = 'locate' | 'explain' | 'find-tests' | 'find-entrypoints' | 'open-file' | 'docs' | 'general'

/** The intent with the rule that decided it. */
export interface IntentDecision {
  readonly intent: QueryIntent
  /** One sentence: which rule fired, quoting the words that made it fire. */
  readonly reason: string
}

/** Verbs that ask for a change (lemmas). */
export const CHANGE_VERBS: ReadonlySet<string> = new Set(
  (
    'fix add remove delete drop support allow implement refactor change update rename move make use avoid handle prevent improve ensure expose ' +
    'deprecate replace introduce extract simplify optimize optimise reduce set mark return skip disable enable respect correct restore reject accept ' +
    'convert apply reorder inline clean upgrade migrate split merge pass check validate limit document expand extend unify speed cache ' +
    'honor honour preserve keep stop let raise throw emit log print render parse serialize format normalize strip trim guard harden bump revert'
  ).split(' '),
)

/** Words that describe a defect: a query holding one asks where to change the code. */
const DEFECT = /\b(fail(s|ed|ing|ure)?|crash(es|ed|ing)?|errors?|exceptions?|throws?|thrown|broken|bugs?|wrong|incorrect|regression|leaks?|panic(s|ked)?|hangs?|missing|ignored|does ?n[o']t|can ?n[o']t|cannot|unable|not work(ing)?|instead of|should|collisions?|overflows?|race condition|deadlocks?|vulnerab\w*|slow)\b/i

const FIND_TESTS = [
  /^(?:please\s+)?(?:find|show|list|locate|get|open|give)\s+(?:me\s+)?(?:the\s+|all\s+|any\s+)?(?:unit\s+|integration\s+|e2e\s+|end-to-end\s+)?(?:tests?|specs?|test\s+(?:cases?|files?|suites?))\b/i,
  /^(?:where|which|what)\s+(?:are|is|do|does)?\s*(?:the\s+)?(?:unit\s+|integration\s+|e2e\s+)?(?:tests?|specs?|test\s+(?:cases?|files?|suites?))\b/i,
  /^(?:write|add|create|need|missing)\s+(?:a\s+|an\s+|more\s+|some\s+|the\s+)?(?:unit\s+|integration\s+|e2e\s+|regression\s+)?(?:tests?|specs?|test\s+cases?)\s+(?:for|of|to|that|covering)\b/i,
  /^(?:unit\s+|integration\s+|e2e\s+)?(?:tests?|specs?|test\s+cases?)\s+(?:for|of|covering)\b/i,
  /^test\s+(?!(?:cases?|files?|suites?|code)\b)\S/i,
  // A few words naming what is tested, then "tests" ("retry tests", "the parser specs"); not a change ("fix flaky tests").
  /^(?!(?:fix|add|remove|update|skip|disable|enable|refactor|speed|make|run|rerun|flaky)\b)(?:[\w.#:-]+\s+){1,3}(?:unit\s+|integration\s+|e2e\s+)?(?:tests|specs)\s*\??$/i,
  /\b(?:is|are)\s+(?:\S+\s+){1,3}(?:tested|covered\s+by\s+tests?)\b/i,
]

const FIND_ENTRYPOINTS = [
  /\b(?:which|what|where)\b.{0,40}\b(?:handlers?|handles|routes?|endpoints?|controllers?|serves?|served|(?:sub)?commands?|entry ?points?|main function|cli)\b/i,
  /^(?:list|show|find)\s+(?:all\s+|the\s+)?(?:routes|endpoints|(?:sub)?commands|entry ?points|handlers)\b/i,
  /\b(?:handler|controller)\s+(?:for|of)\s+(?:the\s+)?(?:route|endpoint|command|(?:GET|POST|PUT|PATCH|DELETE)\b)/i,
]

const DOCS = /\b(?:docs?|documentation|readme|changelog|guide|tutorial|manual|documented|release notes?)\b|\bwhat(?:'s| has| was)? changed\b|\bchanges? in (?:version|release|v?\d)/i
const QUESTION_START = /^(?:how|what|why|when|who|explain|describe|is|are|does|do|can|could|should)\b/i
const WHERE_LOCATE = /^where\b/i
const OPEN = /^(?:open|show|view|cat|read|display|print)\s+(?:me\s+)?(?:the\s+)?(?:file\s+)?/i

/**
 * Decides the intent of a query from its text, its anchors and its first sentence's words, by
 * fixed rules in this order: `open-file` (the query is a path, possibly after "open"/"show"),
 * `find-tests`, `find-entrypoints` (a route or command handler, or an endpoint with a method),
 * `docs` (a question naming the documentation), `locate` (a change verb first, a "where" question,
 * or a defect word), `explain` (another question), else `locate` when the query names code,
 * else `general`. Only the first sentence decides, so "Fix X. Add a test for Y" is `locate`.
 * `tokens` are the NLP's tokens of `analysed`, the text it read (the query with code anchors
 * masked, by default the query itself).
 */
export function decideIntent(text: string, anchors: readonly Anchor[], tokens: readonly NlpToken[], analysed: string = text): IntentDecision {
  const trimmed = text.trim()
  const first = firstSentence(analysed.trim(), tokens)
  const paths = anchors.filter((a) => a.kind === 'path')
  const rest = trimmed.replace(OPEN, '').replace(/[`'"]/g, '').trim()
  if (paths.length === 1 && (rest === paths[0]!.text || rest === `${paths[0]!.text}?`)) {
    return { intent: 'open-file', reason: `the query is the path "${paths[0]!.text}"` }
  }
  for (const rule of FIND_TESTS) {
    const m = rule.exec(first)
    if (m) return { intent: 'find-tests', reason: `the first sentence asks for tests ("${m[0].trim()}")` }
  }
  const endpoint = anchors.find((a) => a.kind === 'endpoint' && a.method !== undefined)
  for (const rule of FIND_ENTRYPOINTS) {
    const m = rule.exec(first)
    if (m) return { intent: 'find-entrypoints', reason: `the first sentence asks for an entry point ("${m[0].trim()}")` }
  }
  const firstWord = firstContentWord(tokens)
  const question = QUESTION_START.test(first) || first.endsWith('?')
  if (endpoint !== undefined && (question || !CHANGE_VERBS.has(firstWord?.lemma ?? ''))) {
    return { intent: 'find-entrypoints', reason: `the query names the endpoint ${endpoint.method} ${endpoint.text}` }
  }
  const docs = DOCS.exec(first)
  if (docs && (question || /^(?:where|which|find|show)\b/i.test(first))) return { intent: 'docs', reason: `a question about the documentation ("${docs[0]}")` }
  if (firstWord !== undefined && firstWord.pos !== 'AUX' && CHANGE_VERBS.has(firstWord.lemma) && !/^(?:how|what|why|when|who)\b/i.test(first)) {
    return { intent: 'locate', reason: `the query starts with the change verb "${firstWord.text}"` }
  }
  const where = WHERE_LOCATE.exec(first)
  if (where) return { intent: 'locate', reason: 'the query asks where something is' }
  const defect = DEFECT.exec(trimmed)
  if (defect && !/^(?:how|why|what)\b/i.test(first)) return { intent: 'locate', reason: `the query describes a defect ("${defect[0]}")` }
  if (question) return { intent: 'explain', reason: 'the query is a question' }
  if (anchors.some((a) => a.kind !== 'proper') || tokens.some((t) => t.pos === 'VERB' && CHANGE_VERBS.has(t.lemma))) {
    return { intent: 'locate', reason: 'a statement that names code or a change' }
  }
  return { intent: 'general', reason: 'no rule matched' }
}

/** The first sentence by the NLP's sentence split (at most 40 words). */
function firstSentence(text: string, tokens: readonly NlpToken[]): string {
  const words = tokens.filter((t) => t.sentence === 0).map((t) => t.text)
  if (words.length === 0) return text
  // Rebuild from the original text: find where the first sentence's last token ends.
  let at = 0
  for (const word of words.slice(0, 40)) {
    const found = text.indexOf(word, at)
    if (found < 0) break
    at = found + word.length
  }
  return text.slice(0, at).trim() || text
}

/** The first token that is a word and not punctuation or a symbol. */
function firstContentWord(tokens: readonly NlpToken[]): NlpToken | undefined {
  return tokens.find((t) => t.type === 'word' && /[a-z]/i.test(t.text))
}
