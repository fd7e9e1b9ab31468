/**
 * FTS5 ends a string at NUL, so a NUL inside a term would leave a quoted string unterminated.
 * It is a separator for the `ascii` tokenizer anyway.
 */
const NUL = /\0/g

/** Prepares analyzed terms for the FTS5 `terms` column: one space-separated string. */
export function termsColumn(terms: readonly string[]): string {
  return terms.join(' ').replace(NUL, ' ')
}

/**
 * Builds an FTS5 MATCH expression that ORs the given query terms. Every term is written as an
 * FTS5 string (double quotes, inner quotes doubled), so no input can be read as FTS5 syntax
 * (`AND`, `NEAR`, `*`, `^`, `col:` ...) or cause a syntax error. Duplicates are dropped.
 * Returns `undefined` when no term is left, which callers treat as "no match".
 *
 * @example
 * matchExpression(['auth', 'say "hi"']) // '"auth" OR "say ""hi"""'
 */
export function matchExpression(terms: readonly string[]): string | undefined {
  const unique = new Set<string>()
  for (const term of terms) {
    const clean = term.replace(NUL, ' ').trim()
    if (clean.length > 0) unique.add(clean)
  }
  if (unique.size === 0) return undefined
  return [...unique].map((t) => `"${t.replaceAll('"', '""')}"`).join(' OR ')
}
