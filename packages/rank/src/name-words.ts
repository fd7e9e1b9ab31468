/**
 * The words of a file's name as a query's words compare with them: `OrderItemConfiguration` is
 * `ord`, `item`, `configur`; `slugify_parameter_transformer` is `slugify`, `paramet`,
 * `transform` (stems need only agree between the query's words and the name's). Split at case changes, digits, `_`, `-` and `.`; lower case; words shorter than
 * three letters dropped; a light stem (plural `s`/`es`/`ies`, `ing`, `ed`, `er`, `ation`).
 */
export function nameWords(stem: string): string[] {
  const parts = stem
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z]+/)
    .map((part) => part.toLowerCase())
    .filter((part) => part.length >= 3)
  return [...new Set(parts.map(wordStem))]
}

/** A word's light stem: `items` `item`, `configured` and `configuration` `configur`, `paging` `pag`, `orders` `ord`. */
export function wordStem(word: string): string {
  const w = word.toLowerCase()
  for (const [suffix, replacement] of STEMS) if (w.endsWith(suffix) && w.length - suffix.length >= 3) return w.slice(0, w.length - suffix.length) + replacement
  return w
}

const STEMS: readonly (readonly [string, string])[] = [
  ['ations', ''],
  ['ation', ''],
  ['ies', 'y'],
  ['ing', ''],
  ['ers', ''],
  ['er', ''],
  ['ed', ''],
  ['es', ''],
  ['s', ''],
]
