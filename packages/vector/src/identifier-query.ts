/** One identifier, or a qualified one (`a.b`, `a::b`, `a#b`, `a/b`, `a-b`), and nothing else. */
const IDENTIFIER = /^[\p{L}_$][\p{L}\p{N}_$]*(?:(?:\.|::|#|\/|-)[\p{L}_$][\p{L}\p{N}_$]*)*(?:\(\))?$/u

/**
 * Whether `query` is an exact-identifier lookup: a single symbol name such as `getAuthToken`,
 * `get_auth_token`, `TextWrapper.fill` or `std::vector`, with no spaces. Lexical streams find such a
 * name exactly; a vector stream can only blur it, and fused by rank it can push the definition off
 * first place. Pass it as {@link VectorStreamOptions.abstain} so a vector stream stays out of such
 * lookups (measured: `bench/src/vector-quality.ts`).
 *
 * @example
 * isIdentifierQuery('parseJSONResponse') // true
 * isIdentifierQuery('parse the json response') // false
 */
export function isIdentifierQuery(query: string): boolean {
  return IDENTIFIER.test(query.trim())
}
