/**
 * The 56 English stop words both analyzers drop by default. The seeds say "56 common English
 * words" without listing them, so this list is ours: articles, pronouns, forms of be/have/do,
 * prepositions, conjunctions and question words, the words that carry no meaning in a query like
 * "how does the auth middleware work". Negations (`not`, `no`) and code keywords (`if`, `new`,
 * `null`, `return`, `while`) are deliberately kept. One-letter words are absent because the
 * tokenizer drops them anyway.
 *
 * @example
 * STOP_WORDS.includes('the') // true
 */
export const STOP_WORDS: readonly string[] = Object.freeze([
  // articles and demonstratives (6)
  'an', 'the', 'this', 'that', 'these', 'those',
  // pronouns (9)
  'it', 'its', 'they', 'them', 'their', 'we', 'our', 'you', 'your',
  // be, have, do (13)
  'is', 'are', 'was', 'were', 'be', 'been', 'being', 'has', 'have', 'had', 'do', 'does', 'did',
  // prepositions (11)
  'of', 'in', 'on', 'at', 'by', 'to', 'from', 'with', 'about', 'into', 'for',
  // conjunctions (7)
  'and', 'or', 'but', 'so', 'as', 'than', 'then',
  // question words and modals (10)
  'there', 'which', 'what', 'who', 'how', 'when', 'where', 'will', 'would', 'can',
])
