/** Words Rails's inflector leaves alone in the plural. */
const UNCOUNTABLE: ReadonlySet<string> = new Set(['equipment', 'information', 'rice', 'money', 'species', 'series', 'fish', 'sheep', 'jeans', 'police'])

/** Rails's irregular plurals, as the last word of a name (`sales_person` is `sales_people`). */
const IRREGULAR: readonly (readonly [RegExp, string])[] = [
  [/(^|_)person$/, '$1people'],
  [/(^|_)man$/, '$1men'],
  [/(^|_)child$/, '$1children'],
  [/(^|_)sex$/, '$1sexes'],
  [/(^|_)move$/, '$1moves'],
  [/(^|_)zombie$/, '$1zombies'],
]

/** Rails's plural rules (`ActiveSupport::Inflector`'s defaults), the first that matches wins. */
const PLURALS: readonly (readonly [RegExp, string])[] = [
  [/(quiz)$/i, '$1zes'],
  [/^(oxen)$/i, '$1'],
  [/^(ox)$/i, '$1en'],
  [/^(m|l)ice$/i, '$1ice'],
  [/^(m|l)ouse$/i, '$1ice'],
  [/(matr|vert|ind)(?:ix|ex)$/i, '$1ices'],
  [/(x|ch|ss|sh)$/i, '$1es'],
  [/([^aeiouy]|qu)y$/i, '$1ies'],
  [/(hive)$/i, '$1s'],
  [/(?:([^f])fe|([lr])f)$/i, '$1$2ves'],
  [/sis$/i, 'ses'],
  [/([ti])a$/i, '$1a'],
  [/([ti])um$/i, '$1a'],
  [/(buffal|tomat)o$/i, '$1oes'],
  [/(bu)s$/i, '$1ses'],
  [/(alias|status)$/i, '$1es'],
  [/(octop|vir)i$/i, '$1i'],
  [/(octop|vir)us$/i, '$1i'],
  [/^(ax|test)is$/i, '$1es'],
  [/s$/i, 's'],
]

/**
 * The plural of a resource name as Rails's inflector makes it (a singular `resource :security` is
 * served by `SecuritiesController`): `transfer_match` is `transfer_matches`, `preferences` stays.
 */
export function pluralOf(name: string): string {
  // Rails matches an uncountable as a whole word, and `_` joins words into one.
  if (UNCOUNTABLE.has(name)) return name
  for (const [pattern, plural] of IRREGULAR) if (pattern.test(name)) return name.replace(pattern, plural)
  for (const [pattern, plural] of PLURALS) if (pattern.test(name)) return name.replace(pattern, plural)
  return `${name}s`
}
