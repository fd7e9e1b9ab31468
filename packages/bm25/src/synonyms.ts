/** Two words that stand for each other in a query, e.g. `['db', 'database']`. */
export type SynonymPair = readonly [string, string]

/**
 * The 20 synonym pairs both analyzers expand at query time, in both directions. The first 16 are
 * the seed's (SPEC §6); the seed mentions 20 pairs but lists only these, so the last 4 are ours:
 * abbreviations that code uses as often as the full word.
 *
 * @example
 * SYNONYM_PAIRS[0] // ['db', 'database']
 */
export const SYNONYM_PAIRS: readonly SynonymPair[] = freezePairs([
  ['db', 'database'],
  ['auth', 'authentication'],
  ['auth', 'authorization'],
  ['config', 'configuration'],
  ['perf', 'performance'],
  ['impl', 'implementation'],
  ['req', 'request'],
  ['res', 'response'],
  ['err', 'error'],
  ['msg', 'message'],
  ['fn', 'function'],
  ['param', 'parameter'],
  ['repo', 'repository'],
  ['env', 'environment'],
  ['async', 'asynchronous'],
  ['sync', 'synchronous'],
  // Ours (the seed does not publish its last four pairs).
  ['ctx', 'context'],
  ['dir', 'directory'],
  ['str', 'string'],
  ['init', 'initialize'],
])

function freezePairs(pairs: [string, string][]): readonly SynonymPair[] {
  for (const pair of pairs) Object.freeze(pair)
  return Object.freeze(pairs)
}

/**
 * Builds the lookup both analyzers use: each word maps to every word it is paired with, in pair
 * order. Pairs are not chained: `authentication` expands to `auth` only, not to `authorization`.
 */
export function synonymMap(pairs: readonly SynonymPair[]): ReadonlyMap<string, readonly string[]> {
  const map = new Map<string, string[]>()
  const link = (from: string, to: string): void => {
    const list = map.get(from)
    if (list === undefined) map.set(from, [to])
    else if (!list.includes(to)) list.push(to)
  }
  for (const [a, b] of pairs) {
    link(a, b)
    link(b, a)
  }
  return map
}
