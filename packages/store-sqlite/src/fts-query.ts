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

/**
 * One token of FTS5's `ascii` tokenizer as this store configures it: a run of ASCII letters,
 * digits, `_` and non-ASCII characters (all of which are token characters); every other ASCII
 * character separates.
 */
const FTS_TOKEN = /[0-9A-Z_a-z\u0080-\uffff]+/g
const ASCII_UPPER = /[A-Z]/g

/**
 * The tokens FTS5 indexes for a text: runs of {@link FTS_TOKEN}, with ASCII letters folded to
 * lower case (the `ascii` tokenizer leaves other letters alone). An analyzed term of the built-in
 * analyzers is exactly one token; a term such as `a.b` is two.
 *
 * @example
 * ftsTokens('Foo.bar_baz Ünï') // ['foo', 'bar_baz', 'Ünï']
 */
export function ftsTokens(text: string): string[] {
  const tokens = text.match(FTS_TOKEN) ?? []
  for (let i = 0; i < tokens.length; i++) tokens[i] = tokens[i]!.replace(ASCII_UPPER, (c) => c.toLowerCase())
  return tokens
}

/** How many tokens FTS5 indexes for `text` (the length of {@link ftsTokens}, without building it). */
export function countFtsTokens(text: string): number {
  let count = 0
  FTS_TOKEN.lastIndex = 0
  while (FTS_TOKEN.exec(text) !== null) count++
  return count
}
